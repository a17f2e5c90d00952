import Pictures
import Testing

/// The histogram and clipping of 8-bit pixels, and the clipping overlay.
@Suite struct ToneAnalysisTests {
  /// RGBA pixels of the given colours, one row.
  private func row(_ colours: [(UInt8, UInt8, UInt8)]) -> ([UInt8], PixelRows) {
    let bytes: [UInt8] = colours.flatMap { [$0.0, $0.1, $0.2, 255] }
    return (bytes, PixelRows.rgba(width: colours.count, height: 1)!)
  }

  @Test func binsCountEachChannelAndTheLuma() throws {
    let (bytes, rows) = row([(255, 0, 0), (0, 255, 0), (0, 0, 255), (128, 128, 128)])
    let tones = try #require(ToneAnalysis.measure(bytes, rows))
    let histogram = tones.histogram
    #expect(histogram.source == .decoded)
    #expect(histogram.red[255] == 1 && histogram.red[0] == 2 && histogram.red[128] == 1)
    #expect(histogram.green[255] == 1 && histogram.green[0] == 2)
    #expect(histogram.blue[255] == 1 && histogram.blue[0] == 2)
    // Rec. 709 in 256ths: 54, 183 and 19 of 255, rounded; grey stays grey.
    #expect(histogram.luminance[54] == 1)
    #expect(histogram.luminance[182] == 1)
    #expect(histogram.luminance[19] == 1)
    #expect(histogram.luminance[128] == 1)
    #expect(histogram.pixelCount == 4)
    for channel in ToneHistogram.Channel.allCases {
      #expect(histogram.counts(of: channel).reduce(0, +) == 4)
    }
  }

  @Test func clippingCountsAnyChannelAtTheTopAndAllChannelsAtTheBottom() throws {
    let (bytes, rows) = row([
      (255, 10, 10), (254, 254, 254), (2, 2, 2), (2, 3, 2), (0, 0, 0), (100, 100, 100),
      (10, 10, 255), (1, 0, 2),
    ])
    let clipping = try #require(ToneAnalysis.measure(bytes, rows)).clipping
    #expect(clipping.highlightPixels == 2)
    #expect(clipping.shadowPixels == 3)
    #expect(clipping.pixelCount == 8)
    #expect(clipping.highlights == 0.25)
    #expect(clipping.shadows == 0.375)
  }

  @Test func rowsWithPaddingAndRGBAreRead() throws {
    // Two rows of two RGB pixels, each row padded to 8 bytes.
    let bytes: [UInt8] = [255, 255, 255, 0, 0, 0, 9, 9, 10, 20, 30, 40, 50, 60, 7, 7]
    let rows = try #require(PixelRows(width: 2, height: 2, bytesPerRow: 8, bytesPerPixel: 3))
    let tones = try #require(ToneAnalysis.measure(bytes, rows))
    #expect(tones.histogram.red == bins([255: 1, 0: 1, 10: 1, 40: 1]))
    #expect(tones.clipping == Clipping(highlightPixels: 1, shadowPixels: 1, pixelCount: 4))
  }

  @Test func aShortBufferOrAFalseLayoutIsRefused() {
    #expect(PixelRows(width: 0, height: 1, bytesPerRow: 4, bytesPerPixel: 4) == nil)
    #expect(PixelRows(width: 2, height: 1, bytesPerRow: 7, bytesPerPixel: 4) == nil)
    #expect(PixelRows(width: 2, height: 1, bytesPerRow: 8, bytesPerPixel: 2) == nil)
    let rows = PixelRows.rgba(width: 4, height: 4)!
    #expect(ToneAnalysis.measure([UInt8](repeating: 0, count: 63), rows) == nil)
    var short = [UInt8](repeating: 0, count: 63)
    #expect(ClippingOverlay.paint(&short, rows) == nil)
    #expect(short.allSatisfy { $0 == 0 })
  }

  @Test func columnsFoldTheBinsByMaximumOrSum() {
    var luminance = [UInt32](repeating: 0, count: 256)
    for index in 0..<256 { luminance[index] = UInt32(index) }
    let histogram = ToneHistogram(
      luminance: luminance, red: [], green: [], blue: [], source: .decoded)
    #expect(histogram.columns(4, of: .luminance) == [63, 127, 191, 255])
    #expect(
      histogram.columns(2, of: .luminance, combining: .sum)
        == [UInt32((0..<128).reduce(0, +)), UInt32((128..<256).reduce(0, +))])
    #expect(histogram.columns(256, of: .luminance) == luminance)
    #expect(histogram.columns(1000, of: .luminance).count == 256)
    #expect(histogram.columns(0, of: .red) == [0])
    // Uneven columns: every bin lands in exactly one.
    #expect(histogram.columns(3, of: .luminance, combining: .sum).reduce(0, +) == 32640)
  }

  @Test func theOverlayPaintsHighlightsRedAndShadowsBlueAndKeepsTheRest() throws {
    var (bytes, rows) = row([(255, 200, 10), (1, 2, 0), (120, 60, 30), (0, 0, 3)])
    bytes[7] = 17  // the alpha of the shadow pixel is kept
    #expect(ClippingOverlay.paint(&bytes, rows) == 2)
    #expect(Array(bytes[0..<4]) == [255, 0, 0, 255])
    #expect(Array(bytes[4..<8]) == [0, 0, 250, 17])
    #expect(Array(bytes[8..<12]) == [120, 60, 30, 255])
    #expect(Array(bytes[12..<16]) == [0, 0, 3, 255])
    let once = bytes
    ClippingOverlay.paint(&bytes, rows)
    #expect(bytes == once)
  }

  private func bins(_ counts: [Int: UInt32]) -> [UInt32] {
    (0..<256).map { counts[$0] ?? 0 }
  }
}
