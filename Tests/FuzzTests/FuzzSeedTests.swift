import Foundation
import FuzzTargets
import Gallery
import GalleryRuntime
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

  @Test func scriptsSeedTheFrameDiff() throws {
    let target = try #require(FuzzTarget.named("frame-diff"))
    // Any bytes are a script of frames; a few seeded ones give the fuzzer a start.
    for seed in 1...4 {
      var generator = SplitMix64(seed: UInt64(seed))
      let bytes = (0..<(64 * seed)).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      try FuzzSeeds.plant(bytes, named: "script-\(seed)", in: target)
    }
  }
}
