import Dispatch
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

/// The browser's reader of content hashes, for the duplicates' candidates: files read
/// whole and kept in the index beside their likeness, then answered from the index.
@Suite struct ContentHashReaderTests {
  /// Waits until `count` hashes have been delivered (ten seconds at most), off the
  /// cooperative pool.
  static func collect(_ reader: ContentHashReader, _ stamps: [FileStamp], count: Int) async
    -> [String: String]
  {
    let found = Locked([String: String]())
    let asked = Set(stamps)
    reader.read(stamps) { batch in
      #expect(batch.keys.allSatisfy(asked.contains), "each hash under the stamp asked")
      found.withLock { $0.merge(batch.map { ($0.key.path, $0.value) }) { $1 } }
    }
    return await Waiting.onOwnThread {
      let deadline = Date().addingTimeInterval(10)
      while found.withLock({ $0.count }) < count, Date() < deadline { usleep(5_000) }
      return found.withLock { $0 }
    }
  }

  @Test func filesAreReadWholeKeptThenAnsweredFromTheIndex() async throws {
    let files = FolderFixture()
    let index = try #require(PictureIndex.open(at: files.path("library.sqlite")).index)
    let paths = ["a.jpg", "b.jpg", "c.jpg"].map { files.path($0) }
    try Data("same".utf8).write(to: URL(fileURLWithPath: paths[0]))
    try Data("same".utf8).write(to: URL(fileURLWithPath: paths[1]))
    try Data("other".utf8).write(to: URL(fileURLWithPath: paths[2]))
    let stamps = try paths.map { try #require(Self.stamp($0)) }
    // The perceptual hash kept before stays beside the content hash.
    index.keep([
      LikenessEntry(
        DetailsReader.indexStamp(stamps[0]),
        KeptLikeness(perceptualHash: PerceptualHash(bits: 7)))
    ])
    let first = await Self.collect(ContentHashReader(index: index), stamps, count: 3)
    #expect(first.count == 3)
    #expect(first[paths[0]] == first[paths[1]] && first[paths[0]] != first[paths[2]])
    #expect(first[paths[0]] == ContentHashReader.text(ContentHasher.hash(Array("same".utf8))))
    let again = ContentHashReader(index: index) { _ in
      Issue.record("a file was read again")
      return nil
    }
    #expect(await Self.collect(again, stamps, count: 3) == first)
    let kept = index.likeness(of: [DetailsReader.indexStamp(stamps[0])]).kept[paths[0]]
    #expect(kept?.perceptualHash == PerceptualHash(bits: 7))
  }

  /// A cancel drops the reads asked for before it, not those asked for after.
  @Test func aCancelDropsTheReadsAskedBeforeIt() async throws {
    let gate = DispatchSemaphore(value: 0)
    let reader = ContentHashReader(index: nil) { stamp in
      // The first file waits for the cancel, so its read is under way when it comes.
      if stamp.path == "/p/a.jpg" { gate.wait() }
      return ContentHash(high: 1, low: 2)
    }
    let delivered = Locked([String]())
    func stamp(_ path: String) -> FileStamp {
      FileStamp(path: path, byteSize: 1, modificationDate: nil)
    }
    reader.read([stamp("/p/a.jpg")]) { batch in delivered.withLock { $0 += batch.keys.map(\.path) }
    }
    reader.read([stamp("/p/b.jpg")]) { batch in delivered.withLock { $0 += batch.keys.map(\.path) }
    }
    reader.cancel()
    reader.read([stamp("/p/c.jpg")]) { batch in delivered.withLock { $0 += batch.keys.map(\.path) }
    }
    gate.signal()
    let found = await Waiting.onOwnThread {
      let deadline = Date().addingTimeInterval(10)
      while delivered.withLock({ $0.isEmpty }), Date() < deadline { usleep(5_000) }
      usleep(50_000)
      return delivered.withLock { $0 }
    }
    #expect(found == ["/p/c.jpg"])
  }

  /// The stamp of the file at `path` as the scan makes it; nil when it is not there.
  static func stamp(_ path: String) -> FileStamp? {
    var status = stat()
    guard stat(path, &status) == 0 else { return nil }
    return FileStamp(
      path: path, byteSize: Int64(status.st_size), modificationDate: modificationDate(status),
      device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  /// A file rewritten after it was stamped (the same size, another time), or replaced
  /// by another of the same size and time (another inode), is not the file its stamp
  /// names: its hash is neither delivered nor kept in the index under the old stamp.
  @Test func aFileChangedSinceItsStampIsNeitherDeliveredNorKept() async throws {
    let files = FolderFixture()
    let index = try #require(PictureIndex.open(at: files.path("library.sqlite")).index)
    let rewritten = files.path("rewritten.jpg")
    let replaced = files.path("replaced.jpg")
    let kept = files.path("kept.jpg")
    for path in [rewritten, replaced, kept] {
      try Data("before".utf8).write(to: URL(fileURLWithPath: path))
    }
    let stamps = try [rewritten, replaced, kept].map { try #require(Self.stamp($0)) }
    // Rewritten: other bytes of the same size, a second later.
    try Data("after!".utf8).write(to: URL(fileURLWithPath: rewritten))
    let later = timespec(tv_sec: time(nil) + 1, tv_nsec: 0)
    var times = [later, later]
    #expect(utimensat(AT_FDCWD, rewritten, &times, 0) == 0)
    // Replaced: another file of the same size and time renamed over it.
    let other = files.path("other.tmp")
    try Data("other!".utf8).write(to: URL(fileURLWithPath: other))
    var before = stat()
    #expect(stat(replaced, &before) == 0)
    times = [before.st_mtim, before.st_mtim]
    #expect(utimensat(AT_FDCWD, other, &times, 0) == 0)
    #expect(rename(other, replaced) == 0)
    let found = await Self.collect(ContentHashReader(index: index), stamps, count: 1)
    #expect(found == [kept: ContentHashReader.text(ContentHasher.hash(Array("before".utf8)))])
    let answered = index.likeness(of: stamps.map(DetailsReader.indexStamp)).kept
    #expect(answered[rewritten]?.contentHash == nil, "nothing kept under the old stamp")
    #expect(answered[replaced]?.contentHash == nil, "nothing kept under the old stamp")
    #expect(answered[kept]?.contentHash != nil)
  }

  @Test func nothingIsDeliveredOnceStopped() async throws {
    let reader = ContentHashReader(index: nil) { _ in ContentHash(high: 1, low: 2) }
    reader.stop()
    let delivered = Locked(0)
    reader.read([FileStamp(path: "/p/a.jpg", byteSize: 1, modificationDate: nil)]) { _ in
      delivered.withLock { $0 += 1 }
    }
    try await Task.sleep(for: .milliseconds(100))
    #expect(delivered.withLock { $0 } == 0)
  }
}
