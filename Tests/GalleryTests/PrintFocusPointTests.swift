import Pictures
import Testing

@testable import Gallery

/// `--print --format json` writes a picture's focus point in fractions of the picture as
/// shown, to four places, its area null when the camera gave a point alone.
@Suite struct PrintFocusPointTests {
  @Test func aPointWithItsArea() throws {
    let point = try #require(
      FocusPoint(x: 2013.0 / 4032, y: 0.75, area: FocusPoint.Area(width: 0.1, height: 1.0 / 3)))
    let json = GalleryPrinter.detailsJSON(PictureDetails(focusPoint: point))
    #expect(
      json.hasSuffix(
        ", \"focusPoint\": {\"x\": 0.4993, \"y\": 0.75, \"width\": 0.1, \"height\": 0.3333}"),
      "\(json)")
  }

  @Test func aPointAloneAndNone() throws {
    let point = try #require(FocusPoint(x: 0, y: 1))
    #expect(
      GalleryPrinter.focusJSON(point)
        == "{\"x\": 0, \"y\": 1, \"width\": null, \"height\": null}")
    #expect(GalleryPrinter.detailsJSON(PictureDetails()).hasSuffix(", \"focusPoint\": null"))
    #expect(GalleryPrinter.detailsJSON(nil).hasSuffix(", \"focusPoint\": null"))
  }
}
