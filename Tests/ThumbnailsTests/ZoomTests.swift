import Foundation
import Testing

@testable import TerminalKit
@testable import Thumbnails

/// Zoomed pictures: the crop's window, and cell art of the part shown.
@Suite struct ZoomTests {
  @Test func theWindowShowsTheMiddleAndStaysInsideThePicture() {
    // A picture fitted to 40×20 of an 80×20 box, twice as large: 80×40, of which the box
    // shows 80 columns (the whole width) and 20 rows (half the height).
    let crop = PictureCrop(magnification: 2)
    let window = crop.window(fittedWidth: 40, fittedHeight: 20, boxWidth: 80, boxHeight: 20)
    #expect(window.sourceX == 0 && window.sourceWidth == 1)
    #expect(window.sourceY == 0.25 && window.sourceHeight == 0.5)
    #expect(window.x == 0 && window.width == 80 && window.y == 0 && window.height == 20)
    // Past the bottom edge: kept inside.
    let low = PictureCrop(magnification: 2, centerY: 0.95)
    let kept = low.window(fittedWidth: 40, fittedHeight: 20, boxWidth: 80, boxHeight: 20)
    #expect(kept.sourceY == 0.5 && kept.sourceHeight == 0.5)
    #expect(
      low.clamped(fittedWidth: 40, fittedHeight: 20, boxWidth: 80, boxHeight: 20).centerY
        == 0.75)
  }

  @Test func aSmallMagnifiedPictureIsCentredInTheBox() {
    let crop = PictureCrop(magnification: 1.5, centerX: 0.1)
    let window = crop.window(fittedWidth: 20, fittedHeight: 10, boxWidth: 80, boxHeight: 20)
    #expect(window.width == 30 && window.x == 25, "30 of 80 columns, centred")
    #expect(window.sourceX == 0 && window.sourceWidth == 1, "the whole width shows")
  }

  @Test func aCropIsRenderedFromAZoomedDecodeIntoTheWholeBox() throws {
    let folder = Fixtures.makeFolder()
    // Four quadrants of different colours: zoomed on the top-left, only its colour shows.
    let path = Fixtures.write(
      Fixtures.png(Fixtures.quadrants(width: 400, height: 200), kind: .rgb), "q.png",
      in: folder)
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(diskCache: ThumbnailDiskCache(isEnabled: false))
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let box = TileSize(columns: 80, rows: 10)
    let whole = try #require(
      pipeline.produce(ThumbnailRequest(path: path, size: box), isCancelled: { false }))
    let zoomed = try #require(
      pipeline.produce(
        ThumbnailRequest(
          path: path, size: box,
          crop: PictureCrop(magnification: 4, centerX: 0.2, centerY: 0.2)),
        isCancelled: { false }))
    guard case .art(let fitted, _, _) = whole, case .art(let part, _, _) = zoomed else {
      Issue.record("no art")
      return
    }
    #expect(part.size == box)
    #expect(part.fit.columns > fitted.fit.columns, "the zoomed part covers more of the box")
    let colors = Set(part.cells.filter { $0.character != " " }.map(\.style.foreground))
    let wholeColors = Set(fitted.cells.map(\.style.foreground))
    #expect(colors.count < wholeColors.count, "one quadrant's colour, not four: \(colors)")
    // Cached by its crop: the same request answers from memory.
    let again = ThumbnailRequest(
      path: path, size: box, crop: PictureCrop(magnification: 4, centerX: 0.2, centerY: 0.2))
    pipeline.request(again, priority: 1)
    #expect(pipeline.cachedResult(for: again) != nil)
  }
}
