import Foundation

extension ToneAnalysis {
  /// The histogram (`.sensor`) and clipping of a camera's sensor data: `width`×`height`
  /// photosites in `values`, rows `rowStride` values apart, under `mosaic`.
  ///
  /// One pixel is one `mosaic.blockSide`-square block (blocks cut by the right or bottom
  /// edge are left out); its channels are the means of its photosites of each colour less
  /// their black level, on the 8-bit scale through the sRGB curve (see `ToneHistogram`).
  /// A block's highlights are clipped when any photosite is within `Clipping.sensorMargin`
  /// of the white level, its shadows when every photosite is at or under its black level.
  /// Nil when `values` is shorter than the layout reaches or the layout is not one.
  /// O(photosites); a table of the white level's size.
  package static func measure(
    sensor values: UnsafeBufferPointer<UInt16>, width: Int, height: Int, rowStride: Int,
    mosaic: SensorMosaic
  ) -> (histogram: ToneHistogram, clipping: Clipping)? {
    let side = mosaic.blockSide
    guard width >= side, height >= side, rowStride >= width, height <= Int.max / rowStride,
      values.count >= (height - 1) * rowStride + width, let base = values.baseAddress
    else { return nil }
    let layout = SensorBlocks(mosaic)
    let curve = layout.curve
    let range = curve.count - 1
    var histogram = ToneHistogram(source: .sensor)
    var highlights = 0
    var shadows = 0
    let blocksAcross = width / side
    let blocksDown = height / side
    layout.phases.withUnsafeBufferPointer { phases in
      curve.withUnsafeBufferPointer { curve in
        for blockRow in 0..<blocksDown {
          let phaseRow = blockRow % layout.phaseRows
          let top = base + blockRow * side * rowStride
          for blockColumn in 0..<blocksAcross {
            let phase = phases[phaseRow * layout.phaseColumns + blockColumn % layout.phaseColumns]
            let origin = top + blockColumn * side
            var sums: (Int, Int, Int) = (0, 0, 0)
            var clipped = false
            var aboveBlack = false
            phase.sites.withUnsafeBufferPointer { sites in
              for site in sites {
                let value = origin[site.offset(rowStride)]
                if value >= site.clip { clipped = true }
                if value > site.black {
                  aboveBlack = true
                  let signal = Int(value &- site.black)
                  switch site.channel {
                  case 0: sums.0 &+= signal
                  case 1: sums.1 &+= signal
                  default: sums.2 &+= signal
                  }
                }
              }
            }
            let red = min(range, (sums.0 &* phase.reciprocals.0) >> 16)
            let green = min(range, (sums.1 &* phase.reciprocals.1) >> 16)
            let blue = min(range, (sums.2 &* phase.reciprocals.2) >> 16)
            let luma = min(range, (54 &* red &+ 183 &* green &+ 19 &* blue &+ 128) >> 8)
            histogram.count(
              luminance: Int(curve[luma]), red: Int(curve[red]), green: Int(curve[green]),
              blue: Int(curve[blue]))
            if clipped { highlights &+= 1 }
            if !aboveBlack { shadows &+= 1 }
          }
        }
      }
    }
    let clipping = Clipping(
      highlightPixels: highlights, shadowPixels: shadows, pixelCount: blocksAcross * blocksDown)
    return (histogram, clipping)
  }

  /// `measure(sensor:…)` of values in an array.
  package static func measure(
    sensor values: [UInt16], width: Int, height: Int, rowStride: Int, mosaic: SensorMosaic
  ) -> (histogram: ToneHistogram, clipping: Clipping)? {
    values.withUnsafeBufferPointer {
      measure(sensor: $0, width: width, height: height, rowStride: rowStride, mosaic: mosaic)
    }
  }
}

/// A mosaic laid out for counting blocks: the photosites of a block at each place of the
/// pattern, and the curve from linear signal to 8-bit bins.
struct SensorBlocks {
  /// One photosite of a block.
  struct Site {
    let row: Int
    let column: Int
    let channel: UInt8
    let black: UInt16
    /// At or above this the photosite is clipped.
    let clip: UInt16

    @inline(__always) func offset(_ rowStride: Int) -> Int { row &* rowStride &+ column }
  }

  /// The block at one place of the pattern: its photosites, and 65,536 over how many of
  /// each colour it has (a mean is a sum times this, shifted 16 bits down).
  struct Phase {
    let sites: [Site]
    let reciprocals: (Int, Int, Int)
  }

  /// Blocks starting at different places of the pattern, across and down.
  let phaseRows: Int
  let phaseColumns: Int
  /// `phaseRows * phaseColumns`, row by row.
  let phases: [Phase]
  /// Bin of each signal level 0…(white less the mean black): the sRGB curve on 0…255.
  let curve: [UInt8]

  init(_ mosaic: SensorMosaic) {
    let side = mosaic.blockSide
    phaseRows = SensorMosaic.lcm(mosaic.rows, side) / side
    phaseColumns = SensorMosaic.lcm(mosaic.columns, side) / side
    var phases: [Phase] = []
    for phaseRow in 0..<phaseRows {
      for phaseColumn in 0..<phaseColumns {
        var sites: [Site] = []
        var counts = [0, 0, 0]
        for dy in 0..<side {
          for dx in 0..<side {
            let cell =
              ((phaseRow * side + dy) % mosaic.rows) * mosaic.columns
              + (phaseColumn * side + dx) % mosaic.columns
            let black = mosaic.blackLevels[cell]
            let span = Double(mosaic.whiteLevel - black)
            let clip = Double(black) + span * (1 - Clipping.sensorMargin)
            let channel = mosaic.channels[cell].rawValue
            counts[Int(channel)] += 1
            sites.append(
              Site(
                row: dy, column: dx, channel: channel, black: black,
                clip: UInt16(clip.rounded(.up))))
          }
        }
        func reciprocal(_ count: Int) -> Int { count > 0 ? (65536 + count - 1) / count : 0 }
        phases.append(
          Phase(
            sites: sites,
            reciprocals: (reciprocal(counts[0]), reciprocal(counts[1]), reciprocal(counts[2]))))
      }
    }
    self.phases = phases
    let meanBlack =
      mosaic.blackLevels.reduce(0) { $0 + Int($1) } / max(1, mosaic.blackLevels.count)
    let range = max(1, Int(mosaic.whiteLevel) - meanBlack)
    curve = (0...range).map { level in
      let linear = Double(level) / Double(range)
      let encoded =
        linear <= 0.003_130_8 ? 12.92 * linear : 1.055 * pow(linear, 1 / 2.4) - 0.055
      return UInt8(max(0, min(255, (encoded * 255).rounded())))
    }
  }
}
