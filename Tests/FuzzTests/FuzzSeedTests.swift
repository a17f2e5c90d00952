import Foundation
import FuzzTargets
import Gallery
import GalleryRuntime
import LibraryIndex
import Pictures
import TerminalKit
import TestSupport
import Testing

/// The seeds of the targets that do not take pictures (those are in `ThumbnailsTests`);
/// `make fuzz` collects them through `GALLERY_FUZZ_SEEDS`.
@Suite struct FuzzSeedTests {
  @Test func favouritesFilesSeedTheirParser() throws {
    let target = try #require(FuzzTarget.named("favorites"))
    let sets = [
      Favorites(),
      Favorites(["/home/ana/Pictures/beach.jpg", "/srv/photos/café/写真.png"]),
      Favorites(["/tmp/\"quoted\" name\\.jpg", "/tmp/tab\there.png", "/tmp/🙂.jpg"]),
    ]
    for (index, favorites) in sets.enumerated() {
      let bytes = FavoritesStore.fileBytes(for: favorites)
      #expect(FavoritesStore.favorites(inFileBytes: bytes) == favorites)
      try FuzzSeeds.plant(bytes, named: "favorites-\(index).json", in: target)
    }
    let damaged = #"{"version":2,"favorites":["/a.jpg"]}"#
    #expect(FavoritesStore.favorites(inFileBytes: Array(damaged.utf8)) == nil)
    try FuzzSeeds.plant(Array(damaged.utf8), named: "unknown-version.json", in: target)
  }

  @Test func configurationsAndStateSeedTheirParsers() throws {
    let config = """
      # the example in gallery(1)
      layout = grid
      color = never
      symbols = braille
      office-scrolling = paging
      cache = no
      hidden = yes
      slideshow-interval = 5
      opener = feh -F
      opener-mode = wait
      bind j = down
      bind x = none
      colour = sometimes
      bind = down
      """
    let file = ConfigFile(text: config)
    #expect(file.problems.map(\.line) == [13, 14])
    try FuzzSeeds.plant(
      Array(config.utf8), named: "config", in: try #require(FuzzTarget.named("config")))
    let state = try #require(FuzzTarget.named("state-file"))
    for key in PictureOrder.Key.allCases {
      let contents = StateFile.Contents(order: PictureOrder(key: key, isReversed: true))
      let bytes = StateFile.fileBytes(for: contents)
      #expect(StateFile.contents(inFileBytes: bytes) == contents)
      try FuzzSeeds.plant(bytes, named: "state-\(key.rawValue).json", in: state)
    }
  }

  @Test func answersAndKeysSeedTheReplyParser() throws {
    let target = try #require(FuzzTarget.named("terminal-bytes"))
    let streams = [
      "\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4;22cj",
      "k\u{1B}P>|kitty(0.26.5)\u{1B}\\\u{1B}[?1;0;256S\u{1B}[6;20;10t\u{1B}[A",
      "\u{1B}]11;rgb:0000/0000/0000\u{07}\u{1B}[?2026;2$y\u{1B}[<0;5;5M\u{1B}OPq",
    ]
    for (index, stream) in streams.enumerated() {
      // Stage 1, three cuts, then the stream.
      try FuzzSeeds.plant(
        [1, 3, 40, 120, 200] + Array(stream.utf8), named: "replies-\(index)", in: target)
    }
  }

  @Test func namesSeedTheTerminalBytes() throws {
    let target = try #require(FuzzTarget.named("terminal-bytes"))
    let names: [[UInt8]] = [
      Array("holiday.jpg".utf8),
      Array("café 写真 🙂 e\u{301} 🇫🇷.png".utf8),
      Array("\u{1B}[2J\u{1B}]0;title\u{07}\r\n.jpg".utf8),
      Array("\u{202E}gpj.exe\u{85}\u{7F}".utf8),
      [0x66, 0xFF, 0xFE, 0xC3, 0x28, 0xE2, 0x82, 0x2E, 0x6A, 0x70, 0x67],
    ]
    for (index, name) in names.enumerated() {
      // Stage, width, column, truncation, then the name.
      let bytes: [UInt8] = [0, UInt8(8 + index * 6), UInt8(index), UInt8(index)] + name
      try FuzzSeeds.plant(bytes, named: "name-\(index)", in: target)
    }
  }

  @Test func queriesSeedTheSearchLanguage() throws {
    let target = try #require(FuzzTarget.named("search-query"))
    let queries = [
      "kitchen camera:x100v -is:raw|video iso>=3200 date:2023..2024",
      "lens:\"XF 35\" focal:24-70 shutter<1/500 f<=2.8 w>=4000 h:3000 has:gps|lens",
      "place:\"Ōsaka 2024\" date:2024-08-03 -\"a \\\"b\" caf\\xe9 Img",
      "cam:1 iso>=abc date:2024-13 is:jpeg camera> - \"unclosed",
    ]
    for (index, query) in queries.enumerated() {
      #expect(!PictureQuery(query).terms.isEmpty)
      try FuzzSeeds.plant(Array(query.utf8), named: "query-\(index)", in: target)
    }
  }

  @Test func scriptsSeedTheFrameDiff() throws {
    let target = try #require(FuzzTarget.named("frame-diff"))
    // Any bytes are a script of frames; a few seeded ones give the fuzzer a start.
    for seed in 1...4 {
      var generator = SplitMix64(seed: UInt64(seed))
      let bytes = (0..<(64 * seed)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      try FuzzSeeds.plant(bytes, named: "script-\(seed)", in: target)
    }
  }

  /// Index files as the index writes them: empty, and a few rows of every kind, closed
  /// (the WAL folded in) so the bytes are the whole index.
  @Test func indexFilesSeedTheirParser() throws {
    let target = try #require(FuzzTarget.named("index-file"))
    let files = FolderFixture()
    for (name, count) in [("empty", 0), ("rows", 12)] {
      let path = files.path("\(name)/library.sqlite")
      let index = try #require(PictureIndex.open(at: path).index)
      let entries = (0..<count).map(Self.seedEntry)
      #expect(index.record(entries) == nil)
      index.close()
      let bytes = Array(try Data(contentsOf: URL(fileURLWithPath: path)))
      try FuzzSeeds.plant(bytes, named: "index-\(name).sqlite", in: target)
    }
  }

  /// Row `number` of a seed index: every field, a zone for even ones, a video's for 3.
  static func seedEntry(_ number: Int) -> IndexEntry {
    let stamp = IndexStamp(
      path: "/p/\(number % 7)/\(number).jpg", byteSize: Int64(number), modifiedNanoseconds: 1)
    let offset: Int? = number % 2 == 0 ? 3600 : nil
    let isVideo = number == 3
    let details = PictureDetails(
      format: .jpeg, storedSize: PixelSize(width: 40, height: 30), orientation: 6,
      taken: TakenTime(wallClock: 1_700_000_000, utcOffset: offset),
      cameraMake: "FUJIFILM", cameraModel: "X100V", lens: "23mm F2",
      exposure: Exposure(seconds: 0.01, fNumber: 2, iso: 200, focalLength: 23),
      position: GPSPosition(latitude: 48.85, longitude: 2.35, altitude: 35),
      duration: isVideo ? 4.5 : nil, codec: isVideo ? "h264" : nil)
    return IndexEntry(stamp, details)
  }
}
