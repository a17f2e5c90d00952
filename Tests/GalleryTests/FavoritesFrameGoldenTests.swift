import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// The list view, a favourite's mat and heart, a folded section and the detail view's
/// button, as golden text and style masks (`GALLERY_RECORD=1` re-records).
@Suite struct FavoritesFrameGoldenTests {
  /// The app's legend plus the styles of favourites and the list.
  static let legend: [Style: Character] = FrameGoldenTests.legend.merging([
    Style(background: Theme.dark.favoriteBackground): "m",
    Style(
      foreground: Theme.dark.favoriteMark.foreground, background: Theme.dark.favoriteBackground,
      attributes: [.bold]): "h",
    Style(foreground: .brightWhite, attributes: [.bold]): "H",
    Style(foreground: .brightWhite, background: Theme.dark.favoriteBackground, attributes: [.bold]):
      "W",
    Style(foreground: .brightBlack, background: Theme.dark.favoriteBackground): "d",
    Theme.dark.secondary: "r",
    Theme.dark.focusHeader: "R",
    Theme.dark.statusWarning: "w",
  ]) { old, _ in old }

  static func check(_ name: String, _ state: GalleryState) throws {
    try FrameGoldenTests.check(name, state, legend: legend)
  }

  /// The showcase with office-1 and kitchen-2 marked, decoding news for a few pictures.
  static func marked(width: Int, height: Int) -> GalleryState {
    var state = FrameGoldenTests.withInfo(AppFixture.state(width: width, height: height))
    _ = state.update(
      .decisionsRead([
        "/pictures/Office/office-1.jpg": CullingDecision(
          rating: .unrated, flag: .picked, labels: []),
        "/pictures/Kitchen/kitchen-2.jpg": CullingDecision(
          rating: .unrated, flag: .picked, labels: []),
      ]))
    return state
  }

  @Test func aFavouriteInTheGridHasAMatAndAHeart() throws {
    var state = Self.marked(width: 80, height: 24)
    AppFixture.press([.down], &state)
    try Self.check("favorite-grid-80x24", state)
  }

  @Test func theListAt80x24() throws {
    var state = Self.marked(width: 80, height: 24)
    AppFixture.press([.character("v"), .down], &state)
    try Self.check("list-80x24", state)
  }

  @Test func theListAt120x40WithAFoldedSectionAndFavourites() throws {
    var state = Self.marked(width: 120, height: 40)
    AppFixture.press([.character("v"), .character("z"), .down, .down, .down], &state)
    try Self.check("list-120x40-folded", state)
  }

  @Test func aFoldedSectionInTheGrid() throws {
    var state = Self.marked(width: 80, height: 24)
    AppFixture.press([.character("z")], &state)
    try Self.check("grid-folded-80x24", state)
  }

  @Test func theDetailViewShowsTheFavouriteButton() throws {
    var state = Self.marked(width: 80, height: 24)
    AppFixture.press([.enter], &state)
    try Self.check("detail-favorite-80x24", state)
  }

  @Test func asciiMarksWithoutUTF8() throws {
    var state = GalleryState(
      library: AppFixture.library(), width: 80, height: 24,
      configuration: .init(
        appearance: Appearance(colorMode: .indexed256, symbols: .ascii, unicode: false)))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    // kitchen-1 and kitchen-2 marked, Office folded, the focus on kitchen-1.
    let f = Key.character("f")
    AppFixture.press([.down, f, .right, f, .up, .character("z")], &state)
    #expect(state.focus == .header(0))
    AppFixture.press([.down], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 1))
    try Self.check("favorite-ascii-80x24", state)
  }

  @Test func everySizeDrawsTheListAndMarksWithinTheFrame() {
    var state = Self.marked(width: 80, height: 24)
    AppFixture.press([.end, .character("z"), .home], &state)
    for list in [false, true] {
      state.showList(list)
      for (width, height) in [(1, 1), (10, 3), (24, 8), (25, 9), (33, 12), (80, 24), (200, 60)] {
        _ = state.update(.resize(width: width, height: height, cellAspect: 2))
        let frame = GalleryView.render(FrameGoldenTests.withArt(state))
        #expect(frame.width == width && frame.height == height)
        if width >= 24 && height >= 8 {
          #expect(frame.text.contains(list ? "›" : "▾"), "\(width)×\(height) list \(list)")
        }
      }
    }
  }
}
