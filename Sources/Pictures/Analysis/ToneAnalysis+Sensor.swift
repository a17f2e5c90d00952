import FoundationEssentials

import func Glibc.pow

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
    let layout = SensorBlocks(mosaic, rowStride: rowStride)
    let range = layout.curve.count - 1
    let blocksAcross = width / side
    let blocksDown = height / side
    let perBlock = side * side
    if let block = BayerBlock(mosaic, rowStride: rowStride, layout: layout) {
      let counted = layout.curve.withUnsafeBufferPointer {
        measureBayer(
          base, blocksAcross: blocksAcross, blocksDown: blocksDown, rowStride: rowStride,
          block: block, curve: $0)
      }
      return (
        ToneHistogram(bins: counted.bins, source: .sensor),
        Clipping(
          highlightPixels: counted.highlights, shadowPixels: counted.shadows,
          pixelCount: blocksAcross * blocksDown)
      )
    }
    var highlights = 0
    var shadows = 0
    // The bins as one block of memory, four histograms of 256: the array of each
    // histogram would be checked for sharing at every count.
    var bins = [UInt32](repeating: 0, count: 1024)
    bins.withUnsafeMutableBufferPointer { bins in
      layout.sites.withUnsafeBufferPointer { sites in
        layout.reciprocals.withUnsafeBufferPointer { reciprocals in
          layout.curve.withUnsafeBufferPointer { curve in
            for blockRow in 0..<blocksDown {
              let phaseRow = (blockRow % layout.phaseRows) * layout.phaseColumns
              let top = base + blockRow * side * rowStride
              for blockColumn in 0..<blocksAcross {
                let phase = phaseRow + blockColumn % layout.phaseColumns
                let origin = top + blockColumn * side
                // Branch-free: photosites are many, and their tests go either way.
                var sums: (Int, Int, Int) = (0, 0, 0)
                var clipped = false
                var signals = 0
                var at = phase &* perBlock
                let end = at &+ perBlock
                while at < end {
                  let site = sites[at]
                  at &+= 1
                  let value = origin[site.offset]
                  clipped = clipped || value >= site.clip
                  let signal = max(0, Int(value) &- site.black)
                  signals |= signal
                  sums.0 &+= signal & site.masks.0
                  sums.1 &+= signal & site.masks.1
                  sums.2 &+= signal & site.masks.2
                }
                let aboveBlack = signals != 0
                let reciprocal = reciprocals[phase]
                let red = min(range, (sums.0 &* reciprocal.0) >> 16)
                let green = min(range, (sums.1 &* reciprocal.1) >> 16)
                let blue = min(range, (sums.2 &* reciprocal.2) >> 16)
                let luma = min(range, (54 &* red &+ 183 &* green &+ 19 &* blue &+ 128) >> 8)
                bins[Int(curve[luma])] &+= 1
                bins[256 &+ Int(curve[red])] &+= 1
                bins[512 &+ Int(curve[green])] &+= 1
                bins[768 &+ Int(curve[blue])] &+= 1
                if clipped { highlights &+= 1 }
                if !aboveBlack { shadows &+= 1 }
              }
            }
          }
        }
      }
    }
    let histogram = ToneHistogram(bins: bins, source: .sensor)
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

/// A mosaic laid out for counting blocks of rows `rowStride` values apart: the photosites of a block at each place of the
/// pattern, and the curve from linear signal to 8-bit bins.
struct SensorBlocks {
  /// One photosite of a block.
  struct Site {
    /// Its place from the block's top-left photosite, in values.
    let offset: Int
    /// Its black level.
    let black: Int
    /// At or above this the photosite is clipped.
    let clip: UInt16
    /// All ones for its colour, zeros for the others: red, green, blue.
    let masks: (Int, Int, Int)
  }

  /// Blocks starting at different places of the pattern, across and down.
  let phaseRows: Int
  let phaseColumns: Int
  /// The photosites of the block at each place (`phaseRows * phaseColumns` places, row by
  /// row), `blockSide` squared a place.
  let sites: [Site]
  /// For each place, 65,536 over how many photosites of each colour its block has: a mean
  /// is a sum times this, shifted 16 bits down.
  let reciprocals: [(Int, Int, Int)]
  /// Bin of each signal level 0…(white less the mean black): the sRGB curve on 0…255.
  let curve: [UInt8]

  init(_ mosaic: SensorMosaic, rowStride: Int) {
    let side = mosaic.blockSide
    phaseRows = SensorMosaic.lcm(mosaic.rows, side) / side
    phaseColumns = SensorMosaic.lcm(mosaic.columns, side) / side
    var sites: [Site] = []
    var reciprocals: [(Int, Int, Int)] = []
    for phaseRow in 0..<phaseRows {
      for phaseColumn in 0..<phaseColumns {
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
                offset: dy * rowStride + dx, black: Int(black), clip: UInt16(clip.rounded(.up)),
                masks: (channel == 0 ? -1 : 0, channel == 1 ? -1 : 0, channel == 2 ? -1 : 0)))
          }
        }
        func reciprocal(_ count: Int) -> Int { count > 0 ? (65536 + count - 1) / count : 0 }
        reciprocals.append(
          (reciprocal(counts[0]), reciprocal(counts[1]), reciprocal(counts[2])))
      }
    }
    self.sites = sites
    self.reciprocals = reciprocals
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
