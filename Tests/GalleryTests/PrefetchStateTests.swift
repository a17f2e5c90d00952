import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// Decoding ahead, as the state decides it: only while idle and once the screen is
/// drawn from its pictures, in the way of travel first, within a budget, dropped at the
/// next key. And previews replaced in place.
@Suite struct PrefetchStateTests {
  /// Cell art of one colour, a preview or not.
  static func art(_ size: TileSize, preview: Bool = false) -> ThumbnailResult {
    let cells = Array(
      repeating: Cell("█", style: Style(foreground: preview ? .blue : .red)),
      count: size.columns * size.rows)
    let fit = CellFit(column: 0, row: 0, columns: size.columns, rows: size.rows)
    return .art(
      CellArt(size: size, fit: fit, cells: cells, isPreview: preview), metadata: nil,
      isPartial: false)
  }

  /// Hands every wanted thumbnail of at least `priority` to the state, final.
  static func finish(_ state: inout GalleryState, from priority: ThumbnailPriority = .nearby) {
    for want in state.thumbnailWants() where want.priority >= priority {
      _ = state.update(.thumbnailReady(path: want.path, size: want.size, result: art(want.size)))
    }
  }

  /// A long grid: 300 pictures in three sections at 80×24.
  static func state() -> GalleryState {
    var state = GalleryState(
      library: AppFixture.library(office: 40, kitchen: 120, macbook: 140), width: 10, height: 10,
      configuration: .init(layoutPreset: .grid))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    return state
  }

