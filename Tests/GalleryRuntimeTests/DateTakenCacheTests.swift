import Foundation
import Gallery
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

/// The cache of dates taken: what it keeps under which stamp, its file's bytes, and the
/// file on disk.
@Suite struct DateTakenCacheTests {
  static let zone = "Europe/Paris"

  /// A cache holding a dated file, an undated one, one without a modification time, a
  /// name that is not UTF-8 and one of other scripts.
  static func sample() -> DateTakenCache {
    var cache = DateTakenCache()
    let notUTF8 = "/p/" + PathBytes.string(fileSystemBytes: [0x66, 0xE9, 0xFF, 0x2E, 0x6A])
    cache.record(.taken(Date(timeIntervalSince1970: 1_700_000_000.25)), for: stamp("/p/a.jpg"))
    cache.record(.undated, for: stamp("/p/screenshot.png", size: 12))
    cache.record(
      .taken(Date(timeIntervalSinceReferenceDate: -1e9)),
      for: FileStamp(path: "/p/b.heic", byteSize: 0, modificationDate: nil))
    cache.record(.undated, for: stamp(notUTF8, size: Int64.max))
    cache.record(.taken(Date(timeIntervalSince1970: 0)), for: stamp("/p/café 写真 🙂.jpg"))
    return cache
  }

  static func stamp(_ path: String, size: Int64 = 1_000, modified: Double = 1_700_000_123.456)
    -> FileStamp
  {
    FileStamp(path: path, byteSize: size, modificationDate: Date(timeIntervalSince1970: modified))
  }

  @Test func whatIsWrittenReadsBackTheSame() {
    let cache = Self.sample()
    let bytes = cache.fileBytes(timeZone: Self.zone)
    #expect(bytes.starts(with: Array("GALDATES".utf8)))
    let read = DateTakenCache(fileBytes: bytes, timeZone: Self.zone)
    #expect(read.count == 5)
    #expect(read.records == cache.records)
    // Exactly: a time goes by its bits, so a stamp read back is the scan's.
    var again = read
    for record in cache.records { #expect(again.answer(for: record.stamp) == record.answer) }
    #expect(
      DateTakenCache(fileBytes: DateTakenCache().fileBytes(timeZone: "UTC"), timeZone: "UTC")
        .count == 0)
  }

  /// Records loaded go back to the file as they came, less those dropped, with what
  /// was recorded since.
  @Test func aLoadedCacheWrittenAgainKeepsWhatItHadAndWhatChanged() {
    var cache = DateTakenCache(
      fileBytes: Self.sample().fileBytes(timeZone: Self.zone), timeZone: Self.zone)
    var changed = Self.stamp("/p/a.jpg")
    changed.byteSize = 5
    #expect(cache.answer(for: changed) == nil)
    cache.record(.taken(Date(timeIntervalSince1970: 7)), for: changed)
    cache.record(.undated, for: Self.stamp("/p/new.png"))
    #expect(cache.answer(for: Self.stamp("/p/screenshot.png", size: 12)) == .undated)
    var expected = Self.sample().records.filter { $0.stamp.path != "/p/a.jpg" }
    expected.append(.init(stamp: changed, answer: .taken(Date(timeIntervalSince1970: 7))))
    expected.append(.init(stamp: Self.stamp("/p/new.png"), answer: .undated))
    let reread = DateTakenCache(
      fileBytes: cache.fileBytes(timeZone: Self.zone), timeZone: Self.zone)
    #expect(Set(reread.records) == Set(expected))
    #expect(reread.count == 6)
  }

