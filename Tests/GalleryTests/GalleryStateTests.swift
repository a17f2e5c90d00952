import CompositionalLayout
import TerminalKit
import TestSupport
import Testing

@testable import Gallery

@Suite struct GalleryStateTests {
  @Test func startsOnTheFirstPictureWithTheSizeClassesOfTheScreen() {
    let state = AppFixture.state(width: 90, height: 50)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    #expect(state.traits.horizontalSizeClass == .compact)
    #expect(state.traits.verticalSizeClass == .regular)
    #expect(state.scrollY == 0)
    #expect(state.presentation.mode == .grid)
  }

  @Test(arguments: [(80, 24, 1, 2, 4), (90, 50, 1, 2, 4), (160, 50, 2, 3, 6), (200, 60, 2, 3, 6)])
  func columnsFollowTheTable(width: Int, height: Int, office: Int, kitchen: Int, macbook: Int) {
    let state = AppFixture.state(width: width, height: height)
    #expect(AppFixture.columns(state, section: 0) == office)
    #expect(AppFixture.columns(state, section: 1) == kitchen)
    #expect(AppFixture.columns(state, section: 2) == macbook)
  }

  @Test func compactHeightFitsAHeaderAndARowOfEveryGrid() {
    for height in [8, 12, 16, 24, 29] {
      let state = AppFixture.state(width: 100, height: height)
      for section in state.layout.sections {
        #expect(section.groupSize.height + 1 <= state.viewHeight, "height \(height)")
      }
    }
  }

