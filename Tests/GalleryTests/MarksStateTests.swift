import CompositionalLayout
import Foundation
import TerminalKit
import Testing

@testable import Gallery

/// Marks (`m`, `M`, `u`) through `update` alone: apart from favourites, counted, listed in
/// the order shown, shown without colour in the grid, the list and the detail view.
@Suite struct MarksStateTests {
  static let m = Key.character("m")

  static func focusedPath(_ state: GalleryState) -> String? {
    state.focus.flatMap { state.picture(at: $0) }?.path
  }

  @Test func mMarksAndUnmarksTheFocusedPictureApartFromFavourites() {
    var state = AppFixture.state()
    let commands = AppFixture.press([Self.m], &state)
    #expect(commands.isEmpty, "marks are not saved")
    #expect(state.isMarked("/pictures/Office/office-1.jpg"))
    #expect(!state.isFavorite("/pictures/Office/office-1.jpg"))
    #expect(state.favoritesSectionIndex == nil)
    #expect(state.markCount == 1)
    AppFixture.press([Self.m], &state)
    #expect(state.markCount == 0)
  }

  @Test func marksAreListedInTheOrderShown() {
    var state = AppFixture.state()
    AppFixture.press(
      [.tab, Self.m, .character("g"), .right, .right, Self.m, .left, Self.m], &state)
    #expect(
      state.markedPaths == [
        "/pictures/Office/office-2.jpg", "/pictures/Office/office-3.jpg",
        "/pictures/Kitchen/kitchen-1.jpg",
      ])
    #expect(state.focusedOrMarkedPaths == state.markedPaths)
    AppFixture.press([.character("u")], &state)
    #expect(state.markCount == 0)
    #expect(state.focusedOrMarkedPaths == ["/pictures/Office/office-2.jpg"], "the focus alone")
  }

  @Test func capitalMMarksTheWholeSectionThenUnmarksIt() {
    var state = AppFixture.state()
    AppFixture.press([.tab, Self.m], &state)
    AppFixture.press([.character("M")], &state)
    #expect(state.markCount == 25, "every picture of Kitchen, the one already marked too")
    AppFixture.press([.character("M")], &state)
    #expect(state.markCount == 0)
  }

  @Test func marksWorkInTheDetailViewAndShowThere() {
    var state = AppFixture.state()
    AppFixture.press([.enter, .right, Self.m], &state)
    #expect(state.presentation.mode == .detail)
    #expect(state.markedPaths == ["/pictures/Office/office-2.jpg"])
    let frame = GalleryView.render(state)
    #expect(frame.text.contains("[ ✓ marked ]"))
    #expect(frame.text.split(separator: "\n").last?.contains("✓ office-2.jpg") == true)
    #expect(frame.text.split(separator: "\n").last?.contains("1 marked") == true)
  }

  @Test func aMarkShowsWithoutColourInTheGridAndTheList() {
    var state = AppFixture.state(width: 120, height: 40)
    AppFixture.press([Self.m], &state)
    var frame = GalleryView.render(state)
    // The badge is reverse video on the ring's top edge: a monochrome terminal shows it.
    let badge = frame.cells.firstIndex { $0.character == "✓" }
    #expect(badge.map { frame.cells[$0].style.attributes.contains(.reverse) } == true)
    AppFixture.press([.character("v")], &state)
    frame = GalleryView.render(state)
    let row = frame.text.split(separator: "\n").first { $0.contains("office-1.jpg") }
    #expect(row?.hasPrefix(" ✓") == true, "\(row ?? "")")
  }

  @Test func marksOfPicturesThatLeaveGoWithThem() {
    var state = AppFixture.state()
    AppFixture.press([Self.m], &state)
    let library = AppFixture.library(office: 0, kitchen: 25, macbook: 30)
    _ = state.update(.rescanned(library))
    #expect(state.markCount == 0)
  }
}