  @Test func aTruncatedFileIsAnEmptyCache() {
    let bytes = Self.sample().fileBytes(timeZone: Self.zone)
    for length in 0..<bytes.count {
      let cut = Array(bytes.prefix(length))
      #expect(DateTakenCache.loadedRecords(in: cut, timeZone: Self.zone) == nil, "cut at \(length)")
      // Even with its checksum made right, a cut record or a missing one shows.
      let sealed = DateTakenCache.sealed(cut)
      #expect(
        DateTakenCache.loadedRecords(in: sealed, timeZone: Self.zone) == nil, "cut at \(length)")
    }
    let longer = DateTakenCache.sealed(bytes + [0])
    #expect(DateTakenCache(fileBytes: longer, timeZone: Self.zone).count == 0)
  }

  @Test func aDamagedByteAnywhereIsAnEmptyCache() {
    let bytes = Self.sample().fileBytes(timeZone: Self.zone)
    for index in bytes.indices {
      var damaged = bytes
      damaged[index] ^= 0x40
      #expect(
        DateTakenCache.loadedRecords(in: damaged, timeZone: Self.zone) == nil, "byte \(index)")
    }
  }

  @Test func anotherVersionOrTimeZoneIsAnEmptyCache() {
    let bytes = Self.sample().fileBytes(timeZone: Self.zone)
    var version = bytes
    version[8] = 2  // the version, right after the magic
    #expect(
      DateTakenCache(fileBytes: DateTakenCache.sealed(version), timeZone: Self.zone).count == 0)
    // EXIF dates are local wall-clock times: read in another zone they are other instants.
    #expect(DateTakenCache(fileBytes: bytes, timeZone: "America/New_York").count == 0)
    #expect(DateTakenCache(fileBytes: bytes, timeZone: Self.zone).count == 5)
  }

  @Test func countsAndFlagsThatCannotBeAreAnEmptyCache() {
    let bytes = DateTakenCache.sealed(Self.sample().fileBytes(timeZone: "UTC"))
    // A count larger than the bytes could hold, claimed with the checksum right.
    var count = bytes
    count.replaceSubrange(20..<24, with: [0xFF, 0xFF, 0xFF, 0x7F])
    #expect(DateTakenCache.loadedRecords(in: DateTakenCache.sealed(count), timeZone: "UTC") == nil)
    // The first record's flags past the two there are (header 26 + "UTC", length, path).
    var cache = DateTakenCache()
    cache.record(.undated, for: Self.stamp("/a"))
    var flags = cache.fileBytes(timeZone: "UTC")
    let flagsIndex = 26 + 3 + 2 + 2 + 8
    #expect(flags[flagsIndex] == 1)
    flags[flagsIndex] = 4
    #expect(DateTakenCache.loadedRecords(in: DateTakenCache.sealed(flags), timeZone: "UTC") == nil)
    // A time where the flags say there is none.
    flags[flagsIndex] = 0
    #expect(DateTakenCache.loadedRecords(in: DateTakenCache.sealed(flags), timeZone: "UTC") == nil)
    // Random bytes, and random bytes after a real header.
    var generator = SplitMix64(seed: 7)
    for length in [0, 1, 25, 26, 100, 4096] {
      let noise = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
      #expect(DateTakenCache(fileBytes: noise, timeZone: "UTC").count == 0)
      let headed = DateTakenCache.sealed(Array(bytes.prefix(29)) + noise)
      #expect(DateTakenCache(fileBytes: headed, timeZone: "UTC").count == 0)
    }
  }

  @Test func aChangedStampMissesAndDropsTheEntry() {
    var cache = Self.sample()
    let stamp = Self.stamp("/p/a.jpg")
    var resized = stamp
    resized.byteSize += 1
    #expect(cache.answer(for: resized) == nil)
    #expect(cache.answer(for: stamp) == nil, "the entry went: the file changed")
    cache.record(.undated, for: stamp)
    var touched = stamp
    touched.modificationDate = stamp.modificationDate?.addingTimeInterval(1e-6)
    #expect(cache.answer(for: touched) == nil)
    var unknown = stamp
    unknown.modificationDate = nil
    cache.record(.undated, for: stamp)
    #expect(cache.answer(for: unknown) == nil)
    #expect(cache.answer(for: Self.stamp("/p/never.jpg")) == nil)
    #expect(cache.count == 4)
  }

  @Test func pastItsCapacityTheEntriesNotUsedThisRunGoFirst() {
    var loaded = DateTakenCache()
    for index in 0..<10 { loaded.record(.undated, for: Self.stamp("/old/\(index)")) }
    var cache = DateTakenCache(fileBytes: loaded.fileBytes(timeZone: "UTC"), timeZone: "UTC")
    #expect(!cache.hasChanges)
    #expect(cache.answer(for: Self.stamp("/old/3")) == .undated)
    cache.record(.taken(Date(timeIntervalSince1970: 9)), for: Self.stamp("/new"))
    cache.trim(to: 4)
    let paths = Set(cache.records.map(\.stamp.path))
    #expect(paths.count == 4 && paths.isSuperset(of: ["/old/3", "/new"]), "\(paths)")
    cache.trim(to: 1)
    #expect(cache.count == 1 && cache.hasChanges)
  }

  // MARK: The file

  @Test func theFileLivesInTheGallerysCacheFolder() {
    let environment = ["XDG_CACHE_HOME": "/c", "HOME": "/h"]
    #expect(DateTakenCacheFile(environment: environment).path == "/c/gallery/dates-taken")
    // A relative XDG_CACHE_HOME is ignored, as the XDG rules require.
    #expect(
      DateTakenCacheFile(environment: ["XDG_CACHE_HOME": "c", "HOME": "/h"]).path
        == "/h/.cache/gallery/dates-taken")
  }

  @Test func aSavedCacheLoadsBackAndAMissingOrDamagedFileIsEmpty() throws {
    let files = FolderFixture()
    let file = DateTakenCacheFile(environment: ["XDG_CACHE_HOME": files.path("cache")])
    #expect(file.load(timeZone: Self.zone).count == 0, "no file yet")
    try file.save(Self.sample(), timeZone: Self.zone)
    #expect(file.load(timeZone: Self.zone).records == Self.sample().records)
    #expect(file.load(timeZone: "UTC").count == 0)
    files.file("cache/gallery/dates-taken", Array("not a cache".utf8))
    #expect(file.load(timeZone: Self.zone).count == 0)
  }

  /// A save that fails half-way leaves the old file whole: the bytes go to a temporary
  /// file renamed over it, and here that temporary file cannot be made.
  @Test func aFailedSaveLeavesTheOldFileWhole() throws {
    let files = FolderFixture()
    let file = DateTakenCacheFile(path: files.path("gallery/dates-taken"))
    try file.save(Self.sample(), timeZone: Self.zone)
    let before = try FileReader.read(path: file.path, limit: 1 << 20)
    files.folder("gallery/" + PathName.lastComponent(AtomicFile.temporaryPath(for: file.path)))
    var other = DateTakenCache()
    other.record(.undated, for: Self.stamp("/other"))
    #expect(throws: SystemError.self) { try file.save(other, timeZone: Self.zone) }
    #expect(try FileReader.read(path: file.path, limit: 1 << 20) == before)
    #expect(file.load(timeZone: Self.zone).records == Self.sample().records)
  }
}
