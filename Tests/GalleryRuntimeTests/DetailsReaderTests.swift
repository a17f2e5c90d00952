import Foundation
import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The reader of pictures' details: the index's answers first and at once, then the
/// files read in batches with the injected reader, each batch kept in the index.
@Suite struct DetailsReaderTests {
  /// A stamp for a file that need not exist.
  static func stamp(_ number: Int) -> FileStamp {
    FileStamp(
      path: "/library/\(number / 100)/IMG_\(number).JPG", byteSize: Int64(number + 1),
      modificationDate: Date(timeIntervalSince1970: 1.7e9 + Double(number)), device: 42,
      inode: UInt64(number))
  }

  /// What the fake reader says of a file: its number in the camera model.
  static func details(_ stamp: FileStamp) -> PictureDetails {
    PictureDetails(format: .jpeg, cameraModel: stamp.path, brokenReason: nil)
  }

  /// A fake reader of files that counts what it read; with `holdAfter`, the reading
  /// threads wait, once that many files are read, until `release()`.
  final class FakeFiles: Sendable {
    let read = Locked<[String]>([])
    private let held: Locked<Bool>
    private let holdAfter: Int
    /// Files begun: taken and counted in one step, so two reading threads never both
    /// pass the hold at once and read one file more than `holdAfter`.
    private let begun = Locked(0)

    init(holdAfter: Int = .max) {
      self.holdAfter = holdAfter
      held = Locked(holdAfter != .max)
    }

    func readFile(_ stamp: FileStamp) -> PictureDetails {
      let ticket = begun.withLock { begun in
        defer { begun += 1 }
        return begun
      }
      // The reader's own threads, never the test's: a wait here holds no task.
      while ticket >= holdAfter, held.withLock({ $0 }) { usleep(500) }
      read.withLock { $0.append(stamp.path) }
      return DetailsReaderTests.details(stamp)
    }

    func release() { held.withLock { $0 = false } }

    var count: Int { read.withLock { $0.count } }
  }

  /// The batches a reader delivered, in order.
  final class Delivered: Sendable {
    private let batches = Locked<[PictureDetailsBatch]>([])
    func append(_ batch: PictureDetailsBatch) { batches.withLock { $0.append(batch) } }
    var all: [PictureDetailsBatch] { batches.withLock { $0 } }
    var total: Int { all.reduce(0) { $0 + $1.count } }
  }

  @Test func indexAnswersComeFirstThenTheFilesReadAreDeliveredAndKept() async throws {
    let folder = FolderFixture()
    let index = try #require(PictureIndex.open(at: folder.path("library.sqlite")).index)
    let stamps = (0..<1000).map(Self.stamp)
    // The first 600 known to the index, one of them since rewritten.
    let known = stamps.prefix(600).map {
      IndexEntry(DetailsReader.indexStamp($0), Self.details($0))
    }
    #expect(index.record(Array(known)) == nil)
    var asked = stamps
    asked[5].byteSize += 1
    let files = FakeFiles()
    let reader = DetailsReader(index: index, readers: 3, readFile: files.readFile)
    let delivered = Delivered()
    reader.read(asked) { delivered.append($0) }
    #expect(await Waiting.until { delivered.total == 1000 })
    let batches = delivered.all
    #expect(batches.first?.count == 599, "the index's answers in one first batch")
    #expect(batches.dropFirst().first?.count == 64, "then a small batch of files read")
    #expect(batches.dropFirst(2).allSatisfy { $0.count <= 256 })
    #expect(Set(files.read.withLock { $0 }) == Set(asked.suffix(400).map(\.path) + [asked[5].path]))
    #expect(batches.first?.details[asked[0].path] == Self.details(asked[0]))
    // Everything read is in the index now, the rewritten file under its new stamp.
    let now = index.lookUp(asked.map(DetailsReader.indexStamp))
    #expect(now.details.count == 1000)
    reader.stop()
  }

