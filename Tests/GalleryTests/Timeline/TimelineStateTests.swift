import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// The timeline through `update` alone: sections by day, month and year, the dates
/// streaming in, the grouping changed with the focus kept, live changes moving a picture.
@Suite struct TimelineStateTests {
  static let utc = LocalTimeZone.utc

  static func picture(_ folder: String, _ name: String, modified: Double = 0) -> Picture {
    Picture(
      path: "/photos/\(folder)/\(name)", fileName: name, byteSize: 1000,
      modificationDate: Date(timeIntervalSince1970: modified), format: .jpeg)
  }

  static func section(_ folder: String, _ names: [String]) -> LibrarySection {
    LibrarySection(
      name: folder, folder: URL(fileURLWithPath: "/photos/\(folder)"),
      pictures: names.map { picture(folder, $0) })
  }

  /// Lisbon: three on 14 March 2026, one on 2 August 2025; Home: one on 15 March 2026,
  /// one on 2 August 2025, a screenshot without a date.
  static func library() -> Library {
    Library(
      sections: [
        section("Lisbon", ["l1.jpg", "l2.jpg", "l3.jpg", "l4.jpg"]),
        section("Home", ["h1.jpg", "h2.jpg", "shot.png"]),
      ], stats: ScanStats())
  }

  static func date(_ text: String) -> Date {
    // `2026-03-14 10:00` in UTC.
    let parts = text.split(whereSeparator: { "- :".contains($0) }).compactMap { Int($0) }
    let day = CalendarDay(year: parts[0], month: parts[1], day: parts[2])
    let seconds = Double((day?.daysSince1970 ?? 0) * 86_400 + parts[3] * 3600 + parts[4] * 60)
    return Date(timeIntervalSince1970: seconds)
  }

  /// The dates as cameras write them: wall clocks without an offset, read in the
  /// state's zone (UTC).
  static let dates: PictureDetailsBatch = .wallClocks(
    [
      "/photos/Lisbon/l1.jpg": date("2026-03-14 10:00"),
      "/photos/Lisbon/l2.jpg": date("2026-03-14 11:00"),
      "/photos/Lisbon/l3.jpg": date("2026-03-14 09:00"),
      "/photos/Lisbon/l4.jpg": date("2025-08-02 12:00"),
      "/photos/Home/h1.jpg": date("2026-03-15 08:00"),
      "/photos/Home/h2.jpg": date("2025-08-02 18:00"),
    ], undated: ["/photos/Home/shot.png"])

  static func state(
    _ grouping: SectionGrouping = .day, locale: LocaleWords? = nil, width: Int = 120,
    height: Int = 40, dated: Bool = true
  ) -> GalleryState {
    var appearance = Appearance()
    appearance.locale = locale
    var state = GalleryState(
      library: library(), width: width, height: height,
      configuration: .init(
        layoutPreset: .grid, appearance: appearance, grouping: grouping, timeZone: utc))
    _ = state.update(.resize(width: width, height: height, cellAspect: 2))
    if dated { _ = state.update(.detailsRead(dates)) }
    return state
  }

  static func titles(_ state: GalleryState) -> [String] { state.sections.map(\.name) }

  static func names(_ state: GalleryState, _ section: Int) -> [String] {
    state.sections[section].pictures.map(\.fileName)
  }

  static func focusedName(_ state: GalleryState) -> String? {
    state.focus.flatMap { state.picture(at: $0) }?.fileName
  }

