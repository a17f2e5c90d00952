import Testing

@testable import Pictures

/// Where a picture keeps its own culling fields, found in the head of its file.
@Suite struct EmbeddedCullingTests {
  typealias F = OrientationFixtures

  /// A JPEG whose XMP segment follows `padding` bytes of another APP segment.
  static func jpeg(padding: Int) -> [UInt8] {
    var bytes = OrientationXMPTests.jpeg(exif: 1, xmp: OrientationXMPTests.element)
    bytes.insert(contentsOf: F.segment(0xE2, [UInt8](repeating: 7, count: padding)), at: 2)
    return bytes
  }

  @Test func aJPEGsPacketIsFoundAndAHeadCutBeforeItSaysSo() {
    let whole = Self.jpeg(padding: 60_000)
    let found = EmbeddedCulling(head: whole, fileSize: whole.count)
    let packet = found.xmp.map { String(decoding: whole[$0], as: UTF8.self) }
    #expect(packet?.contains("x:xmpmeta") == true)
    #expect(!found.isCut)
    let cut = EmbeddedCulling(head: Array(whole.prefix(30_000)), fileSize: whole.count)
    #expect(cut.xmp == nil)
    #expect(cut.isCut)
  }

  @Test(arguments: [
    (0, 0), (1, 1), (12, 1), (13, 2), (25, 2), (37, 2), (38, 3), (50, 3), (62, 3), (63, 4),
    (75, 4), (87, 4), (88, 5), (99, 5), (100, 5),
  ])
  func ratingPercentGivesStarsAsWindowsMapsThem(percent: Int, stars: Int) {
    var found = EmbeddedCulling(head: [], fileSize: 0)
    found.exifRatingPercent = percent
    #expect(found.exifStars == StarRating(clamping: stars))
    found.exifRating = 0
    #expect(found.exifStars == .unrated, "Rating wins over RatingPercent")
  }

  @Test func ratingsOutsideTheirRangeGiveNoStars() {
    var found = EmbeddedCulling(head: [], fileSize: 0)
    found.exifRating = 65_535
    found.exifRatingPercent = 101
    #expect(found.exifStars == nil)
  }
}
