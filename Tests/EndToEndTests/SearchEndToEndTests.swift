import Foundation
import TestSupport
import Testing

/// The search in the real binary: queries typed after `/` in tmux over real JPEGs whose
/// EXIF exiftool wrote, the timeline filtered, a filter given with `--filter` (on the
/// screen and with `--print`), and the filtered grid filling in as the details of a first
/// launch are read.
@Suite struct SearchEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// What `shots/` holds: each JPEG's camera, ISO, date taken and whether it has a place.
  static let shots: [(name: String, camera: [String], iso: Int, date: String, gps: Bool)] = [
    ("IMG_0001.jpg", fuji, 3200, "2024:08:03 14:30:00", true),
    ("IMG_0002.jpg", fuji, 400, "2024:08:10 09:00:00", false),
    ("IMG_0003.jpg", fuji, 6400, "2023:05:01 20:00:00", false),
    ("IMG_0004.jpg", nikon, 3200, "2024:07:20 12:00:00", true),
    ("IMG_0005.jpg", nikon, 100, "2022:01:01 10:00:00", false),
  ]
  static let fuji = ["-Make=FUJIFILM", "-Model=X100V"]
  static let nikon = ["-Make=NIKON CORPORATION", "-Model=NIKON Z 6"]
  static let place = [
    "-GPSLatitude=35.6586", "-GPSLatitudeRef=N", "-GPSLongitude=139.7454",
    "-GPSLongitudeRef=E",
  ]

  /// A folder `shots/` of `shots` and a second of video, `IMG_0006.mp4`.
  static func library() async throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-search-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(
      atPath: root + "/shots", withIntermediateDirectories: true)
    var tagging = ["exiftool", "-q", "-overwrite_original"]
    for (index, shot) in shots.enumerated() {
      let path = "\(root)/shots/\(shot.name)"
      let made = try await Subprocess.run(["convert", "-size", "160x120", "xc:teal", path])
      try #require(made.status == 0, "\(made.errors)")
      if index > 0 { tagging += ["-execute", "-q", "-overwrite_original"] }
      tagging += shot.camera + ["-ISO=\(shot.iso)", "-DateTimeOriginal=\(shot.date)"]
      tagging += (shot.gps ? place : []) + [path]
    }
    let tagged = try await Subprocess.run(tagging)
    try #require(tagged.status == 0, "\(tagged.errors)")
    let video = try await Subprocess.run([
      "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
      "testsrc2=size=160x120:rate=10:duration=1", "-c:v", "libx264", "-pix_fmt", "yuv420p",
      "\(root)/shots/IMG_0006.mp4",
    ])
    try #require(video.status == 0, "\(video.errors)")
    return root
  }

  /// Runs `body` on a fresh `library()` and an empty cache folder, both removed after.
  static func withLibrary(
    _ body: (_ root: String, _ cache: String) async throws -> Void
  ) async throws {
    let root = try await library()
    let cache = root + "-cache"
    defer {
      try? FileManager.default.removeItem(atPath: root)
      try? FileManager.default.removeItem(atPath: cache)
    }
    try await body(root, cache)
  }

  /// The gallery on `root` in tmux, its caches in `cache`.
  static func launch(
    _ root: String, arguments: String = "", cache: String, width: Int = 130, height: Int = 36
  ) async throws -> Tmux {
    try await TimelineEndToEndTests.launch(
      root, arguments: "--layout grid " + arguments, cache: cache, width: width, height: height)
  }

  /// The names of the pictures on a screen (the status line apart).
  static func shown(_ screen: String) -> Set<String> {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    var names: Set<String> = []
    for line in lines {
      var rest = line[...]
      while let found = rest.range(of: #"IMG_\d{4}\.(jpg|mp4)"#, options: .regularExpression) {
        names.insert(String(rest[found]))
        rest = rest[found.upperBound...]
      }
    }
    return names
  }

  /// Whether every picture's details are read: the status line counts none still to read.
  static func allRead(_ screen: String) -> Bool {
    !E2E.statusLine(screen).contains("reading details")
  }

  static func names(_ numbers: Int...) -> Set<String> {
    Set(numbers.map { String(format: "IMG_%04d.", $0) + ($0 == 6 ? "mp4" : "jpg") })
  }

  @Test func fieldsTypedNarrowTheGridAndAProblemIsExplained() async throws {
    try await Self.withLibrary { root, cache in
      let tmux = try await Self.launch(root, cache: cache)
      defer { tmux.kill() }
      try await tmux.waitUntil(deadline: .seconds(20), "every picture's details") {
        Self.shown($0) == Self.names(1, 2, 3, 4, 5, 6) && Self.allRead($0)
      }
      try await tmux.type("/iso>=3200")
      let high = try await tmux.waitUntil("the high ISOs") {
        Self.shown($0) == Self.names(1, 3, 4)
      }
      #expect(E2E.statusLine(high).contains("/iso>=3200"), "screen:\n\(high)")
      #expect(E2E.statusLine(high).contains("3 of 6 pictures"), "screen:\n\(high)")
      try await tmux.sendKeys("C-u")
      try await tmux.type("camera:x100v -has:gps")
      let fuji = try await tmux.waitUntil("the X100V's without a place") {
        Self.shown($0) == Self.names(2, 3)
      }
      #expect(E2E.statusLine(fuji).contains("2 of 6 pictures"), "screen:\n\(fuji)")
      // A value that is not a number: said in the prompt line; nothing else narrows.
      try await tmux.sendKeys("C-u")
      try await tmux.type("iso>=abc")
      let bad = try await tmux.waitUntil("the explanation") {
        E2E.statusLine($0).contains("iso wants a whole number, as in iso>=3200")
      }
      #expect(E2E.statusLine(bad).contains("/iso>=abc"), "screen:\n\(bad)")
      #expect(Self.shown(bad) == Self.names(1, 2, 3, 4, 5, 6), "screen:\n\(bad)")
      // Kept with Enter, cleared with Esc.
      try await tmux.sendKeys("C-u")
      try await tmux.type("is:video")
      try await tmux.sendKeys("Enter")
      try await tmux.waitUntil("the video kept") {
        Self.shown($0) == Self.names(6) && E2E.statusLine($0).contains("/is:video 1 of 6")
      }
      try await tmux.sendKeys("Escape")
      let all = try await tmux.waitUntil("every picture again") {
        Self.shown($0) == Self.names(1, 2, 3, 4, 5, 6)
      }
      #expect(!E2E.statusLine(all).contains("/is:video"), "screen:\n\(all)")
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
    }
  }

  @Test func aDateNarrowsTheTimelineToItsMonth() async throws {
    try await Self.withLibrary { root, cache in
      let tmux = try await TimelineEndToEndTests.launch(
        root, arguments: "--group-by month", cache: cache)
      defer { tmux.kill() }
      try await tmux.waitUntil(deadline: .seconds(20), "the months") {
        $0.contains("August 2024 · 2 pictures") && $0.contains("▾ July") && Self.allRead($0)
      }
      try await tmux.type("/date:2024-08")
      let august = try await tmux.waitUntil("August alone") {
        Self.shown($0) == Self.names(1, 2)
      }
      #expect(august.contains("August 2024"), "screen:\n\(august)")
      #expect(!august.contains("▾ July") && !august.contains("May 2023"), "\(august)")
      #expect(E2E.statusLine(august).contains("2 of 6 pictures"), "screen:\n\(august)")
      try await tmux.sendKeys("Escape")
      let all = try await tmux.waitUntil("every month again") {
        $0.contains("▾ July") && $0.contains("May 2023")
      }
      #expect(Self.shown(all).isSuperset(of: Self.names(1, 2, 4)), "screen:\n\(all)")
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
    }
  }

  @Test func aFilterGivenOnTheCommandLineIsInForceFromTheStart() async throws {
    try await Self.withLibrary { root, cache in
      let tmux = try await Self.launch(root, arguments: "--filter is:video", cache: cache)
      defer { tmux.kill() }
      let video = try await tmux.waitUntil("the video alone") {
        Self.shown($0) == Self.names(6) && E2E.statusLine($0).contains("IMG_0006.mp4")
      }
      #expect(E2E.statusLine(video).contains("/is:video 1 of 6 pictures"), "\(video)")
      try await tmux.sendKeys("Escape")
      try await tmux.waitUntil("every picture") { Self.shown($0) == Self.names(1, 2, 3, 4, 5, 6) }
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
    }
  }

  @Test func printDrawsOnlyWhatTheFilterMatchesAndABadFilterIsAUsageError() async throws {
    try await Self.withLibrary { root, cache in
      let environment = ["XDG_CACHE_HOME": cache]
      // An empty cache: every picture's details are read before the document is drawn.
      let printed = try await GalleryCommandTests.run(
        ["--print", "--format", "plain", "--size", "100x30", "--filter", "camera:z6", root],
        environment: environment)
      #expect(printed.status == 0, "\(printed.errors)")
      #expect(Self.shown(printed.output + "\n") == Self.names(4, 5), "\(printed.output)")
      let names = try await GalleryCommandTests.run(
        ["--print", "--format", "plain", "--size", "100x30", "--filter", "0003", root],
        environment: environment)
      #expect(Self.shown(names.output + "\n") == Self.names(3), "\(names.output)")
      let bad = try await GalleryCommandTests.run(
        ["--print", "--filter", "iso>=abc", root], environment: environment)
      #expect(bad.status == 2, "\(bad.errors)")
      #expect(
        bad.errors.hasPrefix("gallery: --filter: iso wants a whole number, as in iso>=3200\n"),
        "\(bad.errors)")
      #expect(bad.output.isEmpty, "\(bad.output)")
    }
  }

  /// `many/` holds `count` JPEGs, `IMG_1000.jpg` on: every third (from the first) at ISO
  /// 3200, the rest at ISO 100.
  static func many(_ count: Int) async throws -> String {
    let root = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-search-many-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(
      atPath: root + "/many", withIntermediateDirectories: true)
    let high = root + "/high.jpg"
    let low = root + "/low.jpg"
    for (path, iso) in [(high, 3200), (low, 100)] {
      let made = try await Subprocess.run(["convert", "-size", "160x120", "xc:navy", path])
      try #require(made.status == 0, "\(made.errors)")
      let tagged = try await Subprocess.run([
        "exiftool", "-q", "-overwrite_original", "-ISO=\(iso)", path,
      ])
      try #require(tagged.status == 0, "\(tagged.errors)")
    }
    for index in 0..<count {
      try FileManager.default.copyItem(
        atPath: index % 3 == 0 ? high : low, toPath: "\(root)/many/IMG_\(1000 + index).jpg")
    }
    return root
  }

  /// A first launch: nothing in the cache, the details read after the first frame. The
  /// grid filtered from the start fills in as they arrive, and the picture the user moved
  /// to keeps the focus.
  @Test func theFilteredGridFillsInAsDetailsArriveAndTheFocusStays() async throws {
    let count = 240
    let root = try await Self.many(count)
    let cache = root + "-cache"
    defer {
      try? FileManager.default.removeItem(atPath: root)
      try? FileManager.default.removeItem(atPath: cache)
    }
    let tmux = try await Self.launch(
      root + "/many", arguments: "--filter 'iso>=3200'", cache: cache)
    defer { tmux.kill() }
    // Two pictures at least, then one step right: the user took the focus.
    func focusedName(_ screen: String) -> String? {
      let status = E2E.statusLine(screen)
      return status.range(of: #"IMG_\d{4}\.jpg"#, options: .regularExpression)
        .map { String(status[$0]) }
    }
    let two = try await tmux.waitUntil(deadline: .seconds(20), "two matches") {
      Self.shown($0).count >= 2 && focusedName($0) != nil
    }
    let first = try #require(focusedName(two))
    try await tmux.sendKeys("Right")
    let moved = try await tmux.waitUntil("the focus moved") {
      focusedName($0).map { $0 != first } ?? false
    }
    let focused = try #require(focusedName(moved))
    let end = try await tmux.waitUntil(deadline: .seconds(30), "every picture's details") {
      Self.allRead($0) && E2E.statusLine($0).contains("\(count / 3) of \(count) pictures")
    }
    #expect(E2E.statusLine(end).contains(focused), "the focus stayed:\n\(end)")
    let matching = Set((0..<count).filter { $0 % 3 == 0 }.map { "IMG_\(1000 + $0).jpg" })
    let onScreen = Self.shown(end)
    #expect(!onScreen.isEmpty && onScreen.isSubset(of: matching), "screen:\n\(end)")
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }
}