  @Test func daysComeNewestFirstWithThePicturesWithoutADateLast() {
    let state = Self.state()
    #expect(Self.titles(state) == ["2026-03-15", "2026-03-14", "2025-08-02", "No date"])
    #expect(Self.names(state, 1) == ["l1.jpg", "l2.jpg", "l3.jpg"])
    // A day of two folders is in the natural order of the names; its place is none.
    #expect(Self.names(state, 2) == ["h2.jpg", "l4.jpg"])
    #expect(state.sections[0].place == "Home")
    #expect(state.sections[1].place == "Lisbon")
    #expect(state.sections[2].place == nil)
    #expect(Self.names(state, 3) == ["shot.png"])
    #expect(
      state.sections.map(\.id) == [
        "day:2026-03-15", "day:2026-03-14", "day:2025-08-02", Timeline.undatedSectionID,
      ])
  }

  @Test func monthsAndYearsGroupTheSameDays() {
    let months = Self.state(.month)
    #expect(Self.titles(months) == ["2026-03", "2025-08", "No date"])
    #expect(months.count(inSection: 0) == 4)
    let years = Self.state(.year)
    #expect(Self.titles(years) == ["2026", "2025", "No date"])
    #expect(years.count(inSection: 1) == 2)
  }

  @Test func headersAreWrittenInTheLocaleWithTheirCountAndPlace() throws {
    let british = LocaleWords.britishEnglish
    let state = Self.state(locale: british)
    #expect(state.sections[1].name.contains("14 March 2026"))
    #expect(state.sections[1].name.contains("Saturday"))
    let months = Self.state(.month, locale: british)
    #expect(months.sections[0].name == "March 2026")
    let screen = GalleryView.render(state).text
    // The 14th shares its row with the 15th: its short title, in the locale too.
    let header = try #require(screen.split(separator: "\n").first { $0.contains("Sat 14 Mar") })
    #expect(header.contains("Sat 14 Mar · 3 pictures · Lisbon"))
    #expect(TimelineTitle.count(5210, locale: british) == "5,210")
    #expect(TimelineTitle.count(5210, locale: nil) == "5210")
  }

  @Test func theReversedOrderPutsTheOldestFirstAndKeepsUndatedLast() {
    var state = Self.state()
    AppFixture.press([.character("S")], &state)
    #expect(Self.titles(state) == ["2025-08-02", "2026-03-14", "2026-03-15", "No date"])
    // The order within a day is reversed too.
    #expect(Self.names(state, 1) == ["l3.jpg", "l2.jpg", "l1.jpg"])
  }

  @Test func theOrderSortsWithinEachDay() {
    var state = Self.state()
    AppFixture.press([.character("s")], &state)
    #expect(state.order.key == .dateTaken)
    #expect(Self.names(state, 1) == ["l3.jpg", "l1.jpg", "l2.jpg"])
  }

  @Test func tCyclesTheGroupingsWithTheFocusOnItsPicture() {
    var state = Self.state(.folder)
    #expect(Self.titles(state) == ["Lisbon", "Home"])
    AppFixture.press([.right, .right, .right], &state)
    #expect(Self.focusedName(state) == "l4.jpg")
    let commands = AppFixture.press([.character("t")], &state)
    #expect(state.grouping == .day)
    #expect(Self.focusedName(state) == "l4.jpg")
    #expect(state.focus?.section == 2)
    #expect(state.message == .grouped(.day))
    // Every date is known already: nothing to read.
    #expect(!commands.contains { if case .readDetails = $0 { true } else { false } })
    AppFixture.press([.character("t")], &state)
    #expect(state.grouping == .month)
    #expect(Self.focusedName(state) == "l4.jpg")
    AppFixture.press([.character("t"), .character("t")], &state)
    #expect(state.grouping == .folder)
    #expect(Self.titles(state) == ["Lisbon", "Home"])
    #expect(Self.focusedName(state) == "l4.jpg")
  }

  static func askedStamps(_ commands: [AppCommand]) -> [FileStamp] {
    commands.flatMap { command -> [FileStamp] in
      if case .readDetails(let stamps) = command { stamps } else { [] }
    }
  }

  @Test func theTimelineAsksForTheDatesOfEachFolderAsItIsScanned() {
    var state = GalleryState(
      width: 120, height: 40, configuration: .init(grouping: .day, timeZone: Self.utc))
    var commands = state.update(.scan(.section(Self.library().sections[0])))
    #expect(Self.titles(state) == ["No date"])
    #expect(state.count(inSection: 0) == 4)
    #expect(Self.askedStamps(commands).count == 4)
    #expect(Self.askedStamps(commands).first == FileStamp(Self.picture("Lisbon", "l1.jpg")))
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    commands = state.update(.scan(.section(Self.library().sections[1])))
    #expect(Self.askedStamps(commands).count == 3)
    #expect(state.count(inSection: 0) == 7)
    // Asked once.
    commands = state.update(.scan(.finished(ScanStats())))
    #expect(Self.askedStamps(commands).isEmpty)
    commands = state.update(.key(.right))
    #expect(Self.askedStamps(commands).isEmpty)
  }

  @Test func foldersScannedTogetherAreRegroupedAndAskedForOnce() {
    var state = GalleryState(
      width: 120, height: 40, configuration: .init(grouping: .day, timeZone: Self.utc))
    let commands = state.update(
      .scanned(Self.library().sections.map { ScanEvent.section($0) } + [.finished(ScanStats())]))
    #expect(!state.content.needsRegroup)
    #expect(Self.titles(state) == ["No date"])
    #expect(state.count(inSection: 0) == 7)
    #expect(Self.askedStamps(commands).count == 7)
    #expect(commands.filter { if case .readDetails = $0 { true } else { false } }.count == 1)
    _ = state.update(.detailsRead(Self.dates))
    #expect(Self.titles(state) == ["2026-03-15", "2026-03-14", "2025-08-02", "No date"])
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
  }

  @Test func datesStreamingInKeepTheFocusedPictureStillOnTheScreen() throws {
    // Many pictures in one folder, so the view scrolls; dates arrive in two batches.
    let names = (1...60).map { String(format: "p%02d.jpg", $0) }
    let library = Library(sections: [Self.section("Camera", names)], stats: ScanStats())
    var state = GalleryState(
      library: library, width: 120, height: 30,
      configuration: .init(layoutPreset: .grid, grouping: .day, timeZone: Self.utc))
    _ = state.update(.resize(width: 120, height: 30, cellAspect: 2))
    // The first half dated, newest first by name.
    var first: [String: Date] = [:]
    for (index, name) in names.prefix(30).enumerated() {
      first["/photos/Camera/" + name] = Self.date(
        "2026-01-\(String(format: "%02d", 30 - index)) 10:00")
    }
    _ = state.update(.detailsRead(.dates(first)))
    // A page down: the days share rows, so the focus is then in the middle of them, with
    // rows of days below it still once the new day of thirty is above.
    AppFixture.press([.pageDown], &state)
    #expect(state.scrollY > 0)
    let focused = try #require(Self.focusedName(state))
    let row = try #require(state.focus.flatMap { state.frame(of: $0) }).minY - state.scrollY
    // The rest land on days after the first half's: sections above the focus grow.
    var rest: [String: Date] = [:]
    for name in names.suffix(30) {
      rest["/photos/Camera/" + name] = Self.date("2026-02-01 10:00")
    }
    _ = state.update(.detailsRead(.dates(rest)))
    #expect(Self.focusedName(state) == focused)
    let after = try #require(state.focus.flatMap { state.frame(of: $0) }).minY - state.scrollY
    #expect(after == row, "the focused picture stays on its row of the screen")
    #expect(Self.titles(state).first == "2026-02-01")
  }

  @Test func aRewrittenPictureIsReadAgainAndMovesToItsNewDay() throws {
    var state = Self.state()
    let path = "/photos/Home/h1.jpg"
    #expect(state.sections[0].pictures.map(\.path) == [path])
    var changes = FolderChanges(ordering: SectionOrdering(roots: []))
    let rewritten = Picture(
      path: path, fileName: "h1.jpg", byteSize: 2000,
      modificationDate: Date(timeIntervalSince1970: 99), format: .jpeg)
    changes.arrived = [
      FolderChanges.Arrival(
        picture: rewritten,
        place: SectionPlace(
          folder: "/photos/Home", name: "Home", root: 0, branch: 0, components: []))
    ]
    let commands = state.update(.foldersChanged(changes))
    let asked = try #require(
      commands.lazy.compactMap { command -> [FileStamp]? in
        if case .readDetails(let stamps) = command { stamps } else { nil }
      }.first)
    #expect(asked == [FileStamp(rewritten)])
    #expect(Self.titles(state).last == "No date", "waiting for its date again")
    _ = state.update(.detailsRead(.dates([path: Self.date("2026-03-14 12:00")])))
    #expect(Self.titles(state) == ["2026-03-14", "2025-08-02", "No date"])
    #expect(state.sections[0].pictures.map(\.fileName).contains("h1.jpg"))
    #expect(state.sections[0].place == nil, "two folders now")
  }

  @Test func aPictureAddedToAFolderAppearsInItsDay() {
    var state = Self.state()
    var changes = FolderChanges(ordering: SectionOrdering(roots: []))
    changes.arrived = [
      FolderChanges.Arrival(
        picture: Self.picture("Lisbon", "l5.jpg"),
        place: SectionPlace(
          folder: "/photos/Lisbon", name: "Lisbon", root: 0, branch: 0, components: []))
    ]
    _ = state.update(.foldersChanged(changes))
    #expect(
      Self.names(state, 3) == ["l5.jpg", "shot.png"]
        || Self.names(state, 3) == ["shot.png", "l5.jpg"])
    _ = state.update(.detailsRead(.dates(["/photos/Lisbon/l5.jpg": Self.date("2026-03-14 20:00")])))
    #expect(Self.names(state, 1) == ["l1.jpg", "l2.jpg", "l3.jpg", "l5.jpg"])
    #expect(Self.names(state, 3) == ["shot.png"])
  }

  @Test func theFilterMarksAndFoldingWorkOnDays() {
    var state = Self.state()
    AppFixture.press([.character("/"), .character("l"), .character("4"), .enter], &state)
    #expect(Self.titles(state) == ["2025-08-02"])
    #expect(Self.names(state, 0) == ["l4.jpg"])
    AppFixture.press([.escape], &state)
    #expect(Self.titles(state).count == 4)
    AppFixture.press([.down], &state)
    AppFixture.press([.character("M")], &state)
    #expect(state.content.marks.count == state.count(inSection: state.focus?.section ?? 0))
    AppFixture.press([.character("z")], &state)
    #expect(state.focus.map { state.isCollapsed($0.section) } == true)
  }

  @Test func theGoToDatePromptLeapsToTheDayOrTheNearest() {
    var state = Self.state(locale: LocaleWords.britishEnglish)
    AppFixture.press([.character("T")], &state)
    #expect(state.isEditingDate)
    let status = GalleryView.render(state).text.split(separator: "\n").last ?? ""
    #expect(status.contains("go to date:"))
    AppFixture.press("aug 2025".map { .character($0) } + [.enter], &state)
    #expect(!state.isEditingDate)
    #expect(state.focus?.section == 2)
    #expect(state.message == .leapt(asked: "August 2025", nearest: nil))
    AppFixture.press([.character("T")] + "2026-03-14".map { .character($0) } + [.enter], &state)
    #expect(state.focus == ItemIndexPath(item: 0, section: 1))
    // No pictures from 2024: the nearest day, said so.
    AppFixture.press([.character("T")] + "2024".map { .character($0) } + [.enter], &state)
    #expect(state.focus?.section == 2)
    if case .leapt(_, let nearest?) = state.message {
      #expect(nearest.contains("2 August 2025"))
    } else {
      Issue.record("expected the nearest day, got \(String(describing: state.message))")
    }
    AppFixture.press([.character("T")] + "soon".map { .character($0) } + [.enter], &state)
    #expect(state.message?.description.contains("no date in \"soon\"") == true)
    AppFixture.press([.character("T"), .character("2"), .escape], &state)
    #expect(!state.isEditingDate)
  }

  @Test func goToDateInTheFoldersSaysWhereItWorks() {
    var state = Self.state(.folder)
    AppFixture.press([.character("T")], &state)
    #expect(!state.isEditingDate)
    #expect(state.message?.description.contains("timeline") == true)
  }

  @Test func theScrubberShowsAtRegularWidthAndHidesWhenCompact() throws {
    let wide = Self.state(width: 160, height: 40)
    let scrubber = try #require(wide.scrubber)
    #expect(scrubber.x == 160 - TimelineScrubber.columns)
    #expect(scrubber.marks.map(\.text).contains("2026"))
    #expect(scrubber.marks.map(\.text).contains("2025"))
    // The layout keeps clear of it.
    let widest = wide.layout.sections.map(\.frame.maxX).max() ?? 0
    #expect(widest <= scrubber.x)
    let screen = GalleryView.render(wide).text.split(separator: "\n")
    #expect(
      screen[scrubber.marks[0].row].hasSuffix("2026 ┃")
        || screen[scrubber.marks[0].row].hasSuffix("2026 │"))
    let narrow = Self.state(width: 60, height: 40)
    #expect(narrow.traits.horizontalSizeClass == .compact)
    #expect(narrow.scrubber == nil)
    #expect(Self.state(.folder, width: 160).scrubber == nil)
  }

  @Test func aClickOnTheScrubberLeapsToItsPlace() throws {
    // Enough days to scroll: one picture a day for sixty days.
    let names = (1...60).map { String(format: "p%02d.jpg", $0) }
    var dates: [String: Date] = [:]
    for (index, name) in names.enumerated() {
      dates["/photos/Camera/" + name] = Date(timeIntervalSince1970: Double(index) * 86_400 * 7)
    }
    var state = GalleryState(
      library: Library(sections: [Self.section("Camera", names)], stats: ScanStats()), width: 160,
      height: 40,
      configuration: .init(layoutPreset: .grid, grouping: .day, timeZone: Self.utc))
    _ = state.update(.resize(width: 160, height: 40, cellAspect: 2))
    _ = state.update(.detailsRead(.dates(dates)))
    let scrubber = try #require(state.scrubber)
    #expect(state.scrollY == 0)
    _ = state.update(.mouse(MouseEvent(.click, x: scrubber.x + 3, y: scrubber.rows - 1)))
    #expect(state.scrollY > 0)
    let section = try #require(state.focus?.section)
    #expect(section >= state.sections.count - 6, "near the end of the scale: the oldest days")
    let dragged = try #require(state.scrubber)
    #expect(dragged.thumb.upperBound == dragged.rows - 1)
    _ = state.update(.mouse(MouseEvent(.dragged, x: scrubber.x + 6, y: 0)))
    #expect(state.scrollY == 0)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
  }

  @Test func everyRowOfTheScrubberLeadsToASectionStartingOnIt() throws {
    let names = (1...60).map { String(format: "p%02d.jpg", $0) }
    var dates: [String: Date] = [:]
    for (index, name) in names.enumerated() {
      dates["/photos/Camera/" + name] = Date(timeIntervalSince1970: Double(index) * 86_400 * 7)
    }
    var state = GalleryState(
      library: Library(sections: [Self.section("Camera", names)], stats: ScanStats()),
      width: 160, height: 40,
      configuration: .init(layoutPreset: .grid, grouping: .day, timeZone: Self.utc))
    _ = state.update(.resize(width: 160, height: 40, cellAspect: 2))
    _ = state.update(.detailsRead(.dates(dates)))
    let scrubber = try #require(state.scrubber)
    func row(_ y: Int) -> Int { scrubber.row(of: y) }
    for r in 0..<scrubber.rows {
      let section = try #require(scrubber.section(atRow: r))
      let start = row(state.layout.sections[section].frame.minY)
      let startsHere = scrubber.starts.contains { row($0.y) == r }
      #expect(startsHere ? start == r : start < r, "row \(r) leads to a section of row \(start)")
    }
  }

  @Test func datesPendingShowInTheStatusLineAndTheLastHeader() {
    let state = Self.state(width: 160, dated: false)
    let screen = GalleryView.render(state).text
    #expect(screen.contains("No date · 7 pictures · dates being read"))
    #expect(screen.contains("by day, 7 dates to read"))
    let dated = Self.state(width: 160)
    #expect(!GalleryView.render(dated).text.contains("dates being read"))
  }

  @Test func jsonGivesEachSectionsPeriodAndDateRange() {
    var configuration = GalleryState.Configuration(grouping: .day, timeZone: Self.utc)
    configuration.isDocument = true
    var state = GalleryPrinter.state(
      library: Self.library(), width: 120, height: 40, configuration: configuration)
    _ = state.update(.detailsRead(Self.dates))
    let json = GalleryPrinter.json(state)
    #expect(json.contains("\"groupBy\": \"day\""))
    #expect(
      json.contains(
        "\"period\": \"2026-03-14\", \"firstTaken\": \"2026-03-14T09:00:00Z\", "
          + "\"lastTaken\": \"2026-03-14T11:00:00Z\""))
    #expect(
      json.contains("\"name\": \"No date\", \"count\": 1, \"orthogonal\": false, \"period\": null"))
  }
}
