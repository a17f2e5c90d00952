import CompositionalLayout
import Foundation
import Pictures
import Testing

@testable import Gallery

/// Pictures' details flowing into the state: the lookup by path, the dates and days
/// derived from them, the reading's progress on the status line, and what a rewritten or
/// departed file leaves behind.
@Suite struct DetailsStateTests {
  static let tokyo = LocalTimeZone(fixedSecondsEastOfUTC: 9 * 3600)
  static let l1 = "/photos/Lisbon/l1.jpg"
  static let l2 = "/photos/Lisbon/l2.jpg"
  static let h1 = "/photos/Home/h1.jpg"

  /// `2026-03-14 23:30` as a clock reads it, in seconds of that clock.
  static func clock(_ text: String) -> Int64 {
    Int64(TimelineStateTests.date(text).timeIntervalSince1970)
  }

  /// l1 on a camera's clock with no offset, l2 with one of −05:00, h1 read and undated.
  static let batch = PictureDetailsBatch([
    l1: PictureDetails(
      taken: TakenTime(wallClock: clock("2026-03-14 23:30")), cameraMake: "FUJIFILM",
      cameraModel: "X100V"),
    l2: PictureDetails(taken: TakenTime(wallClock: clock("2026-03-14 22:00"), utcOffset: -18_000)),
    h1: PictureDetails(cameraModel: "iPhone 15"),
  ])

  /// The timeline library (seven pictures in two folders) by day in `zone`, every
  /// folder scanned at once.
  static func state(zone: LocalTimeZone = tokyo, grouping: SectionGrouping = .day) -> GalleryState {
    var state = GalleryState(
      width: 160, height: 40,
      configuration: .init(layoutPreset: .grid, grouping: grouping, timeZone: zone))
    _ = state.update(.resize(width: 160, height: 40, cellAspect: 2))
    _ = state.update(
      .scanned(
        TimelineStateTests.library().sections.map { ScanEvent.section($0) }
          + [.finished(ScanStats())]))
    return state
  }

  static func screen(_ state: GalleryState) -> String { GalleryView.render(state).text }

  static func statusLine(_ state: GalleryState) -> String {
    String(screen(state).split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
  }

  @Test func aBatchFillsTheLookupAndPutsEachPictureOnItsDay() {
    var state = Self.state()
    #expect(state.content.details(for: Self.l1) == nil, "not read yet")
    _ = state.update(.detailsRead(Self.batch))
    #expect(state.content.details(for: Self.l1) == Self.batch.details[Self.l1])
    #expect(state.content.details(for: Self.h1)?.cameraModel == "iPhone 15")
    // Without an offset, the clock is a time of the zone: 23:30 in Tokyo is 14:30 UTC.
    #expect(state.content.datesTaken[Self.l1] == TimelineStateTests.date("2026-03-14 14:30"))
    // With one, the moment is the clock less it: 22:00 at −05:00 is 03:00 UTC the next
    // day, noon in Tokyo.
    #expect(state.content.datesTaken[Self.l2] == TimelineStateTests.date("2026-03-15 03:00"))
    #expect(state.content.undatedPaths == [Self.h1], "read, and no date: undated for good")
    #expect(state.content.datesPending == 4)
    #expect(
      state.sections.map(\.id) == ["day:2026-03-15", "day:2026-03-14", Timeline.undatedSectionID])
    #expect(state.sections[0].pictures.map(\.path) == [Self.l2])
    #expect(state.sections[1].pictures.map(\.path) == [Self.l1])
  }

  @Test func aClockWithoutAnOffsetIsReadInTheConfiguredZone() {
    var utc = Self.state(zone: .utc)
    var tokyo = Self.state(zone: Self.tokyo)
    _ = utc.update(.detailsRead(Self.batch))
    _ = tokyo.update(.detailsRead(Self.batch))
    #expect(utc.content.datesTaken[Self.l1] == TimelineStateTests.date("2026-03-14 23:30"))
    #expect(tokyo.content.datesTaken[Self.l1] == TimelineStateTests.date("2026-03-14 14:30"))
    #expect(utc.content.datesTaken[Self.l2] == tokyo.content.datesTaken[Self.l2])
    // In UTC, l2's moment (03:00 on the 15th) is still on the 15th; l1 on the 14th.
    #expect(utc.sections.map(\.id).prefix(2) == ["day:2026-03-15", "day:2026-03-14"])
  }

  @Test func theDatesFollowTheDetailsInTheOrderByDateTaken() {
    var state = Self.state(grouping: .folder)
    _ = state.update(.orderLoaded(PictureOrder(key: .dateTaken)))
    // l2 (03:00 UTC on the 15th) after l1 (14:30 UTC on the 14th); the rest by their
    // modification times (all 0), before both.
    _ = state.update(.detailsRead(Self.batch))
    let lisbon = state.sections[0].pictures.map(\.path)
    let ascending = state.order.isReversed ? Array(lisbon.reversed()) : lisbon
    #expect(ascending.suffix(2) == [Self.l1, Self.l2])
  }

  @Test func detailsOfAFileTheLibraryDoesNotHoldAreDropped() {
    var state = Self.state()
    let stranger = "/elsewhere/x.jpg"
    _ = state.update(.detailsRead(PictureDetailsBatch([stranger: PictureDetails()])))
    #expect(state.content.details(for: stranger) == nil)
  }

