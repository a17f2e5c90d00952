import Foundation
import TestSupport
import Testing

/// The timeline in the real binary, in tmux: sections by day, month and year, `t` going
/// round them, the "go to date" prompt, the scrubber, a picture moving to its new day when
/// its file is rewritten, and the dates kept for the next opening.
@Suite struct TimelineEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// `trip/` holds three photos of Saturday 14 March 2026 (and `busyTrip` more copies of
  /// the first); `home/` one of Sunday 15 March 2026, one of Saturday 2 August 2025 and a
  /// screenshot (a PNG) without a date.
  static func library(busyTrip: Int = 0) async throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-timeline-\(UUID().uuidString.prefix(8))"
    ).path
    for folder in ["trip", "home"] {
      try FileManager.default.createDirectory(
        atPath: root + "/" + folder, withIntermediateDirectories: true)
    }
    let photos: [(String, String, String)] = [
      ("trip/IMG_0101.jpg", "red", "2026:03:14 09:00:00"),
      ("trip/IMG_0102.jpg", "orange", "2026:03:14 10:30:00"),
      ("trip/IMG_0103.jpg", "yellow", "2026:03:14 18:45:00"),
      ("home/IMG_0201.jpg", "blue", "2026:03:15 08:15:00"),
      ("home/IMG_0202.jpg", "green", "2025:08:02 12:00:00"),
    ]
    var tagging = ["exiftool", "-q", "-overwrite_original"]
    for (index, (name, color, date)) in photos.enumerated() {
      let made = try await Subprocess.run([
        "convert", "-size", "160x120", "xc:\(color)", "\(root)/\(name)",
      ])
      try #require(made.status == 0, "\(made.errors)")
      if index > 0 { tagging += ["-execute", "-q", "-overwrite_original"] }
      tagging += ["-DateTimeOriginal=\(date)", "\(root)/\(name)"]
    }
    let shot = try await Subprocess.run([
      "convert", "-size", "160x120", "xc:gray", "\(root)/home/Screenshot.png",
    ])
    try #require(shot.status == 0, "\(shot.errors)")
    let tagged = try await Subprocess.run(tagging)
    try #require(tagged.status == 0, "\(tagged.errors)")
    for number in 0..<busyTrip {
      try FileManager.default.copyItem(
        atPath: "\(root)/trip/IMG_0101.jpg", toPath: "\(root)/trip/IMG_07\(10 + number).jpg")
    }
    return root
  }

  /// The gallery on `root` in tmux, its caches in `cache`, dates in British English.
  static func launch(
    _ root: String, arguments: String, cache: String, width: Int = 130, height: Int = 36
  ) async throws -> Tmux {
    let binary = try BuiltProduct.path("gallery")
    let locales = try await TestLocales.folder(["en_GB.UTF-8"])
    let tmux = try await Tmux.start(width: width, height: height)
    do {
      try await tmux.run("stty -g > stty.before")
      try await tmux.run(
        "LC_ALL= LANG=C.UTF-8 LC_TIME=en_GB.UTF-8 LOCPATH=\(locales) XDG_CACHE_HOME=\(cache) "
          + "TERM=xterm-256color "
          + "\(binary) --graphics cells \(arguments) \(root)")
      try await tmux.waitUntil("the first frame") { E2E.isDrawn($0) }
    } catch {
      tmux.kill()
      throw error
    }
    return tmux
  }

  /// Runs `body` on a fresh `library(busyTrip:)` and an empty cache folder, both removed
  /// after.
  static func withLibrary(
    busyTrip: Int = 0, _ body: (_ root: String, _ cache: String) async throws -> Void
  ) async throws {
    let root = try await library(busyTrip: busyTrip)
    let cache = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-timeline-cache-\(UUID().uuidString.prefix(8))"
    ).path
    defer {
      try? FileManager.default.removeItem(atPath: root)
      try? FileManager.default.removeItem(atPath: cache)
    }
    try await body(root, cache)
  }

  /// Runs `body` on the gallery grouping `root` (an `oneADay` folder) by day at 160×50,
  /// its caches in a folder of their own; the gallery, `root` and the caches go after.
  static func withDaysByDay(
    _ root: String, _ body: (_ tmux: Tmux) async throws -> Void
  ) async throws {
    let cache = root + "-cache"
    defer {
      try? FileManager.default.removeItem(atPath: root)
      try? FileManager.default.removeItem(atPath: cache)
    }
    let tmux = try await launch(
      root, arguments: "--group-by day", cache: cache, width: 160, height: 50)
    defer { tmux.kill() }
    try await body(tmux)
  }

  /// `days/` holds `count` photos, one a day: `IMG_1001.jpg` of `first` (Tuesday 3 March
  /// 2026), then one every `step` days back in time; the `twin`th day has a second photo,
  /// `IMG_0001.jpg`.
  static func oneADay(
    _ count: Int = 60, every step: Int = 2,
    from first: DateComponents = .init(year: 2026, month: 3, day: 3),
    twin: Int? = nil
  ) async throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-days-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(
      atPath: root + "/days", withIntermediateDirectories: true)
    let original = "\(root)/days/IMG_1001.jpg"
    let made = try await Subprocess.run(["convert", "-size", "160x120", "xc:teal", original])
    try #require(made.status == 0, "\(made.errors)")
    var tagging = ["exiftool", "-q", "-overwrite_original"]
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = try #require(TimeZone(identifier: "UTC"))
    let start = try #require(calendar.date(from: first))
    for index in 0..<count {
      let day = calendar.dateComponents(
        [.year, .month, .day], from: start.addingTimeInterval(Double(-step * index) * 86_400))
      let date = String(
        format: "%04d:%02d:%02d 12:00:00", day.year ?? 0, day.month ?? 0, day.day ?? 0)
      var paths = ["\(root)/days/IMG_\(1001 + index).jpg"]
      if index == twin { paths.append("\(root)/days/IMG_0001.jpg") }
      for path in paths where path != original {
        try FileManager.default.copyItem(atPath: original, toPath: path)
      }
      for path in paths {
        if path != original { tagging += ["-execute", "-q", "-overwrite_original"] }
        tagging += ["-DateTimeOriginal=\(date)", path]
      }
    }
    let tagged = try await Subprocess.run(tagging)
    try #require(tagged.status == 0, "\(tagged.errors)")
    return root
  }

  /// The names of the pictures on a screen (the status line apart).
  static func picturesShown(_ screen: String) -> Set<String> {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    var names: Set<String> = []
    for line in lines {
      var rest = line[...]
      while let found = rest.range(of: #"IMG_\d{4}\.jpg"#, options: .regularExpression) {
        names.insert(String(rest[found]))
        rest = rest[found.upperBound...]
      }
    }
    return names
  }

  @Test func smallDaysShareRowsSoAScreenHoldsManyOfThem() async throws {
    try await Self.withDaysByDay(try await Self.oneADay()) { tmux in
      let wide = try await tmux.waitUntil(deadline: .seconds(20), "the days side by side") {
        $0.contains("Tue, 3 Mar 2026") && !E2E.statusLine($0).contains("dates to read")
      }
      #expect(Self.picturesShown(wide).count >= 20, "screen:\n\(wide)")
      #expect(wide.contains("Sun 1 Mar ─"), "no year till it changes:\n\(wide)")
      #expect(E2E.statusLine(wide).contains("IMG_1001.jpg"), "screen:\n\(wide)")
      // Right goes to the next day beside, down to the day below.
      try await tmux.sendKeys("Right")
      try await tmux.waitUntil("the next day") { E2E.statusLine($0).contains("IMG_1002.jpg") }
      try await tmux.sendKeys("Down")
      let below = try await tmux.waitUntil("the day below") {
        !E2E.statusLine($0).contains("IMG_1002.jpg")
      }
      let focused = try #require(
        E2E.statusLine(below).range(of: #"IMG_\d{4}\.jpg"#, options: .regularExpression)
          .map { String(E2E.statusLine(below)[$0]) })
      #expect(focused >= "IMG_1006.jpg", "a row of days further:\n\(below)")
      // A click on the first picture of the third row of days.
      let lines = below.split(separator: "\n", omittingEmptySubsequences: false)
      let headerRows = lines.indices.filter { lines[$0].hasPrefix(" ▾ ") }
      try #require(headerRows.count >= 3, "screen:\n\(wide)")
      try await tmux.mouse(.click, x: 5, y: headerRows[2] + 4)
      let clicked = try await tmux.waitUntil("the clicked day") {
        !E2E.statusLine($0).contains(focused)
      }
      // Its name is on its bottom edge: below the header, the ring, the art.
      let third = lines[headerRows[2] + 11]
      let name = try #require(
        third.range(of: #"IMG_\d{4}\.jpg"#, options: .regularExpression).map { String(third[$0]) })
      #expect(E2E.statusLine(clicked).contains(name), "\(name):\n\(clicked)")
      // Narrower: four days a row, shorter titles, none cut; the focus kept.
      try await tmux.resize(width: 60, height: 24)
      let narrow = try await tmux.waitUntil("the narrow reflow") { screen in
        screen.split(separator: "\n").contains { $0.filter { $0 == "▾" }.count == 4 }
      }
      #expect(E2E.statusLine(narrow).contains(name), "screen:\n\(narrow)")
      let titles = narrow.split(separator: "\n").filter { $0.contains("▾") }
      #expect(titles.allSatisfy { !$0.contains("…") }, "screen:\n\(narrow)")
      #expect(titles.contains { $0.contains(" Mar ") || $0.contains(" Feb ") }, "\(narrow)")
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
    }
  }

  /// The scrubber's labels down the screen (`2025`, `Sep`), each with the escape
  /// sequences it is drawn in when `screen` has them.
  static func scrubberLabels(_ screen: String) -> [(text: String, style: String)] {
    screen.split(separator: "\n").compactMap { line in
      let plain = line.replacingOccurrences(
        of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
      guard
        let found = plain.range(
          of: #"(\d{4}|[A-Z][a-z]{2}) [┃│]$"#, options: .regularExpression)
      else { return nil }
      let text = String(plain[found].prefix(while: { $0 != " " }))
      guard let at = line.range(of: text, options: .backwards) else { return (text, "") }
      let before = line[..<at.lowerBound]
      let style = before.range(of: "(\u{1B}\\[[0-9;]*m)+$", options: .regularExpression)
      return (text, style.map { String(before[$0]) } ?? "")
    }
  }

  /// The year lit on the scrubber: the one drawn unlike the others.
  static func litYear(_ screen: String) -> String? {
    let years = scrubberLabels(screen).filter { $0.text.first?.isNumber == true }
    let lit = years.filter { year in years.filter { $0.style == year.style }.count == 1 }
    return lit.count == 1 ? lit[0].text : nil
  }

  @Test func theScrubberNamesEveryYearAndLightsTheFocusedPicturesYear() async throws {
    // Sixty days 18 days apart from 10 March 2025 back to April 2022, the thirtieth with
    // two photos: 2025's few days share their row with 2024's first.
    let days = try await Self.oneADay(
      60, every: 18, from: DateComponents(year: 2025, month: 3, day: 10), twin: 29)
    try await Self.withDaysByDay(days) { tmux in
      let years = ["2025", "2024", "2023", "2022"]
      func yearsTold(_ screen: String) -> [String] {
        Self.scrubberLabels(screen).map(\.text).filter { $0.first?.isNumber == true }
      }
      let first = try await tmux.waitUntil(deadline: .seconds(20), "every date") {
        !E2E.statusLine($0).contains("dates to read") && yearsTold($0).last == "2022"
      }
      #expect(yearsTold(first) == years, "screen:\n\(first)")
      // The oldest picture, on screen at the foot: its year is lit, not the top's.
      try await tmux.sendKeys("End")
      let end = try await tmux.waitUntil("the oldest", escapes: true) {
        E2E.statusLine($0).contains("IMG_1060.jpg")
      }
      #expect(Self.litYear(end) == "2022", "\(Self.scrubberLabels(end))")
      // Shorter, still at regular width: every year, the focus's lit.
      try await tmux.resize(width: 130, height: 30)
      let short = try await tmux.waitUntil("the short screen", escapes: true) {
        yearsTold($0).count >= 3 && E2E.statusLine($0).contains("IMG_1060.jpg")
      }
      #expect(yearsTold(short) == years, "\(Self.scrubberLabels(short))")
      #expect(Self.litYear(short) == "2022", "\(Self.scrubberLabels(short))")
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
    }
  }

  @Test func daysMonthsAndYearsInTurnWithTheirCountsAndPlaces() async throws {
    try await Self.withLibrary { root, cache in
      let tmux = try await Self.launch(root, arguments: "--group-by day", cache: cache)
      defer { tmux.kill() }
      // Small days side by side, each under its short title: the year where it changes,
      // the count and the folder of a day of more than one picture.
      let days = try await tmux.waitUntil("the days") {
        $0.contains("Sat 14 Mar · 3 pictures · trip") && $0.contains("▾ No date ")
      }
      let order = ["15 Mar 2026", "14 Mar", "2 Aug 2025", "No date"].map {
        days.range(of: $0)?.lowerBound
      }
      #expect(order.allSatisfy { $0 != nil }, "screen:\n\(days)")
      #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "screen:\n\(days)")
      #expect(days.contains("▾ Sun, 15 Mar 2026 "), "weekdays in the locale:\n\(days)")
      #expect(E2E.statusLine(days).contains("IMG_0201.jpg"), "the newest first:\n\(days)")
      try await tmux.sendKeys("t")
      let months = try await tmux.waitUntil("the months") {
        $0.contains("March 2026 · 4 pictures") && $0.contains("▾ August 2025 ")
      }
      #expect(E2E.statusLine(months).contains("IMG_0201.jpg"), "the focus kept:\n\(months)")
      try await tmux.sendKeys("t")
      try await tmux.waitUntil("the years") {
        $0.contains("2026 · 4 pictures") && $0.contains("▾ 2025 ")
      }
      try await tmux.sendKeys("t")
      let folders = try await tmux.waitUntil("the folders") {
        $0.contains("trip  3 pictures") && $0.contains("home  3 pictures")
      }
      #expect(E2E.statusLine(folders).contains("IMG_0201.jpg"), "the focus kept:\n\(folders)")
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
    }
  }

  @Test func theDatePromptAndTheScrubberLeapThroughTheYears() async throws {
    // Short, and the trip's day of nine photos whole rows: August 2025 is below the first
    // screen.
    try await Self.withLibrary(busyTrip: 6) { root, cache in
      let tmux = try await Self.launch(root, arguments: "--group-by day", cache: cache, height: 20)
      defer { tmux.kill() }
      let first = try await tmux.waitUntil("the days and the scrubber") {
        $0.contains("15 Mar 2026")
          && $0.split(separator: "\n").contains { $0.hasSuffix("2026 ┃") }
      }
      try await tmux.sendKeys("T")
      try await tmux.waitUntil("the prompt") { E2E.statusLine($0).contains("go to date:") }
      try await tmux.type("aug 2025")
      try await tmux.sendKeys("Enter")
      let august = try await tmux.waitUntil("August 2025") {
        E2E.statusLine($0).contains("IMG_0202.jpg")
      }
      #expect(august.contains("▾ Sat, 2 Aug 2025 "), "screen:\n\(august)")
      // The scrubber's 2026 is at its top: a drag from its foot up there goes back to the
      // newest day, a click on 2025 down again.
      let lines = first.split(separator: "\n", omittingEmptySubsequences: false)
      let top = try #require(lines.firstIndex { $0.hasSuffix("2026 ┃") || $0.hasSuffix("2026 │") })
      let bottom = try #require(
        lines.firstIndex { $0.hasSuffix("2025 │") || $0.hasSuffix("2025 ┃") })
      try await tmux.mouse(.press, x: 128, y: bottom)
      try await Task.sleep(for: .milliseconds(300))
      try await tmux.mouse(.drag, x: 128, y: (top + bottom) / 2)
      try await tmux.mouse(.drag, x: 128, y: top)
      try await tmux.waitUntil("back at the newest") { E2E.statusLine($0).contains("IMG_0201.jpg") }
      try await tmux.mouse(.release, x: 128, y: top)
      // The terminal reports clicks again once the button is up: a drag leaves the mouse
      // as it found it. tmux knows what the program asked of it.
      try await Task.sleep(for: .milliseconds(300))
      let modes = try await tmux.tmux([
        "display", "-p", "-t", tmux.target, "#{mouse_standard_flag} #{mouse_button_flag}",
      ])
      #expect(modes.trimmingCharacters(in: .whitespacesAndNewlines) == "1 0", "modes: \(modes)")
      // A press held past the click interval and let go in place is a click.
      try await tmux.mouse(.press, x: 126, y: bottom)
      try await Task.sleep(for: .milliseconds(400))
      try await tmux.mouse(.release, x: 126, y: bottom)
      try await tmux.waitUntil("down at 2025") { E2E.statusLine($0).contains("IMG_0202.jpg") }
      try await tmux.mouse(.click, x: 126, y: top)
      try await tmux.waitUntil("up at 2026") { E2E.statusLine($0).contains("IMG_0201.jpg") }
      try await tmux.mouse(.click, x: 126, y: bottom)
      try await tmux.waitUntil("down at 2025") { E2E.statusLine($0).contains("IMG_0202.jpg") }
      // A date with no pictures: the nearest, said so.
      try await tmux.sendKeys("T")
      try await tmux.type("2024")
      try await tmux.sendKeys("Enter")
      let nearest = try await tmux.waitUntil("the nearest") {
        E2E.statusLine($0).contains("no pictures from 2024")
      }
      #expect(E2E.statusLine(nearest).contains("IMG_0202.jpg"), "screen:\n\(nearest)")
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
    }
  }

  @Test func aRewrittenDateMovesThePictureAndANewOneJoinsItsDay() async throws {
    try await Self.withLibrary { root, cache in
      let tmux = try await Self.launch(root, arguments: "--group-by day", cache: cache)
      defer { tmux.kill() }
      try await tmux.waitUntil("the days") { $0.contains("14 Mar · 3 pictures · trip") }
      // The camera's clock was a day out: the photo of the 15th moves to the 14th.
      let retagged = try await Subprocess.run([
        "exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2026:03:14 20:00:00",
        "\(root)/home/IMG_0201.jpg",
      ])
      try #require(retagged.status == 0, "\(retagged.errors)")
      let moved = try await tmux.waitUntil(deadline: .seconds(15), "the picture on its new day") {
        $0.contains("14 Mar 2026 · 4 pictures") && !$0.contains("15 Mar")
      }
      #expect(!moved.contains("4 pictures · trip"), "two folders now:\n\(moved)")
      // A photo of 2 August 2025 copied in joins that day: the copy of its only picture,
      // the same moment and look, the two are one stack there.
      #expect(!moved.contains("×2"))
      let copied = try await Subprocess.run([
        "cp", "\(root)/home/IMG_0202.jpg", "\(root)/trip/IMG_0104.jpg",
      ])
      try #require(copied.status == 0)
      try await tmux.waitUntil(deadline: .seconds(15), "the new picture in its day") {
        $0.contains("2 Aug 2025 · 2 pictures") || ($0.contains("2 Aug 2025") && $0.contains("×2"))
      }
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
    }
  }

  @Test func theSecondOpeningIsGroupedFromTheLibraryIndex() async throws {
    try await Self.withLibrary { root, cache in
      let first = try await Self.launch(root, arguments: "--group-by month", cache: cache)
      try await first.waitUntil("every date") {
        $0.contains("March 2026 · 4 pictures") && !E2E.statusLine($0).contains("dates to read")
      }
      try await first.sendKeys("q")
      try await E2E.expectRestored(first, status: 0)
      first.kill()
      let saved = cache + "/gallery/library.sqlite"
      #expect(FileManager.default.fileExists(atPath: saved), "the details are kept in \(saved)")
      // The trip's files now say 2019, rewritten in place with their inode, size and times
      // kept: only the index, keyed by them, still knows them as 2026.
      for name in ["IMG_0101.jpg", "IMG_0102.jpg", "IMG_0103.jpg"] {
        let path = root + "/trip/" + name
        let keep = try await Subprocess.run(["touch", "-r", path, path + ".time"])
        try #require(keep.status == 0)
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let old = Array("2026:03:14".utf8)
        let new = Array("2019:01:01".utf8)
        var index = 0
        while index + old.count <= bytes.count {
          if Array(bytes[index..<index + old.count]) == old {
            bytes.replaceSubrange(index..<index + old.count, with: new)
          }
          index += 1
        }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let back = try await Subprocess.run(["touch", "-r", path + ".time", path])
        try #require(back.status == 0)
        try FileManager.default.removeItem(atPath: path + ".time")
      }
      let second = try await Self.launch(root, arguments: "--group-by year", cache: cache)
      defer { second.kill() }
      let years = try await second.waitUntil("the years") { $0.contains("2026 · 4 pictures") }
      #expect(years.contains("▾ 2025 "), "screen:\n\(years)")
      #expect(!years.contains("2019"), "dated from the cache, not the files:\n\(years)")
      try await second.sendKeys("q")
      try await E2E.expectRestored(second, status: 0)
    }
  }

  @Test func printGivesTheTimelineAndEachSectionsDates() async throws {
    let root = try await Self.library()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let plain = try await GalleryCommandTests.run(
      ["--print", "--format", "plain", "--size", "100x30", "--group-by", "day", root],
      environment: [
        "LC_TIME": "en_GB.UTF-8", "LC_ALL": "",
        "LOCPATH": try await TestLocales.folder(["en_GB.UTF-8"]),
      ])
    #expect(plain.status == 0, "\(plain.errors)")
    #expect(plain.output.contains("Sat 14 Mar · 3 pictures · trip"), "\(plain.output)")
    #expect(plain.output.contains("▾ No date "), "\(plain.output)")
    let json = try await GalleryCommandTests.run(
      ["--print", "--format", "json", "--size", "100x30", "--group-by", "month", root],
      environment: ["TZ": "UTC"])
    #expect(json.status == 0, "\(json.errors)")
    #expect(json.output.contains("\"groupBy\": \"month\""), "\(json.output)")
    #expect(
      json.output.contains(
        "\"period\": \"2026-03\", \"firstTaken\": \"2026-03-14T09:00:00Z\", "
          + "\"lastTaken\": \"2026-03-15T08:15:00Z\""), "\(json.output)")
    let bad = try await GalleryCommandTests.run(["--print", "--group-by", "week", root])
    #expect(bad.status == 2, "\(bad.errors)")
    #expect(bad.errors.contains("folder|day|month|year"), "\(bad.errors)")
  }

  /// The machine's zone is the C library's (`TZ`), its offset taken per date: a winter
  /// and a summer picture of Berlin's rule each in their own, the clocks changing between.
  @Test func printReadsEachDateInItsOwnOffsetOfTheZone() async throws {
    let root = try await Self.library()
    defer { try? FileManager.default.removeItem(atPath: root) }
    // Berlin's rule, spelt out so no zone file is needed.
    let json = try await GalleryCommandTests.run(
      ["--print", "--format", "json", "--size", "100x30", "--group-by", "month", root],
      environment: ["TZ": "CET-1CEST,M3.5.0,M10.5.0/3"])
    #expect(json.status == 0, "\(json.errors)")
    #expect(
      json.output.contains(
        "\"period\": \"2026-03\", \"firstTaken\": \"2026-03-14T09:00:00+0100\", "
          + "\"lastTaken\": \"2026-03-15T08:15:00+0100\""), "\(json.output)")
    #expect(
      json.output.contains(
        "\"period\": \"2025-08\", \"firstTaken\": \"2025-08-02T12:00:00+0200\""),
      "\(json.output)")
  }

  /// Another language's words, from the C library's locale (`LC_TIME`), in the titles.
  @Test func printWritesTheTitlesInTheLocalesWords() async throws {
    let root = try await Self.library()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let plain = try await GalleryCommandTests.run(
      ["--print", "--format", "plain", "--size", "100x30", "--group-by", "month", root],
      environment: [
        "LC_TIME": "de_DE.UTF-8", "LC_ALL": "",
        "LOCPATH": try await TestLocales.folder(["de_DE.UTF-8"]),
      ])
    #expect(plain.status == 0, "\(plain.errors)")
    #expect(plain.output.contains("März 2026"), "\(plain.output)")
    #expect(plain.output.contains("August 2025"), "\(plain.output)")
  }
}