  @Test func nothingIsDeliveredAfterStopAndWhatWasReadIsKept() async throws {
    let folder = FolderFixture()
    let index = try #require(PictureIndex.open(at: folder.path("library.sqlite")).index)
    let stamps = (0..<2000).map(Self.stamp)
    // The first batch (64) is read and delivered; the second waits on the files.
    let files = FakeFiles(holdAfter: 100)
    let reader = DetailsReader(index: index, readers: 2, readFile: files.readFile)
    let delivered = Delivered()
    reader.read(stamps) { delivered.append($0) }
    #expect(await Waiting.until { delivered.total == 64 && files.count == 100 })
    await Waiting.onOwnThread { reader.stop() }
    files.release()
    // The reader ends the file it was at and keeps what it read, delivering nothing.
    #expect(await Waiting.until { (index.count() ?? 0) > 64 })
    let kept = index.count() ?? 0
    #expect(delivered.total == 64)
    #expect(files.count < 2000, "the reader went on to the end")
    #expect(kept == files.count, "what was read is kept")
    #expect(index.lookUp(stamps.prefix(64).map(DetailsReader.indexStamp)).details.count == 64)
  }

  @Test func withoutAnIndexEveryFileIsRead() async throws {
    let files = FakeFiles()
    let reader = DetailsReader(index: nil, readers: 2, readFile: files.readFile)
    let stamps = (0..<300).map(Self.stamp)
    let outcome = await Waiting.onOwnThread { reader.readAll(stamps) }
    #expect(outcome.fromIndex == 0)
    #expect(outcome.readFromFiles == 300)
    #expect(outcome.batch.count == 300)
    #expect(files.count == 300)
  }

  @Test func readAllAnswersFromTheIndexAndKeepsTheRest() async throws {
    let folder = FolderFixture()
    let index = try #require(PictureIndex.open(at: folder.path("library.sqlite")).index)
    let stamps = (0..<700).map(Self.stamp)
    index.record(
      stamps.prefix(500).map { IndexEntry(DetailsReader.indexStamp($0), Self.details($0)) })
    let files = FakeFiles()
    let reader = DetailsReader(index: index, readers: 2, readFile: files.readFile)
    let outcome = await Waiting.onOwnThread { reader.readAll(stamps) }
    #expect(outcome.fromIndex == 500)
    #expect(outcome.readFromFiles == 200)
    #expect(
      outcome.batch.details
        == Dictionary(uniqueKeysWithValues: stamps.map { ($0.path, Self.details($0)) }))
    #expect(files.count == 200)
    // A second run reads nothing.
    let again = await Waiting.onOwnThread { reader.readAll(stamps) }
    #expect(again.fromIndex == 700)
    #expect(files.count == 200)
  }

  @Test func pruneAndForgetReachTheIndexInTheBackground() async throws {
    let folder = FolderFixture()
    let index = try #require(PictureIndex.open(at: folder.path("library.sqlite")).index)
    let root = folder.folder("Pictures")
    let kept = folder.jpeg("Pictures/kept.jpg")
    let renamed = folder.jpeg("Pictures/renamed.jpg")
    let paths = [kept, renamed, root + "/gone.jpg"]
    // On the folder's device, as a scan finds them: a gone file's file system is there.
    var status = stat()
    #expect(stat(root, &status) == 0)
    let stamps = paths.map {
      FileStamp(
        path: $0, byteSize: 1, modificationDate: nil, device: UInt64(status.st_dev), inode: 1)
    }
    index.record(stamps.map { IndexEntry(DetailsReader.indexStamp($0), Self.details($0)) })
    let reader = DetailsReader(index: index, readers: 1) { Self.details($0) }
    reader.prune(under: [root], keeping: [kept])
    await Waiting.onOwnThread { reader.waitForQueued() }
    // `renamed.jpg` is there, unseen: kept; `gone.jpg` is not.
    #expect(index.count() == 2)
    reader.forget([renamed])
    await Waiting.onOwnThread { reader.waitForQueued() }
    #expect(index.lookUp([DetailsReader.indexStamp(stamps[1])]).details.isEmpty)
    #expect(index.count() == 1)
    // Stopped (the gallery quits): no prune, though `kept.jpg` is gone now too.
    #expect(unlink(kept) == 0)
    reader.stop()
    reader.prune(under: [root], keeping: [])
    await Waiting.onOwnThread { reader.waitForQueued() }
    #expect(index.count() == 1)
  }

  @Test func theIndexsProblemsGoWithTheBatchOnceAndTheFilesAreRead() async throws {
    let folder = FolderFixture()
    let path = folder.path("library.sqlite")
    let holder = try #require(PictureIndex.open(at: path).index)
    let index = try #require(PictureIndex.open(at: path, busyTimeout: .milliseconds(100)).index)
    let files = FakeFiles()
    let reader = DetailsReader(index: index, readers: 2, readFile: files.readFile)
    let stamps = (0..<10).map(Self.stamp)
    // Another gallery writing: this one reads the files, is told, and keeps nothing.
    let outcome = await Waiting.onOwnThread {
      holder.writingHeld { reader.readAll(stamps) }
    }
    #expect(outcome?.readFromFiles == 10)
    #expect(outcome?.batch.count == 10)
    #expect(index.count() == 0)
    #expect(outcome?.notices == [IndexNotice(.locked(path: path), .bypassed).sentence])
    // Said once a run: a second busy read says nothing more.
    let again = await Waiting.onOwnThread {
      holder.writingHeld { reader.readAll(stamps) }
    }
    #expect(again?.readFromFiles == 10)
    #expect(again?.notices == [])
  }
}

