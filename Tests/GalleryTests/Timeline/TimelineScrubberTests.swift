import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// The scrubber's labels on libraries of years: every year told, even a short one that
/// shares its first row with the year before, the months under their own year, and the
/// highlight on the focus's year and month.
@Suite struct TimelineScrubberTests {
  static let utc = LocalTimeZone.utc

  /// `count` pictures, one every 18 days back from Monday 10 March 2025 (60 reach April
  /// 2022, 200 June 2015), the thirtieth day with two; by `grouping` at `width`×`height`.
  static func state(
    count: Int, grouping: SectionGrouping = .day, width: Int = 160, height: Int = 50
  ) -> GalleryState {
    let first = CalendarDay(year: 2025, month: 3, day: 10)?.daysSince1970 ?? 0
    var pictures: [Picture] = []
    var dates: [String: Date] = [:]
    for index in 0..<count {
      let day = Date(timeIntervalSince1970: Double((first - 18 * index) * 86_400 + 12 * 3600))
      for copy in 0..<(index == 29 ? 2 : 1) {
        let name = String(format: "IMG_%04d-%d.jpg", index, copy)
        let picture = Picture(
          path: "/photos/Camera/" + name, fileName: name, byteSize: 1000,
          modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
        pictures.append(picture)
        dates[picture.path] = day.addingTimeInterval(Double(copy) * 60)
      }
    }
    let library = Library(
      sections: [
        LibrarySection(
          name: "Camera", folder: URL(fileURLWithPath: "/photos/Camera"), pictures: pictures)
      ], stats: ScanStats())
    var appearance = Appearance()
    appearance.locale = LocaleWords.britishEnglish
    var state = GalleryState(
      library: library, width: width, height: height,
      configuration: .init(
        layoutPreset: .showcase, appearance: appearance, grouping: grouping, timeZone: utc))
    _ = state.update(.resize(width: width, height: height, cellAspect: 2))
    _ = state.update(.detailsRead(.dates(dates)))
    return state
  }

  /// The years of the library's dated sections, in their order.
  static func years(_ state: GalleryState) -> [Int] {
    var years: [Int] = []
    for section in state.sections {
      guard let year = section.period?.year, year != years.last else { continue }
      years.append(year)
    }
    return years
  }

  /// The labels as read down the scale, with their rows.
  static func reading(_ scrubber: TimelineScrubber) -> String {
    scrubber.marks.map { "\($0.row):\($0.text)" }.joined(separator: " ")
  }

  @Test(arguments: [60, 200], [SectionGrouping.day, .month])
  func everyYearIsToldAndEachMonthIsUnderItsOwnYear(count: Int, grouping: SectionGrouping)
    throws
  {
    for (width, height) in [(160, 50), (130, 30)] {
      let state = Self.state(count: count, grouping: grouping, width: width, height: height)
      let scrubber = try #require(state.scrubber)
      let told = Self.reading(scrubber)
      let years = Self.years(state)
      #expect(years.count == (count == 60 ? 4 : 11))
      // Every year, in the order of the pictures, 2024 the one a short 2025 crowded out.
      #expect(
        scrubber.marks.filter(\.isYear).map(\.text) == years.map(String.init),
        "\(width)×\(height): \(told)")
      #expect(Set(scrubber.marks.map(\.row)).count == scrubber.marks.count)
      #expect(scrubber.marks.allSatisfy { (0..<scrubber.rows).contains($0.row) })
      // A month read below a year is one of that year's, and leads there.
      var year: Int?
      for mark in scrubber.marks {
        let period = try #require(state.sections[mark.section].period)
        if mark.isYear {
          year = period.year
        } else {
          #expect(period.year == year, "\(mark.text) under \(year ?? 0): \(told)")
        }
        let month = state.content.shortMonthNames[(period.month ?? 1) - 1]
        #expect(mark.text == (mark.isYear ? String(period.year) : month))
        #expect(scrubber.section(atRow: mark.row) == mark.section)
      }
      if grouping == .day {
        #expect(scrubber.marks.contains { !$0.isYear }, "months where there is room: \(told)")
      }
    }
    // At compact width the columns are the pictures'.
    #expect(Self.state(count: count, grouping: grouping, width: 100, height: 30).scrubber == nil)
  }

