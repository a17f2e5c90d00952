import Dispatch
import Foundation
import Gallery
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

/// The reader of dates taken: the cache's answers first and at once, then the files read
/// in batches, every answer kept.
@Suite struct DateTakenReaderTests {
  static let utc = TimeZone(identifier: "UTC") ?? .current
  /// The identifier the cache is kept under (Foundation names UTC "GMT").
  static let zone = utc.identifier

  /// A picture of the built-in assets with an EXIF date (2024:07:21 12:03:44).
  static let datedJPEG = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("Assets/Kitchen/kitchen-7.jpg").path
  static let datedJPEGTaken = Date(timeIntervalSince1970: 1_721_563_424)

  /// The stamp of the file at `path` as the scan takes it.
  static func stamp(_ path: String) -> FileStamp {
    let attributes = try? FileManager.default.attributesOfItem(atPath: path)
    return FileStamp(
      path: path, byteSize: (attributes?[.size] as? NSNumber)?.int64Value ?? 0,
      modificationDate: attributes?[.modificationDate] as? Date)
  }

  /// A stamp for a file that need not exist.
  static func made(_ path: String, size: Int64 = 100) -> FileStamp {
    FileStamp(path: path, byteSize: size, modificationDate: Date(timeIntervalSince1970: 1e9))
  }

  static func copyDatedJPEG(to path: String) throws {
    try FileManager.default.copyItem(atPath: datedJPEG, toPath: path)
  }

  @Test func cachedDatesComeInTheFirstBatchWithoutOpeningTheFilesAndTheRestAreRead() async throws {
    let files = FolderFixture()
    let cacheFile = DateTakenCacheFile(path: files.path("cache/dates-taken"))
    // Stamps of files that do not exist: only the cache can give their dates.
    var primed = DateTakenCache()
    let ghosts = (0..<300).map { Self.made("/nowhere/\($0).jpg") }
    for (index, ghost) in ghosts.enumerated() {
      primed.record(
        index % 3 == 0 ? .undated : .taken(Date(timeIntervalSince1970: Double(index))), for: ghost)
    }
    try cacheFile.save(primed, timeZone: Self.zone)
    let dated = files.path("dated.jpg")
    try Self.copyDatedJPEG(to: dated)
    let plain = files.png("plain.png")
    let reader = DateTakenReader(file: cacheFile, timeZone: Self.utc)
    let batches = Batches()
    reader.read(ghosts + [Self.stamp(dated), Self.stamp(plain)]) { batches.append($0) }
    #expect(await Waiting.until { batches.count == 2 })
    let all = batches.all
    #expect(all.count == 2)
    #expect(all.first?.count == 300, "every cached answer in one batch")
    for record in primed.records {
      switch record.answer {
      case .taken(let date): #expect(all.first?.dates[record.stamp.path] == date)
      case .undated: #expect(all.first?.undated.contains(record.stamp.path) == true)
      }
    }
    #expect(all.last?.dates == [dated: Self.datedJPEGTaken])
    #expect(all.last?.undated == [plain])
    // Read and kept, the screenshot's "no date" too.
    #expect(await Waiting.until { cacheFile.load(timeZone: Self.zone).count == 302 })
    await Waiting.onOwnThread { reader.stop() }
  }