  @Test func theStatusLineCountsTheDetailsReadThenLetsGo() throws {
    var state = Self.state()
    #expect(Self.statusLine(state).contains("reading details · 0 of 7"))
    // A warning said meanwhile and the count share the line: neither replaces the other.
    _ = state.update(.watchWarnings([.limitReached(count: 8192)]))
    _ = state.update(.detailsRead(Self.batch))
    let line = Self.statusLine(state)
    #expect(line.contains("reading details · 3 of 7"), "\(line)")
    #expect(state.message == .liveUpdates(.limitReached(count: 8192)))
    let rest = TimelineStateTests.library().sections.flatMap(\.pictures).map(\.path)
      .filter { Self.batch.details[$0] == nil }
    _ = state.update(
      .detailsRead(
        PictureDetailsBatch(
          Dictionary(
            uniqueKeysWithValues: rest.map { ($0, PictureDetails()) }))))
    #expect(!Self.screen(state).contains("reading details"))
    #expect(state.loading.detailsReading.progress == nil)
    #expect(state.message == .liveUpdates(.limitReached(count: 8192)), "the warning stays")
  }

  @Test func aReadingCountsAfreshOnceTheLastOneEnded() throws {
    var state = Self.state()
    let all = TimelineStateTests.library().sections.flatMap(\.pictures).map(\.path)
    _ = state.update(
      .detailsRead(
        PictureDetailsBatch(
          Dictionary(
            uniqueKeysWithValues: all.map { ($0, PictureDetails()) }))))
    #expect(state.loading.detailsReading.progress == nil)
    let commands = state.update(
      LiveStateTests.changes(arrived: [LiveStateTests.arrival("/photos/Lisbon", "l9.jpg")]))
    #expect(TimelineStateTests.askedStamps(commands).map(\.path) == ["/photos/Lisbon/l9.jpg"])
    #expect(state.loading.detailsReading.progress ?? (0, 0) == (0, 1))
    #expect(Self.statusLine(state).contains("reading details · 0 of 1"))
  }

  @Test func aFileThatLeavesIsNeitherAwaitedNorCounted() {
    var state = Self.state()
    _ = state.update(.detailsRead(PictureDetailsBatch([Self.l1: PictureDetails()])))
    #expect(state.loading.detailsReading.progress ?? (0, 0) == (1, 7))
    _ = state.update(LiveStateTests.changes(removed: [Self.l2]))
    #expect(state.loading.detailsReading.progress ?? (0, 0) == (1, 6))
  }

  @Test func aRewrittenFileIsForgottenAndReadAgain() throws {
    var state = Self.state()
    _ = state.update(.detailsRead(Self.batch))
    #expect(state.content.datesTaken[Self.l1] != nil)
    let commands = state.update(
      LiveStateTests.changes(arrived: [LiveStateTests.arrival("/photos/Lisbon", "l1.jpg", size: 5)])
    )
    #expect(state.content.details(for: Self.l1) == nil, "what it said before may be untrue now")
    #expect(state.content.datesTaken[Self.l1] == nil)
    let asked = TimelineStateTests.askedStamps(commands)
    #expect(asked.map(\.path) == [Self.l1])
    #expect(asked.first?.byteSize == 5, "asked under its new stamp")
    // What was read of the others stays.
    #expect(state.content.details(for: Self.h1) != nil)
    #expect(state.content.datesTaken[Self.l2] != nil)
  }

  @Test func countsAreGroupedInThousandsWithCommas() {
    #expect(CountText.grouped(0) == "0")
    #expect(CountText.grouped(999) == "999")
    #expect(CountText.grouped(1000) == "1,000")
    #expect(CountText.grouped(12_400) == "12,400")
    #expect(CountText.grouped(48_000) == "48,000")
    #expect(CountText.grouped(1_234_567) == "1,234,567")
  }

  /// A reader says each read is through on its own: the first read's end does not end
  /// the wait for a second asked meanwhile, whose files may still be coming.
  @Test func theReadingLastsUntilEveryReadAskedForIsThrough() {
    var reading = DetailsReading()
    let stamp = { (name: String) in
      FileStamp(path: "/p/\(name).jpg", byteSize: 1, modificationDate: nil)
    }
    reading.ask([stamp("a"), stamp("b")])
    reading.ask([stamp("c")])
    reading.ask([])
    reading.receive(["/p/a.jpg"])
    reading.finish()
    #expect(reading.progress ?? (0, 0) == (1, 3), "the second read is not through")
    reading.finish()
    #expect(reading.progress == nil, "b could not be read: passed by")
  }

  @Test func theProgressSaysThousandsAsTheyAre() {
    var reading = DetailsReading()
    let stamps = (0..<48_000).map {
      FileStamp(path: "/p/\($0).jpg", byteSize: 1, modificationDate: nil)
    }
    reading.ask(stamps)
    reading.receive(stamps.prefix(12_400).map(\.path))
    #expect(reading.progress ?? (0, 0) == (12_400, 48_000))
    var state = Self.state(grouping: .folder)
    // Every picture's details are read, in the folders too (the search asks for them).
    #expect(StatusLine.readingDetails(state) == "reading details · 0 of 7")
    let asked = state.content.unreadDetailStamps.map(\.path)
    #expect(asked.count == 7)
    state.loading.noteDetailsRead(asked)
    #expect(StatusLine.readingDetails(state) == nil, "all read: the progress goes")
    state.loading.noteDetailsAsked(stamps)
    state.loading.noteDetailsRead(stamps.prefix(12_400).map(\.path))
    #expect(StatusLine.readingDetails(state) == "reading details · 12,400 of 48,000")
  }
}