  /// The year and month lit on the scale.
  static func lit(_ scrubber: TimelineScrubber) -> [String] {
    scrubber.marks.filter(\.isCurrent).map(\.text)
  }

  /// The focused picture's period.
  static func focused(_ state: GalleryState) throws -> TimelinePeriod {
    try #require(state.focus.flatMap { state.sections[$0.section].period })
  }

  @Test(arguments: [60, 200], [SectionGrouping.day, .month])
  func theHighlightIsOnTheFocusWhileItIsOnScreen(count: Int, grouping: SectionGrouping) throws {
    for (width, height) in [(160, 50), (130, 30)] {
      var state = Self.state(count: count, grouping: grouping, width: width, height: height)
      // Down the first screen: the top stays where it was, the focus goes on to a month
      // (and, by day, a year) of its own.
      let top = state.scrollY
      let start = try Self.focused(state)
      while state.scrollY == top, try Self.focused(state).month == start.month {
        AppFixture.press([.down], &state)
      }
      for keys in [[Key](), [.end], [.home], [.pageDown, .down]] {
        AppFixture.press(keys, &state)
        #expect(AppFixture.focusIsOnScreen(state))
        let period = try Self.focused(state)
        let scrubber = try #require(state.scrubber)
        let lit = Self.lit(scrubber)
        let month = state.content.shortMonthNames[(period.month ?? 1) - 1]
        #expect(lit.first == String(period.year), "\(period) \(keys): \(Self.reading(scrubber))")
        #expect(lit.dropFirst().allSatisfy { $0 == month }, "\(period): \(lit)")
        // The focus's month is told, and lit, unless a year's label has its row.
        let first = try #require(
          state.sections.indices.first {
            state.sections[$0].period?.year == period.year
              && state.sections[$0].period?.month == period.month
          })
        let row = scrubber.row(of: state.layout.sections[first].frame.minY)
        let onRow = scrubber.marks.first { $0.row == row }
        if onRow?.isYear != true {
          #expect(lit == [String(period.year), month], "\(period): \(Self.reading(scrubber))")
        }
      }
    }
  }

  @Test func offScreenTheHighlightIsOnTheTopOfTheView() throws {
    var state = Self.state(count: 60)
    let end = state.maximumScrollY
    // The wheel takes the view to the oldest pictures, the focus left on the newest.
    state.scroll(to: end)
    #expect(!AppFixture.focusIsOnScreen(state))
    let scrubber = try #require(state.scrubber)
    let top = try #require(
      state.sections.indices.last { state.layout.sections[$0].frame.minY <= end })
    let year = try #require(state.sections[top].period?.year)
    #expect(Self.lit(scrubber).first == String(year), "\(Self.reading(scrubber))")
    #expect(year < 2025)
  }

  @Test func yearsCrowdedIntoOneRowTakeTheRowsBelowAndFitAtTheFoot() {
    func periods(_ rows: [Int]) -> [(row: Int, period: TimelinePeriod, section: Int)] {
      rows.enumerated().map { ($1, TimelinePeriod(year: 2030 - $0, month: 1), $0) }
    }
    let crowded = TimelineScrubber.marks(
      periods([0, 0, 0, 5, 9, 9, 9]), rows: 10, current: nil, months: ["Jan"], showsMonths: true)
    #expect(crowded.map(\.row) == [0, 1, 2, 5, 7, 8, 9])
    #expect(crowded.allSatisfy { $0.isYear })
    let tooMany = TimelineScrubber.marks(
      periods(Array(repeating: 0, count: 7)), rows: 3, current: nil, months: [],
      showsMonths: false)
    #expect(tooMany.map(\.text) == ["2030", "2027", "2024"])
  }
}