  @Test func downMovesIntoTheNextSectionThenRowByRow() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.down], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 1))
    AppFixture.press([.down], &state)
    #expect(state.focus == ItemIndexPath(item: 2, section: 1))
    AppFixture.press([.right], &state)
    #expect(state.focus == ItemIndexPath(item: 3, section: 1))
    AppFixture.press([.up], &state)
    #expect(state.focus == ItemIndexPath(item: 1, section: 1))
    #expect(AppFixture.focusIsOnScreen(state))
  }

  @Test func rightAtTheEndOfARowWrapsToTheNextRow() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.down, .right, .right], &state)
    #expect(state.focus == ItemIndexPath(item: 2, section: 1))
    AppFixture.press([.left], &state)
    #expect(state.focus == ItemIndexPath(item: 1, section: 1))
  }

  @Test func verticalMovesPickTheOverlappingColumn() {
    var state = AppFixture.state(width: 160, height: 50)
    // Kitchen, third column, then down into MacBook: the picture under it.
    AppFixture.press([.down, .right, .right], &state)
    #expect(state.focus == ItemIndexPath(item: 2, section: 1))
    // Down stays in the column while the rows have one; the last row has only item 24.
    var frames: [(ItemIndexPath, CellRect)] = []
    while state.focus?.section == 1 {
      if let focus = state.focus, let frame = state.frame(of: focus) {
        frames.append((focus, frame))
      }
      AppFixture.press([.down], &state)
    }
    #expect(frames.map(\.0.item) == [2, 5, 8, 11, 14, 17, 20, 23, 24])
    #expect(state.focus == ItemIndexPath(item: 0, section: 2))
    for (before, after) in zip(frames, frames.dropFirst()) {
      #expect(after.1.minY > before.1.minY)
    }
  }

  @Test func theOfficeRowScrollsByPagesWithTheFocus() {
    var state = AppFixture.state(width: 160, height: 50)
    #expect(state.orthogonalOffsets[0, default: 0] == 0)
    AppFixture.press([.right], &state)
    #expect(state.focus == ItemIndexPath(item: 1, section: 0))
    #expect(state.orthogonalOffsets[0, default: 0] == 0)
    AppFixture.press([.right], &state)
    #expect(state.focus == ItemIndexPath(item: 2, section: 0))
    // Two pictures a page: the third brings the next page.
    #expect(state.orthogonalOffsets[0] == state.layout.sections[0].visibleWidth)
    #expect(AppFixture.focusIsOnScreen(state))
    AppFixture.press([.left, .left], &state)
    #expect(state.orthogonalOffsets[0] == 0)
  }

  /// The default at compact width: each picture rests centred with both neighbours
  /// peeking in, never with a band beside it and nothing on the other side.
  @Test(arguments: [(80, 24), (100, 30), (110, 40)])
  func theCompactFirstRowRestsCentredWithBothNeighboursPeeking(width: Int, height: Int) {
    var state = AppFixture.state(width: width, height: height, firstRowScrolling: .automatic)
    for step in 1...4 {
      AppFixture.press([.right], &state)
      #expect(state.focus == ItemIndexPath(item: step, section: 0))
      guard let frame = AppFixture.screenFrame(state),
        let before = state.frame(of: ItemIndexPath(item: step - 1, section: 0)),
        let after = state.frame(of: ItemIndexPath(item: step + 1, section: 0))
      else {
        Issue.record("no frames at step \(step)")
        return
      }
      let left = frame.minX
      let right = width - frame.maxX
      #expect(abs(left - right) <= 1, "centred at step \(step): \(left) and \(right)")
      #expect(before.maxX > 0 && before.maxX <= frame.minX, "the previous one peeks in")
      #expect(after.minX < width && after.minX >= frame.maxX, "the next one peeks in")
    }
  }

  @Test func continuousScrollingMovesOnlyAsFarAsNeeded() {
    var state = AppFixture.state(width: 160, height: 50, firstRowScrolling: .continuous)
    AppFixture.press([.right, .right], &state)
    let frame = state.layout.frame(for: ItemIndexPath(item: 2, section: 0))
    #expect(frame.map { state.orthogonalOffsets[0] == $0.maxX - state.screen.width } == true)
  }

  @Test func theFocusNeverLeavesTheOfficeRowsEnds() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press(Array(repeating: .right, count: 30), &state)
    #expect(state.focus == ItemIndexPath(item: 14, section: 0))
    #expect(AppFixture.focusIsOnScreen(state))
    let range = state.layout.orthogonalOffsetRange(section: 0)
    #expect(state.orthogonalOffsets[0].map { range.contains($0) } == true)
    AppFixture.press([.left], &state)
    #expect(state.focus == ItemIndexPath(item: 13, section: 0))
  }

  @Test func pageDownScrollsAPageAndKeepsTheFocusOnScreen() {
    var state = AppFixture.state(width: 90, height: 50)
    AppFixture.press([.pageDown], &state)
    #expect(state.scrollY >= state.viewHeight - 2 - 1)
    #expect(AppFixture.focusIsOnScreen(state))
    let after = state.scrollY
    AppFixture.press([.control("f")], &state)
    #expect(state.scrollY > after)
    AppFixture.press([.pageUp, .control("b")], &state)
    #expect(state.scrollY == 0)
    #expect(AppFixture.focusIsOnScreen(state))
  }

  @Test func pageDownAtTheEndFocusesTheLastPicture() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press(Array(repeating: .pageDown, count: 40), &state)
    #expect(state.focus == ItemIndexPath(item: 29, section: 2))
    #expect(state.scrollY == state.maximumScrollY)
  }

  @Test func homeAndEndAndTheirLetters() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.end], &state)
    #expect(state.focus == ItemIndexPath(item: 29, section: 2))
    #expect(state.scrollY == state.maximumScrollY)
    AppFixture.press([.home], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    #expect(state.scrollY == 0)
    AppFixture.press([.character("G")], &state)
    #expect(state.focus == ItemIndexPath(item: 29, section: 2))
    AppFixture.press([.character("g")], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
  }

  @Test func tabMovesBetweenSectionsWithTheHeaderOnTop() {
    var state = AppFixture.state(width: 90, height: 50)
    AppFixture.press([.tab], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 1))
    #expect(state.scrollY == min(state.layout.sections[1].frame.minY, state.maximumScrollY))
    AppFixture.press([.tab], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 2))
    AppFixture.press([.tab], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 2))
    AppFixture.press([.backTab, .backTab], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    #expect(state.scrollY == 0)
  }

  @Test func vimKeysMoveLikeArrows() {
    var arrows = AppFixture.state(width: 90, height: 50)
    var letters = arrows
    AppFixture.press([.down, .down, .right, .up, .left], &arrows)
    AppFixture.press(["j", "j", "l", "k", "h"].map { .character($0) }, &letters)
    #expect(arrows.focus == letters.focus)
    #expect(arrows.scrollY == letters.scrollY)
  }

  @Test func enterOpensTheDetailViewAndEscapeReturns() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.down, .enter], &state)
    #expect(state.presentation.mode == .detail)
    AppFixture.press([.right, .right], &state)
    #expect(state.focus == ItemIndexPath(item: 2, section: 1))
    AppFixture.press([.left], &state)
    #expect(state.focus == ItemIndexPath(item: 1, section: 1))
    AppFixture.press([.escape], &state)
    #expect(state.presentation.mode == .grid)
    #expect(AppFixture.focusIsOnScreen(state))
  }

  @Test func detailStepsAcrossSections() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.right], &state)
    AppFixture.press(Array(repeating: .right, count: 13) + [.enter, .right], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 1))
    AppFixture.press([.left], &state)
    #expect(state.focus == ItemIndexPath(item: 14, section: 0))
  }

  @Test func questionMarkTogglesTheHelpOverTheCurrentMode() {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.character("?")], &state)
    #expect(state.presentation.mode == .help)
    AppFixture.press([.down], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    AppFixture.press([.character("?")], &state)
    #expect(state.presentation.mode == .grid)
    AppFixture.press([.enter, .character("?"), .escape], &state)
    #expect(state.presentation.mode == .detail)
  }

  @Test func quitAndRedrawAreCommands() {
    var state = AppFixture.state()
    #expect(AppFixture.press([.control("l")], &state).contains(.redraw))
    #expect(AppFixture.press([.character("q")], &state) == [.quit])
    AppFixture.press([.enter], &state)
    #expect(AppFixture.press([.character("q")], &state) == [.quit])
  }

  @Test func aResizeKeepsTheFocusOnScreenAndReflows() {
    var state = AppFixture.state(width: 200, height: 60)
    AppFixture.press([.tab, .tab, .down, .down, .right, .right, .right], &state)
    let focus = state.focus
    for (width, height) in [(80, 24), (90, 50), (160, 50), (40, 12), (200, 60), (119, 29)] {
      _ = state.update(.resize(width: width, height: height, cellAspect: 2))
      #expect(state.focus == focus)
      #expect(AppFixture.focusIsOnScreen(state), "\(width)×\(height)")
      #expect(state.screen == CellSize(width: width, height: height))
    }
  }

  @Test func sizeClassesHaveHysteresis() {
    var state = AppFixture.state(width: 121, height: 31)
    #expect(state.traits.horizontalSizeClass == .regular)
    _ = state.update(.resize(width: 119, height: 29, cellAspect: 2))
    #expect(state.traits.horizontalSizeClass == .regular)
    #expect(state.traits.verticalSizeClass == .regular)
    _ = state.update(.resize(width: 117, height: 27, cellAspect: 2))
    #expect(state.traits.horizontalSizeClass == .compact)
    #expect(state.traits.verticalSizeClass == .compact)
  }

  @Test func aResizeResnapsTheOfficeRowToARestPlace() {
    var state = AppFixture.state(width: 160, height: 50)
    AppFixture.press([.right, .right, .right, .right], &state)
    _ = state.update(.resize(width: 150, height: 50, cellAspect: 2))
    let offset = state.orthogonalOffsets[0] ?? 0
    let rested = state.layout.restingOffset(proposed: offset, direction: .none, section: 0)
    let focusFrame = state.frame(of: ItemIndexPath(item: 4, section: 0))
    #expect(offset == rested || focusFrame.map { $0.minX >= 0 && $0.maxX <= 150 } == true)
    #expect(AppFixture.focusIsOnScreen(state))
  }

  @Test func tinyScreensNeverBreak() {
    for (width, height) in [(1, 1), (0, 0), (2, 1), (10, 3), (23, 7), (24, 8)] {
      var state = AppFixture.state(width: width, height: height)
      let keys: [Key] = [
        .down, .right, .pageDown, .end, .tab, .enter, .right, .escape, .character("?"),
      ]
      AppFixture.press(keys, &state)
      _ = state.update(.mouse(MouseEvent(.click, x: 0, y: 0)))
      let frame = GalleryView.render(state)
      #expect(frame.width == max(0, width) && frame.height == max(0, height))
    }
  }

  @Test func aClickFocusesADoubleClickOpensTheWheelScrolls() {
    var state = AppFixture.state(width: 90, height: 50)
    guard let target = state.frame(of: ItemIndexPath(item: 1, section: 1)) else {
      Issue.record("no frame")
      return
    }
    _ = state.update(
      .mouse(MouseEvent(.click, x: target.minX + 2, y: target.minY + 2 - state.scrollY)))
    #expect(state.focus == ItemIndexPath(item: 1, section: 1))
    #expect(state.presentation.mode == .grid)
    let frame = state.frame(of: ItemIndexPath(item: 1, section: 1))
    if let frame {
      _ = state.update(
        .mouse(MouseEvent(.doubleClick, x: frame.minX + 2, y: frame.minY + 2 - state.scrollY)))
    }
    #expect(state.presentation.mode == .detail)
    AppFixture.press([.escape], &state)
    let before = state.scrollY
    _ = state.update(.mouse(MouseEvent(.wheelDown, x: 5, y: 5)))
    #expect(state.scrollY == min(before + 3, state.maximumScrollY))
    _ = state.update(.mouse(MouseEvent(.wheelUp, x: 5, y: 5)))
    #expect(state.scrollY == before)
  }

  @Test func randomWalksKeepTheFocusOnScreen() async {
    var generator = SplitMix64(seed: 7)
    let keys: [Key] = [
      .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .tab, .backTab,
      .character("j"), .character("k"), .control("f"), .control("b"),
    ]
    let sizes = [(80, 24), (90, 50), (160, 50), (200, 60), (60, 16), (130, 28)]
    for (width, height) in sizes {
      for scrolling in FirstRowScrolling.allCases {
        var state = AppFixture.state(width: width, height: height, firstRowScrolling: scrolling)
        for step in 0..<150 {
          // Seconds of work under a sanitizer: between rounds the pool's other tests get a turn.
          await Task.yield()
          let key = keys[Int(generator.next() % UInt64(keys.count))]
          AppFixture.press([key], &state)
          #expect(
            AppFixture.focusIsOnScreen(state), "\(width)×\(height) \(scrolling) step \(step) \(key)"
          )
          #expect((0...state.maximumScrollY).contains(state.scrollY))
        }
      }
    }
  }
}

@Suite struct DescribeTests {
  @Test func theFocusedPictureIsDescribedOnceWhenACacheGaveNoDetails() {
    var state = AppFixture.state(width: 90, height: 50)
    let path = "/pictures/Office/office-1.jpg"
    let first = state.update(
      .pictureDescribed(path: path, outcome: .ready(metadata: nil, isPartial: false)))
    #expect(first.contains(.describe(path: path)))
    let again = state.update(
      .pictureDescribed(path: path, outcome: .ready(metadata: nil, isPartial: false)))
    #expect(!again.contains(.describe(path: path)))
    AppFixture.press([.right, .enter], &state)
    let commands = state.update(.key(.right))
    #expect(commands.contains(.describe(path: "/pictures/Office/office-3.jpg")))
  }
}
