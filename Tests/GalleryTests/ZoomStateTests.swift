import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// Zoom and pan in the detail view through `update` alone: the crop asked for, the
/// arrows panning while zoomed, the zoom going with its picture.
@Suite struct ZoomStateTests {
  /// The showcase in the detail view of its first picture, whose size is known
  /// (1600×1200, as a decode reports it).
  static func detail() -> GalleryState {
    var state = AppFixture.state(width: 100, height: 30)
    AppFixture.press([.enter], &state)
    let metadata = ImageMetadata(format: .jpeg, originalWidth: 1600, originalHeight: 1200)
    _ = state.update(
      .pictureDescribed(
        path: "/pictures/Office/office-1.jpg", outcome: .ready(metadata: metadata, isPartial: false)
      ))
    return state
  }

  static func detailWant(_ state: GalleryState) -> ThumbnailWant? {
    state.loading.wanted.first { $0.priority == .detail }
  }

  @Test func plusZoomsAroundTheCentreAndAsksForTheCrop() {
    var state = Self.detail()
    let commands = AppFixture.press([.character("+")], &state)
    #expect(state.detail.zoom.isZoomed)
    #expect(abs(state.detail.zoom.magnification - 2.0.squareRoot()) < 1e-9)
    let crop = PictureCrop(
      magnification: state.detail.zoom.magnification, centerX: 0.5, centerY: 0.5)
    #expect(Self.detailWant(state)?.crop == crop)
    #expect(commands.contains { if case .requestThumbnails = $0 { true } else { false } })
    AppFixture.press([.character("+")], &state)
    #expect(abs(state.detail.zoom.magnification - 2) < 1e-9)
    let status = GalleryView.render(state).text.split(separator: "\n").last ?? ""
    #expect(status.contains("zoom ×2"))
    AppFixture.press([.character("-"), .character("-")], &state)
    #expect(!state.detail.zoom.isZoomed)
    #expect(Self.detailWant(state)?.crop == nil)
  }

  @Test func arrowsPanWhileZoomedAndStopAtTheEdge() {
    var state = Self.detail()
    AppFixture.press([.character("+"), .character("+")], &state)
    AppFixture.press([.right], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0), "no next picture while zoomed")
    #expect(state.detail.zoom.centerX > 0.5)
    for _ in 0..<20 { AppFixture.press([.character("l")], &state) }
    let right = state.detail.zoom.centerX
    AppFixture.press([.character("l")], &state)
    #expect(state.detail.zoom.centerX == right, "the edge holds")
    #expect(right < 1)
    AppFixture.press([.up, .up, .up, .up, .up, .up], &state)
    #expect(state.detail.zoom.centerY < 0.5)
    // 0 fits again, and the arrows go back to previous and next.
    AppFixture.press([.character("W")], &state)
    #expect(!state.detail.zoom.isZoomed)
    AppFixture.press([.right], &state)
    #expect(state.focus == ItemIndexPath(item: 1, section: 0))
  }

  @Test func equalsShowsTheActualSize() {
    var state = Self.detail()
    AppFixture.press([.character("=")], &state)
    // 1600 pixels at 8 a column is 200 columns, against the columns the fit takes.
    let box = DetailLayout(screen: state.screen).artBox ?? TileSize(columns: 1, rows: 1)
    let fit = CellFit.fitting(width: 1600, height: 1200, in: box, cellAspect: 2)
    #expect(abs(state.detail.zoom.magnification - 200 / Double(fit.columns)) < 1e-9)
  }

  @Test func theZoomGoesWithItsPicture() {
    var state = Self.detail()
    AppFixture.press([.character("+")], &state)
    AppFixture.press([.pageDown], &state)
    #expect(state.focus == ItemIndexPath(item: 1, section: 0), "page keys still turn pictures")
    #expect(!state.detail.zoom.isZoomed)
    AppFixture.press([.character("+"), .escape], &state)
    #expect(state.presentation.mode == .grid)
    #expect(!state.detail.zoom.isZoomed)
  }

  @Test func aZoomedResultIsDrawnAndTheLastOneStandsInMeanwhile() {
    var state = Self.detail()
    let box = DetailLayout(screen: state.screen).artBox ?? TileSize(columns: 1, rows: 1)
    let path = "/pictures/Office/office-1.jpg"
    func art(_ character: Character) -> ThumbnailResult {
      let cells = Array(repeating: Cell(character), count: box.columns * box.rows)
      let fit = CellFit(column: 0, row: 0, columns: box.columns, rows: box.rows)
      return .art(CellArt(size: box, fit: fit, cells: cells), metadata: nil, isPartial: false)
    }
    _ = state.update(.thumbnailReady(path: path, size: box, result: art("a")))
    AppFixture.press([.character("+")], &state)
    #expect(GalleryView.render(state).text.contains("aaaa"), "the whole picture until the part")
    _ = state.update(
      .thumbnailReady(path: path, size: box, crop: state.detail.zoom.crop, result: art("z")))
    let text = GalleryView.render(state).text
    #expect(text.contains("zzzz") && !text.contains("aaaa"))
  }
}