extension DetailsReaderTests {
  /// The scan's folders are looked up as they are found; the state's read of them later
  /// takes those answers and does not read the index again (before, there was no lookup
  /// ahead, and the read saw the rows as they are now).
  @Test func filesLookedUpAheadAreAnsweredFromThatLookUp() async throws {
    let folder = FolderFixture()
    let index = try #require(PictureIndex.open(at: folder.path("library.sqlite")).index)
    let stamps = (0..<100).map(Self.stamp)
    let entries = stamps.map { IndexEntry(DetailsReader.indexStamp($0), Self.details($0)) }
    #expect(index.record(entries) == nil)
    let files = FakeFiles()
    let reader = DetailsReader(index: index, readers: 2, readFile: files.readFile)
    reader.lookUpAhead(stamps)
    await Waiting.onOwnThread { reader.waitForQueued() }
    // The rows change under the same stamps: a lookup now would see "again".
    let again = PictureDetails(cameraModel: "again")
    #expect(index.record(stamps.map { IndexEntry(DetailsReader.indexStamp($0), again) }) == nil)
    var asked = stamps
    asked[3].byteSize += 1
    let delivered = Delivered()
    reader.read(asked) { delivered.append($0) }
    #expect(await Waiting.until { delivered.total == 100 })
    var found: [String: PictureDetails] = [:]
    for batch in delivered.all { found.merge(batch.details) { _, new in new } }
    #expect(found[stamps[0].path] == Self.details(stamps[0]), "answered from the lookup ahead")
    #expect(files.read.withLock { $0 } == [asked[3].path], "rewritten since: looked up and read")
    #expect(found.values.filter { $0 == again }.isEmpty)
  }

  /// What was looked up ahead and never asked for is forgotten: a read after that asks
  /// the index.
  @Test func whatWasLookedUpAheadIsForgotten() async throws {
    let folder = FolderFixture()
    let index = try #require(PictureIndex.open(at: folder.path("library.sqlite")).index)
    let stamps = (0..<20).map(Self.stamp)
    #expect(
      index.record(stamps.map { IndexEntry(DetailsReader.indexStamp($0), Self.details($0)) })
        == nil)
    let reader = DetailsReader(index: index, readers: 1, readFile: FakeFiles().readFile)
    reader.lookUpAhead(stamps)
    reader.forgetLookedUpAhead()
    let again = PictureDetails(cameraModel: "again")
    await Waiting.onOwnThread { reader.waitForQueued() }
    #expect(index.record(stamps.map { IndexEntry(DetailsReader.indexStamp($0), again) }) == nil)
    let delivered = Delivered()
    reader.read(stamps) { delivered.append($0) }
    #expect(await Waiting.until { delivered.total == 20 })
    #expect(delivered.all.first?.details[stamps[0].path] == again)
  }
}
