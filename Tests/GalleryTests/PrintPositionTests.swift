import Pictures
import Testing

@testable import Gallery

/// `--print --format json` writes a picture's place as its file holds it, without the
/// float error of summing degrees, minutes and seconds.
@Suite struct PrintPositionTests {
  /// 9°8'21.48" W as a file's rationals add up: 9.139299999999999 in a `Double`.
  static let lisbon = 9 + 8.0 / 60 + 21.48 / 3600

  @Test func aPositionPrintsWithoutItsFloatTail() throws {
    #expect("\(Self.lisbon)" != "9.1393", "the sum has a tail to lose")
    let position = try #require(GPSPosition(latitude: 38.7223, longitude: -Self.lisbon))
    let json = GalleryPrinter.detailsJSON(PictureDetails(position: position))
    #expect(
      json.contains(
        "\"position\": {\"latitude\": 38.7223, \"longitude\": -9.1393, \"altitude\": null}"),
      "\(json)")
  }

  @Test(arguments: [
    (35.681236, "35.681236"), (-22.95192, "-22.95192"), (0, "0"), (-0.0, "0"),
    (180, "180"), (-90, "-90"), (0.00000004, "0"), (-0.00000004, "0"),
    (12.34567891, "12.3456789"), (-9.13930004, "-9.1393"),
  ])
  func coordinatesHaveSevenPlacesAtMost(degrees: Double, text: String) {
    #expect(GalleryPrinter.coordinate(degrees) == text)
  }

  @Test func whatJSONCannotWriteIsNull() {
    #expect(GalleryPrinter.coordinate(.nan) == "null")
    #expect(GalleryPrinter.coordinate(.infinity) == "null")
  }
}