  /// "No date" is kept like a date: the second run does not open the file again, even
  /// when it now holds a date under the same stamp (which only a file rewritten with its
  /// size and time put back could do). A new stamp reads it again.
  @Test func noDateIsKeptAndAChangedStampReadsAgain() async throws {
    let files = FolderFixture()
    let cacheFile = DateTakenCacheFile(path: files.path("dates-taken"))
    let path = files.png("shot.png")
    let stamp = Self.stamp(path)
    let first = DateTakenReader(file: cacheFile, timeZone: Self.utc)
    let firstBatches = Batches()
    first.read([stamp]) { firstBatches.append($0) }
    #expect(await Waiting.until { firstBatches.count == 1 })
    #expect(firstBatches.all.first?.undated == [path])
    #expect(await Waiting.until { cacheFile.load(timeZone: Self.zone).count == 1 })
    await Waiting.onOwnThread { first.stop() }

    try FileManager.default.removeItem(atPath: path)
    try Self.copyDatedJPEG(to: path)
    let second = DateTakenReader(file: cacheFile, timeZone: Self.utc)
    let secondBatches = Batches()
    second.read([stamp]) { secondBatches.append($0) }
    #expect(await Waiting.until { secondBatches.count == 1 })
    #expect(secondBatches.all.first == DatesTaken(undated: [path]), "from the cache")
    second.read([Self.stamp(path)]) { secondBatches.append($0) }
    #expect(await Waiting.until { secondBatches.count == 2 })
    #expect(secondBatches.all.last?.dates == [path: Self.datedJPEGTaken], "read again")
    await Waiting.onOwnThread { second.stop() }
    #expect(
      cacheFile.load(timeZone: Self.zone).records
        == [.init(stamp: Self.stamp(path), answer: .taken(Self.datedJPEGTaken))]
    )
  }

  @Test func filesReadComeInBatchesInTheOrderAsked() async {
    let reader = DateTakenReader(file: nil, timeZone: Self.utc, readers: 3)
    let stamps = (0..<700).map { Self.made("/nowhere/\($0).jpg") }
    let batches = Batches()
    reader.read(stamps) { batches.append($0) }
    #expect(await Waiting.until { batches.count == 4 })
    #expect(batches.all.map(\.count) == [64, 256, 256, 124])
    #expect(batches.all.flatMap(\.undated) == stamps.map(\.path))
  }

  /// A long read saves as it goes (here after every batch), so a kill half-way keeps
  /// what was read; `stop` saves the rest and ends the deliveries.
  @Test func aLongReadSavesAsItGoesAndStopSavesTheRest() async throws {
    let files = FolderFixture()
    let cacheFile = DateTakenCacheFile(path: files.path("dates-taken"))
    let reader = DateTakenReader(
      file: cacheFile, timeZone: Self.utc, readers: 2, saveInterval: .zero)
    let batches = Batches()
    let held = DispatchSemaphore(value: 0)
    defer { held.signal() }
    let stamps = (0..<1_000).map { Self.made("/nowhere/\($0).jpg") }
    reader.read(stamps) { batch in
      batches.append(batch)
      // The reader's own thread waits here, within its second delivery.
      if batches.count == 2 { held.wait() }
    }
    #expect(await Waiting.until { batches.count == 2 })
    #expect(cacheFile.load(timeZone: Self.zone).count == 64, "the first batch saved mid-read")
    await Waiting.onOwnThread { reader.stop() }
    #expect(cacheFile.load(timeZone: Self.zone).count == 64 + 256, "stop saved what was read")
    held.signal()
    try await Task.sleep(for: .milliseconds(50))
    #expect(batches.count == 2, "nothing delivered after stop")
  }

  @Test func readAllAnswersFromTheCacheThenTheFilesAndSaves() async throws {
    let files = FolderFixture()
    let cacheFile = DateTakenCacheFile(path: files.path("dates-taken"))
    var primed = DateTakenCache()
    primed.record(.taken(Date(timeIntervalSince1970: 5)), for: Self.made("/nowhere/a.jpg"))
    try cacheFile.save(primed, timeZone: Self.zone)
    let dated = files.path("dated.jpg")
    try Self.copyDatedJPEG(to: dated)
    let stamps = [Self.made("/nowhere/a.jpg"), Self.stamp(dated), Self.made("/nowhere/b.png")]
    let found = await Waiting.onOwnThread {
      DateTakenReader(file: cacheFile, timeZone: Self.utc).readAll(stamps)
    }
    #expect(
      found.dates == ["/nowhere/a.jpg": Date(timeIntervalSince1970: 5), dated: Self.datedJPEGTaken])
    #expect(found.undated == ["/nowhere/b.png"])
    #expect(cacheFile.load(timeZone: Self.zone).count == 3)
  }

  @Test func noCacheWritesNothing() async throws {
    let files = FolderFixture()
    let environment = ["XDG_CACHE_HOME": files.path("cache"), "HOME": files.path("home")]
    var options = GalleryOptions()
    options.useCache = false
    let dated = files.path("dated.jpg")
    try Self.copyDatedJPEG(to: dated)
    let uncached = GalleryLaunch(options: options, unicode: true, environment: environment)
      .datesTakenReader()
    let batches = Batches()
    uncached.read([Self.stamp(dated), Self.made("/nowhere/x.png")]) { batches.append($0) }
    #expect(await Waiting.until { batches.count == 1 })
    #expect(batches.all.first?.count == 2)
    await Waiting.onOwnThread { uncached.stop() }
    #expect(!FileManager.default.fileExists(atPath: files.path("cache")))
    #expect(!FileManager.default.fileExists(atPath: files.path("home")))

    // With the caches on, the same read leaves the file at its place.
    options.useCache = true
    let cached = GalleryLaunch(options: options, unicode: true, environment: environment)
      .datesTakenReader()
    cached.read([Self.stamp(dated)]) { batches.append($0) }
    let place = files.path("cache/gallery/dates-taken")
    let zone = TimeZone.current.identifier
    #expect(await Waiting.until { DateTakenCacheFile(path: place).load(timeZone: zone).count == 1 })
    await Waiting.onOwnThread { cached.stop() }
  }
}

/// The batches a reader delivered, in order, from its thread.
final class Batches: Sendable {
  private let batches = Locked<[DatesTaken]>([])

  func append(_ batch: DatesTaken) { batches.withLock { $0.append(batch) } }

  var all: [DatesTaken] { batches.withLock { $0 } }

  var count: Int { batches.withLock { $0.count } }
}
