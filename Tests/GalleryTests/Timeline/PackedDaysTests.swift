import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// Small days side by side in the timeline: a screen of one-picture days full of
/// pictures, each day under its own short header, the arrows, the page keys, the mouse
/// and the scrubber going where the eye expects, big days keeping whole rows.
@Suite struct PackedDaysTests {
  static let utc = LocalTimeZone.utc
  static let british = LocaleWords.britishEnglish

  /// Day `index` of the fixture: Tuesday 3 March 2026, then every other day back, so
  /// that the 32nd (index 31) is Wednesday 31 December 2025.
  static func day(_ index: Int) -> Date {
    let first = CalendarDay(year: 2026, month: 3, day: 3)?.daysSince1970 ?? 0
    return Date(timeIntervalSince1970: Double((first - 2 * index) * 86_400 + 12 * 3600))
  }

  /// One folder whose pictures fall on days holding `counts[i]` pictures each, dated.
  static func state(
    _ counts: [Int], preset: LayoutPreset = .showcase, width: Int = 160, height: Int = 50,
    locale: LocaleWords? = british
  ) -> GalleryState {
    var pictures: [Picture] = []
    var dates: [String: Date] = [:]
    for (index, count) in counts.enumerated() {
      for number in 0..<count {
        let name = String(format: "d%02d-%02d.jpg", index, number)
        let picture = Picture(
          path: "/photos/Camera/" + name, fileName: name, byteSize: 1000,
          modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
        pictures.append(picture)
        dates[picture.path] = day(index).addingTimeInterval(Double(number) * 60)
      }
    }
    let library = Library(
      sections: [
        LibrarySection(
          name: "Camera", folder: URL(fileURLWithPath: "/photos/Camera"), pictures: pictures)
      ], stats: ScanStats())
    var appearance = Appearance()
    appearance.locale = locale
    var state = GalleryState(
      library: library, width: width, height: height,
      configuration: .init(
        layoutPreset: preset, appearance: appearance, grouping: .day, timeZone: utc))
    _ = state.update(.resize(width: width, height: height, cellAspect: 2))
    _ = state.update(.detailsRead(.dates(dates)))
    return state
  }

  static func oneADay(_ days: Int = 60, width: Int = 160, height: Int = 50) -> GalleryState {
    state(Array(repeating: 1, count: days), width: width, height: height)
  }

  /// The pictures wholly inside the scrolling view.
  static func wholePictures(_ state: GalleryState) -> [LayoutAttributes] {
    state.layout.attributes(in: state.visibleRect, orthogonalOffsets: state.orthogonalOffsets)
      .filter { $0.category == .item && state.visibleRect.contains($0.frame) }
  }

  /// Every header of the layout.
  static func headers(_ state: GalleryState) -> [LayoutAttributes] {
    state.layout.attributes(in: CellRect(origin: .zero, size: state.layout.contentSize))
      .filter(GalleryState.isHeader)
  }

  @Test func aScreenOfOnePictureDaysShowsAtLeastTwentyPictures() {
    let state = Self.oneADay()
    #expect(state.sections.count == 60)
    #expect(Self.wholePictures(state).count >= 20, "\(state.layout.textPicture())")
    // The days are in order: left to right, then down.
    let shown = Self.wholePictures(state).map(\.indexPath)
    #expect(shown == shown.sorted())
  }

  @Test(arguments: [(160, 50), (100, 30), (60, 24)])
  func headersNeverOverlapAndSmallDaysShareRows(width: Int, height: Int) {
    let state = Self.oneADay(width: width, height: height)
    let headers = Self.headers(state)
    #expect(headers.count == 60)
    let items = state.layout.attributes(
      in: CellRect(origin: .zero, size: state.layout.contentSize)
    ).filter { $0.category == .item }
    for (index, header) in headers.enumerated() {
      for other in headers[..<index] {
        #expect(!other.frame.intersects(header.frame), "\(other.frame) and \(header.frame)")
      }
      #expect(!items.contains { $0.frame.intersects(header.frame) })
      // Each header sits right above its own picture.
      let picture = state.frame(of: ItemIndexPath(item: 0, section: index))
      #expect(picture.map { $0.minX >= header.frame.minX && $0.minY == header.frame.maxY } == true)
    }
    #expect(Set(headers.map(\.frame.minY)).count < 60, "days share their rows")
    #expect(headers.allSatisfy { $0.frame.maxX <= state.layout.contentSize.width })
  }

  @Test func theArrowsGoToTheNextPictureAndToTheOneBelow() throws {
    var state = Self.oneADay()
    let perRow = Self.headers(state).filter { $0.frame.minY == 0 }.count
    #expect(perRow >= 4)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    AppFixture.press([.right], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 1), "the next day, beside")
    AppFixture.press([.left], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    AppFixture.press([.left], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0), "nothing before the first")
    let origin = try #require(state.frame(of: ItemIndexPath(item: 0, section: 0)))
    AppFixture.press([.down], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: perRow), "the picture below")
    let below = try #require(state.focus.flatMap { state.frame(of: $0) })
    #expect(below.minX == origin.minX && below.minY > origin.maxY)
    AppFixture.press([.up], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    // The end of a row goes on to the start of the next, and back.
    AppFixture.press(Array(repeating: .right, count: perRow), &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: perRow))
    AppFixture.press([.left], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: perRow - 1))
    // vi keys too.
    AppFixture.press([.character("l"), .character("j")], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 2 * perRow))
  }

  @Test func pageKeysMoveAScreenOfDaysAndKeepTheFocusOnScreen() throws {
    var state = Self.oneADay()
    AppFixture.press([.pageDown], &state)
    #expect(state.scrollY > 0)
    #expect(AppFixture.focusIsOnScreen(state))
    let section = try #require(state.focus?.section)
    #expect(section >= 12, "a page holds rows of days, not one day a row")
    AppFixture.press([.pageUp], &state)
    #expect(state.scrollY == 0)
    #expect(state.focus?.section == 0)
    AppFixture.press([.end], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 59))
    #expect(AppFixture.focusIsOnScreen(state))
  }

  @Test func aClickFocusesThePictureUnderIt() throws {
    var state = Self.oneADay()
    for section in [3, 8, 13] {
      let frame = try #require(state.frame(of: ItemIndexPath(item: 0, section: section)))
      let y = frame.minY + frame.height / 2 - state.scrollY
      _ = state.update(.mouse(MouseEvent(.click, x: frame.minX + frame.width / 2, y: y)))
      #expect(state.focus == ItemIndexPath(item: 0, section: section))
    }
    // A click on a packed day's header folds that day alone.
    let header = try #require(state.headerFrame(section: 2))
    _ = state.update(
      .mouse(MouseEvent(.click, x: header.minX + 4, y: header.minY - state.scrollY)))
    #expect(state.isCollapsed(2))
    #expect(!state.isCollapsed(1) && !state.isCollapsed(3))
  }

  @Test func bigDaysKeepTheirWholeRows() throws {
    let state = Self.state([1, 2, 14, 1, 1])
    let sections = state.layout.sections
    let width = state.layout.contentSize.width
    #expect(sections[0].frame.minY == sections[1].frame.minY, "two small days side by side")
    #expect(sections[1].frame.minX >= sections[0].frame.maxX)
    #expect(sections[2].frame.minY >= sections[1].frame.maxY)
    #expect(sections[2].frame.width == width, "a big day keeps the whole width")
    #expect(sections[3].frame.minY >= sections[2].frame.maxY)
    #expect(sections[3].frame.minY == sections[4].frame.minY)
    // Its header keeps its whole title.
    let screen = GalleryView.render(state).text
    #expect(screen.contains("Friday, 27 February 2026 · 14 pictures · Camera"), "\(screen)")
  }

  @Test func packedHeadersAreShortWithTheYearWhenItChanges() throws {
    var state = Self.oneADay()
    let screen = GalleryView.render(state).text
    // The locale's words and order (British English puts a comma after the weekday
    // before a year).
    #expect(screen.contains("▾ Tue, 3 Mar 2026 ─"), "\(screen)")
    #expect(screen.contains("Sun 1 Mar ─"), "the same year again: no year\n\(screen)")
    #expect(!screen.contains("Tuesday 3 March"), "\(screen)")
    // Where the year changes, it is said again.
    AppFixture.press(Array(repeating: .right, count: 31), &state)
    let later = GalleryView.render(state).text
    #expect(later.contains("Wed, 31 Dec 2025"), "\(later)")
    #expect(later.contains("Fri 2 Jan ─"), "\(later)")
    // Narrow: shorter still, never cut.
    var narrowState = Self.oneADay(width: 60, height: 24)
    let narrow = GalleryView.render(narrowState).text
    #expect(narrow.contains("▾ 3 Mar 2026 "), "\(narrow)")
    #expect(!narrow.contains("…"), "\(narrow)")
    AppFixture.press(Array(repeating: .right, count: 31), &narrowState)
    let turn = GalleryView.render(narrowState).text
    #expect(turn.contains("▾ 31 Dec 2025"), "the year kept at its change:\n\(turn)")
  }

  @Test func aResizeReflowsTheDaysWithTheFocusKept() throws {
    var state = Self.oneADay()
    AppFixture.press(Array(repeating: .down, count: 3) + [.right], &state)
    let focus = try #require(state.focus)
    let wide = Self.headers(state).filter { $0.frame.minY == 0 }.count
    _ = state.update(.resize(width: 100, height: 30, cellAspect: 2))
    #expect(state.focus == focus)
    #expect(AppFixture.focusIsOnScreen(state))
    let narrow = Self.headers(state).filter { $0.frame.minY == 0 }.count
    #expect(narrow > 1 && narrow < wide, "\(narrow) days a row at 100, \(wide) at 160")
    _ = state.update(.resize(width: 160, height: 50, cellAspect: 2))
    #expect(state.focus == focus)
    #expect(AppFixture.focusIsOnScreen(state))
  }

  @Test func theScrubberNamesTheDayAtTheTopLeft() throws {
    // The third row's days run from February (7th to 1st) into January (30th, 28th):
    // with it at the top, the scrubber's current month is the one at its left, February.
    var state = Self.oneADay()
    #expect(state.layout.sections[12].frame.minY == state.layout.sections[17].frame.minY)
    state.scroll(to: state.layout.sections[12].frame.minY)
    let scrubber = try #require(state.scrubber)
    #expect(scrubber.marks.contains { $0.text == "Jan" }, "\(scrubber.marks)")
    let current = scrubber.marks.filter(\.isCurrent).map(\.text)
    #expect(current == ["2026"], "February, whose label the year's took: \(scrubber.marks)")
    // Every row of it leads to a day that starts on it, or above.
    for row in 0..<scrubber.rows {
      let section = try #require(scrubber.section(atRow: row))
      #expect(scrubber.row(of: state.layout.sections[section].frame.minY) <= row)
    }
    _ = state.update(.mouse(MouseEvent(.click, x: scrubber.x + 3, y: scrubber.rows - 1)))
    let focus = try #require(state.focus)
    #expect(focus.section >= 48, "near the oldest days")
    #expect(AppFixture.focusIsOnScreen(state))
  }
}
