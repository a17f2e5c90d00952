import Pictures
import TestSupport
import Testing

/// The histogram and clipping of a sensor's mosaic.
@Suite struct SensorAnalysisTests {
  private let rggb = SensorMosaic.bayer([.red, .green, .green, .blue], black: 100, white: 1100)!

  /// A mosaic of `blocks` 2×2 RGGB blocks in one row, each given as (R, G1, G2, B).
  private func sensor(_ blocks: [(UInt16, UInt16, UInt16, UInt16)], stride extra: Int = 0)
    -> (values: [UInt16], width: Int, stride: Int)
  {
    let width = blocks.count * 2
    let stride = width + extra
    var values = [UInt16](repeating: 7, count: stride * 2)
    for (index, block) in blocks.enumerated() {
      values[index * 2] = block.0
      values[index * 2 + 1] = block.1
      values[stride + index * 2] = block.2
      values[stride + index * 2 + 1] = block.3
    }
    return (values, width, stride)
  }

  @Test func aBlockIsOnePixelItsChannelsMeansThroughTheCurve() throws {
    let (values, width, stride) = sensor(
      [(1100, 100, 100, 100), (100, 600, 1100, 100), (90, 80, 100, 50), (1100, 1100, 1100, 1100)],
      stride: 3)
    let tones = try #require(
      ToneAnalysis.measure(
        sensor: values, width: width, height: 2, rowStride: stride, mosaic: rggb))
    let histogram = tones.histogram
    #expect(histogram.source == .sensor)
    #expect(histogram.pixelCount == 4)
    #expect(histogram.red[255] == 2 && histogram.red[0] == 2)
    // Greens 500 and 1000 over black, a mean of 750 of 1000: the sRGB curve puts 0.75 at 225.
    #expect(histogram.green[225] == 1)
    #expect(histogram.green[0] == 2 && histogram.green[255] == 1)
    #expect(histogram.blue[0] == 3 && histogram.blue[255] == 1)
    #expect(tones.clipping.highlightPixels == 3)
    #expect(tones.clipping.shadowPixels == 1)
    #expect(tones.clipping.highlights == 0.75)
  }

  @Test func theMarginUnderTheWhiteLevelCountsAsClipped() throws {
    // 1 % of 1000 under 1100: 1090 and above are clipped.
    let (values, width, stride) = sensor([(1090, 200, 200, 200), (1089, 200, 200, 200)])
    let clipping = try #require(
      ToneAnalysis.measure(sensor: values, width: width, height: 2, rowStride: stride, mosaic: rggb)
    ).clipping
    #expect(clipping.highlightPixels == 1)
  }

  @Test func blackLevelsAreTakenPerPhotosite() throws {
    let mosaic = try #require(
      SensorMosaic(
        rows: 2, columns: 2, channels: [.blue, .green, .green, .red],
        blackLevels: [10, 20, 30, 40], whiteLevel: 4000))
    let values: [UInt16] = [10, 20, 30, 40]
    let tones = try #require(
      ToneAnalysis.measure(sensor: values, width: 2, height: 2, rowStride: 2, mosaic: mosaic))
    #expect(tones.clipping.shadowPixels == 1)
    #expect(tones.histogram.luminance[0] == 1)
  }

  @Test func xTransTakesThreeByThreeBlocks() throws {
    // Fujifilm's X-Trans: every 3×3 quarter of its 6×6 holds all three colours.
    let pattern: [SensorMosaic.Channel] = [
      .green, .green, .red, .green, .green, .blue,
      .green, .green, .blue, .green, .green, .red,
      .blue, .red, .green, .red, .blue, .green,
      .green, .green, .blue, .green, .green, .red,
      .green, .green, .red, .green, .green, .blue,
      .red, .blue, .green, .blue, .red, .green,
    ]
    let mosaic = try #require(
      SensorMosaic(
        rows: 6, columns: 6, channels: pattern,
        blackLevels: Array(repeating: 0, count: 36), whiteLevel: 1000))
    #expect(mosaic.blockSide == 3)
    let values = [UInt16](repeating: 1000, count: 7 * 7)
    let tones = try #require(
      ToneAnalysis.measure(sensor: values, width: 7, height: 7, rowStride: 7, mosaic: mosaic))
    // 7×7 photosites hold 2×2 whole blocks; the cut ones are left out.
    #expect(tones.histogram.pixelCount == 4)
    #expect(tones.histogram.red[255] == 4 && tones.histogram.luminance[255] == 4)
    #expect(tones.clipping.highlights == 1)
  }

  /// A Bayer mosaic is counted by its own loop: it gives what the general one gives for
  /// the same pattern described as 4×4 (which the Bayer loop does not take), bin for bin.
  @Test(arguments: [
    [SensorMosaic.Channel.red, .green, .green, .blue], [.green, .red, .blue, .green],
    [.blue, .green, .green, .red], [.green, .blue, .red, .green],
  ])
  func aBayerMosaicCountsAsTheGeneralLayoutDoes(pattern: [SensorMosaic.Channel]) throws {
    let blacks: [UInt16] = [60, 64, 62, 58]
    let bayer = try #require(
      SensorMosaic(
        rows: 2, columns: 2, channels: pattern, blackLevels: blacks, whiteLevel: 4000))
    let cell = { (row: Int, column: Int) in (row % 2) * 2 + column % 2 }
    let tiled = try #require(
      SensorMosaic(
        rows: 4, columns: 4,
        channels: (0..<16).map { pattern[cell($0 / 4, $0 % 4)] },
        blackLevels: (0..<16).map { blacks[cell($0 / 4, $0 % 4)] }, whiteLevel: 4000))
    // Odd sizes and a longer row: the cut blocks and the stride are left out alike.
    let (width, height, stride) = (61, 37, 66)
    var random = SplitMix64(seed: 61)
    let values = (0..<(stride * height)).map { index -> UInt16 in
      // A dark corner under black; elsewhere some under black, some clipped, some above
      // white, the rest anywhere.
      if index / stride < 8, index % stride < 8 { return 30 }
      let roll = random.next() % 10
      return roll == 0 ? 40 : roll == 1 ? 3990 : roll == 2 ? 4095 : UInt16(random.next() % 4001)
    }
    let counted = try #require(
      ToneAnalysis.measure(
        sensor: values, width: width, height: height, rowStride: stride, mosaic: bayer))
    let general = try #require(
      ToneAnalysis.measure(
        sensor: values, width: width, height: height, rowStride: stride, mosaic: tiled))
    #expect(counted.histogram == general.histogram)
    #expect(counted.clipping == general.clipping)
    #expect(counted.clipping.highlightPixels > 0 && counted.clipping.shadowPixels > 0)
  }

  @Test func falseMosaicsAndShortDataAreRefused() {
    #expect(SensorMosaic.bayer([.red, .green, .green, .green], black: 0, white: 100) == nil)
    #expect(SensorMosaic.bayer([.red, .green, .green, .blue], black: 100, white: 100) == nil)
    #expect(
      SensorMosaic(rows: 0, columns: 2, channels: [], blackLevels: [], whiteLevel: 9) == nil)
    #expect(
      ToneAnalysis.measure(
        sensor: [UInt16](repeating: 0, count: 7), width: 4, height: 2, rowStride: 4,
        mosaic: rggb) == nil)
    #expect(
      ToneAnalysis.measure(
        sensor: [UInt16](repeating: 0, count: 8), width: 4, height: 2, rowStride: 3,
        mosaic: rggb) == nil)
    #expect(
      ToneAnalysis.measure(sensor: [0], width: 1, height: 1, rowStride: 1, mosaic: rggb) == nil)
  }
}
