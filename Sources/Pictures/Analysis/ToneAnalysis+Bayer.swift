/// A Bayer mosaic's 2×2 block as the sensor analysis counts it: where its red, greens and
/// blue sit, with each photosite's black level and clipping level.
///
/// Nearly every camera has one, and a block of fixed places can be counted without the
/// general layout's table of photosites: about five times fewer memory reads a block.
struct BayerBlock {
  /// The places of red, the two greens and blue in the block, in values from its
  /// top-left photosite.
  let red: Int
  let greens: (Int, Int)
  let blue: Int
  /// The black level at each place, in the order red, green, green, blue.
  let blacks: (Int, Int, Int, Int)
  /// At or above these the photosite is clipped, in the same order.
  let clips: (UInt16, UInt16, UInt16, UInt16)

  /// The block of `mosaic` with rows `rowStride` values apart, or nil when the mosaic is
  /// not one 2×2 pattern of one red, two greens and one blue.
  init?(_ mosaic: SensorMosaic, rowStride: Int, layout: SensorBlocks) {
    guard mosaic.rows == 2, mosaic.columns == 2, mosaic.blockSide == 2,
      layout.phaseRows == 1, layout.phaseColumns == 1, layout.sites.count == 4
    else { return nil }
    let sites = layout.sites
    let reds = sites.filter { $0.masks.0 != 0 }
    let greens = sites.filter { $0.masks.1 != 0 }
    let blues = sites.filter { $0.masks.2 != 0 }
    guard reds.count == 1, greens.count == 2, blues.count == 1 else { return nil }
    red = reds[0].offset
    self.greens = (greens[0].offset, greens[1].offset)
    blue = blues[0].offset
    blacks = (reds[0].black, greens[0].black, greens[1].black, blues[0].black)
    clips = (reds[0].clip, greens[0].clip, greens[1].clip, blues[0].clip)
  }
}

extension ToneAnalysis {
  /// `measure(sensor:…)` for a Bayer mosaic: the same figures, bin for bin, counted with
  /// the block's places fixed. The caller has checked the sizes against `values`.
  static func measureBayer(
    _ base: UnsafePointer<UInt16>, blocksAcross: Int, blocksDown: Int, rowStride: Int,
    block: BayerBlock, curve: UnsafeBufferPointer<UInt8>
  ) -> (bins: [UInt32], highlights: Int, shadows: Int) {
    let range = curve.count - 1
    var highlights = 0
    var shadows = 0
    var bins = [UInt32](repeating: 0, count: 1024)
    let (redAt, blueAt) = (block.red, block.blue)
    let (greenAt, otherGreenAt) = block.greens
    let (redBlack, greenBlack, otherGreenBlack, blueBlack) = block.blacks
    let (redClip, greenClip, otherGreenClip, blueClip) = block.clips
    bins.withUnsafeMutableBufferPointer { bins in
      for blockRow in 0..<blocksDown {
        var origin = base + blockRow &* 2 &* rowStride
        for _ in 0..<blocksAcross {
          let redValue = origin[redAt]
          let greenValue = origin[greenAt]
          let otherGreenValue = origin[otherGreenAt]
          let blueValue = origin[blueAt]
          origin += 2
          let redSignal = max(0, Int(redValue) &- redBlack)
          let greenSignal = max(0, Int(greenValue) &- greenBlack)
          let otherGreenSignal = max(0, Int(otherGreenValue) &- otherGreenBlack)
          let blueSignal = max(0, Int(blueValue) &- blueBlack)
          let red = min(range, redSignal)
          let green = min(range, (greenSignal &+ otherGreenSignal) >> 1)
          let blue = min(range, blueSignal)
          let luma = min(range, (54 &* red &+ 183 &* green &+ 19 &* blue &+ 128) >> 8)
          bins[Int(curve[luma])] &+= 1
          bins[256 &+ Int(curve[red])] &+= 1
          bins[512 &+ Int(curve[green])] &+= 1
          bins[768 &+ Int(curve[blue])] &+= 1
          let clipped =
            (redValue >= redClip) || (greenValue >= greenClip)
            || (otherGreenValue >= otherGreenClip) || (blueValue >= blueClip)
          highlights &+= clipped ? 1 : 0
          shadows &+= (redSignal | greenSignal | otherGreenSignal | blueSignal) == 0 ? 1 : 0
        }
      }
    }
    return (bins, highlights, shadows)
  }
}