  @Test func inputAsksForTheIdleTimerAndDropsWhatWasDecodedAhead() {
    var state = Self.state()
    #expect(
      state.update(.key(.down)).contains(
        .scheduleTimer(.idle, milliseconds: Prefetch.idleMilliseconds)))
    #expect(!state.prefetch.isIdle)
    _ = state.update(.timerFired(.idle))
    #expect(state.prefetch.isIdle)
    Self.finish(&state)
    #expect(state.thumbnailWants().contains { $0.priority == .prefetch })
    // The next key: no more decoding ahead, and the run loop is told.
    let commands = state.update(.key(.down))
    #expect(!state.prefetch.isIdle)
    #expect(!state.loading.wanted.contains { $0.priority == .prefetch })
    #expect(commands.contains { if case .requestThumbnails = $0 { true } else { false } })
  }

  @Test func nothingIsDecodedAheadUntilTheScreenIsDrawnFromItsPictures() {
    var state = Self.state()
    _ = state.update(.timerFired(.idle))
    #expect(!state.thumbnailWants().contains { $0.priority == .prefetch }, "placeholders left")
    // Previews on screen are not enough.
    for want in state.thumbnailWants() where want.priority >= .visible {
      _ = state.update(
        .thumbnailReady(
          path: want.path, size: want.size, result: Self.art(want.size, preview: true)))
    }
    #expect(state.isScreenFilled && !state.isScreenSharp)
    #expect(!state.thumbnailWants().contains { $0.priority == .prefetch })
    Self.finish(&state, from: .visible)
    #expect(state.isScreenSharp)
    #expect(state.thumbnailWants().contains { $0.priority == .prefetch })
  }

  /// The top row of the picture at `path` in the content.
  static func top(of path: String, in state: GalleryState) -> Int? {
    for section in state.sections.indices {
      for item in 0..<state.count(inSection: section) {
        let index = ItemIndexPath(item: item, section: section)
        if state.picture(at: index)?.path == path { return state.layout.frame(for: index)?.minY }
      }
    }
    return nil
  }

  @Test func theWayOfTravelFirstThenALittleBehind() throws {
    var state = Self.state()
    AppFixture.press(Array(repeating: .pageDown, count: 4), &state)
    #expect(state.prefetch.travel == 1)
    _ = state.update(.timerFired(.idle))
    Self.finish(&state, from: .visible)
    let ahead = state.thumbnailWants().filter { $0.priority == .prefetch }
    let rows = ahead.compactMap { Self.top(of: $0.path, in: state) }
    try #require(rows.count == ahead.count && !ahead.isEmpty)
    let bottom = state.scrollY + state.viewHeight
    // The first pictures decoded ahead lie below the screen, then some above it.
    #expect(rows[0] >= bottom - state.viewHeight / 2)
    let firstAbove = try #require(rows.firstIndex { $0 < state.scrollY })
    #expect(firstAbove > 0)
    #expect(rows[..<firstAbove].allSatisfy { $0 >= state.scrollY })
    // Going up, the page above comes first.
    AppFixture.press([.pageUp], &state)
    #expect(state.prefetch.travel == -1)
    _ = state.update(.timerFired(.idle))
    Self.finish(&state, from: .visible)
    let up = try #require(state.thumbnailWants().first { $0.priority == .prefetch })
    #expect((Self.top(of: up.path, in: state) ?? .max) < state.scrollY)
  }

  @Test func decodingAheadStaysWithinItsBudgetAndEndsWithTheFolder() {
    var state = Self.state()
    _ = state.update(.timerFired(.idle))
    Self.finish(&state, from: .visible)
    let ahead = state.thumbnailWants().filter { $0.priority == .prefetch }
    let bytes = ahead.reduce(0) { $0 + Prefetch.estimatedBytes($1.size, cellAspect: 2) }
    #expect(bytes <= Prefetch.budgetBytes)
    #expect(!ahead.isEmpty && ahead.count < 300, "the budget stops it")
    #expect(Set(ahead.map(\.path)).count == ahead.count, "each picture once")
    // A small folder is decoded ahead to its end.
    var small = GalleryState(
      library: AppFixture.library(office: 3, kitchen: 5, macbook: 8), width: 10, height: 10,
      configuration: .init(layoutPreset: .grid))
    _ = small.update(.resize(width: 80, height: 24, cellAspect: 2))
    _ = small.update(.timerFired(.idle))
    Self.finish(&small, from: .visible)
    #expect(Set(small.thumbnailWants().map(\.path)).count == 16, "every picture")
  }

  @Test func theRestOfTheFirstRowIsDecodedAhead() {
    var state = GalleryState(
      library: AppFixture.library(office: 30, kitchen: 4, macbook: 4), width: 10, height: 10,
      configuration: .init(firstRowScrolling: .paging))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    _ = state.update(.timerFired(.idle))
    Self.finish(&state, from: .visible)
    let office = Set(state.sections[0].pictures.map(\.path))
    let wanted = Set(state.thumbnailWants().map(\.path))
    #expect(office.isSubset(of: wanted), "all 30 of the first row")
  }

  @Test func thePictureReplacesItsPreviewInPlaceAndTheFocusStays() throws {
    var state = AppFixture.state(width: 80, height: 24)
    AppFixture.press([.down, .right], &state)
    let focus = state.focus
    let want = try #require(state.thumbnailWants().first)
    _ = state.update(
      .thumbnailReady(path: want.path, size: want.size, result: Self.art(want.size, preview: true)))
    let withPreview = GalleryView.render(state)
    #expect(state.loading.thumbnails.contains(path: want.path, size: want.size))
    #expect(!state.loading.thumbnails.hasFinal(path: want.path, size: want.size))
    // Still wanted: the picture itself is on its way.
    #expect(state.loading.wanted.contains(want))
    _ = state.update(.thumbnailReady(path: want.path, size: want.size, result: Self.art(want.size)))
    let withPicture = GalleryView.render(state)
    #expect(state.focus == focus)
    #expect(state.loading.thumbnails.hasFinal(path: want.path, size: want.size))
    // Only the picture's cells changed: same frame, same ring, same name.
    var changed = 0
    for index in withPreview.cells.indices
    where withPreview.cells[index] != withPicture.cells[index] {
      changed += 1
      #expect(withPicture.cells[index].character == "█")
    }
    #expect(changed == want.size.columns * want.size.rows)
    // A preview coming late never replaces the picture.
    _ = state.update(
      .thumbnailReady(path: want.path, size: want.size, result: Self.art(want.size, preview: true)))
    #expect(GalleryView.render(state) == withPicture)
  }

  @Test func theDetailViewNeverAsksForAPreview() {
    var state = AppFixture.state()
    #expect(state.thumbnailWants().allSatisfy { $0.allowsPreview })
    AppFixture.press([.enter], &state)
    #expect(state.presentation.mode == .detail)
    #expect(state.thumbnailWants().allSatisfy { !$0.allowsPreview })
  }
}
