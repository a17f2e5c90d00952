import Foundation
import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

/// The browser's reader of perceptual hashes: the files hashed and kept in the index,
/// then, for a gallery opened again, every hash from the index at once and no file read.
@Suite struct LikenessReaderTests {
  /// Waits until `count` hashes have been delivered (ten seconds at most), off the
  /// cooperative pool.
  static func collect(
    _ reader: LikenessReader, _ stamps: [FileStamp], count: Int
  ) async -> [[String: PerceptualHash]] {
    let batches = Locked([[String: PerceptualHash]]())
    reader.read(stamps) { batch in batches.withLock { $0.append(batch) } }
    return await Waiting.onOwnThread {
      let deadline = Date().addingTimeInterval(10)
      while batches.withLock({ $0.reduce(0) { $0 + $1.count } }) < count, Date() < deadline {
        usleep(5_000)
      }
      return batches.withLock { $0 }
    }
  }

  @Test func filesAreHashedAndKeptThenAnsweredFromTheIndex() async throws {
    let files = FolderFixture()
    let index = try #require(PictureIndex.open(at: files.path("library.sqlite")).index)
    let stamps = (0..<70).map {
      FileStamp(
        path: "/p/\($0).jpg", byteSize: 100, modificationDate: Date(timeIntervalSince1970: 1e9))
    }
    let hashed = Locked(0)
    let reader = LikenessReader(index: index) { path in
      hashed.withLock { $0 += 1 }
      return PerceptualHash(bits: UInt64(path.utf8.count))
    }
    let first = await Self.collect(reader, stamps, count: 70)
    #expect(first.reduce(0) { $0 + $1.count } == 70)
    #expect(first.count == 2, "two batches of at most \(LikenessReader.batchSize)")
    #expect(hashed.withLock { $0 } == 70)
    let again = LikenessReader(index: index) { _ in
      Issue.record("a file was hashed again")
      return nil
    }
    let second = await Self.collect(again, stamps, count: 70)
    #expect(second.count == 1, "one batch: the index's")
    #expect(second.first?["/p/7.jpg"] == PerceptualHash(bits: 8))
  }

  @Test func theIndexAnswersWhileOtherFilesAreBeingHashed() async throws {
    let files = FolderFixture()
    let index = try #require(PictureIndex.open(at: files.path("library.sqlite")).index)
    let stamp = { (name: String) in
      FileStamp(
        path: "/p/\(name).jpg", byteSize: 100, modificationDate: Date(timeIntervalSince1970: 1e9))
    }
    let kept = (0..<5).map { stamp("kept-\($0)") }
    _ = await Self.collect(
      LikenessReader(index: index) { _ in PerceptualHash(bits: 3) }, kept, count: 5)
    // A hasher that holds on to the first new file until let go.
    let released = Locked(false)
    let reader = LikenessReader(index: index) { _ in
      while !released.withLock({ $0 }) { usleep(2_000) }
      return PerceptualHash(bits: 9)
    }
    let batches = Locked([[String: PerceptualHash]]())
    reader.read([stamp("new")]) { batch in batches.withLock { $0.append(batch) } }
    let answered = await Self.collect(reader, kept, count: 5)
    #expect(answered.first?.count == 5, "the index's answer, while the hashing waits")
    #expect(batches.withLock { $0 }.isEmpty)
    released.withLock { $0 = true }
    let all = await Waiting.onOwnThread {
      let deadline = Date().addingTimeInterval(10)
      while batches.withLock({ $0.isEmpty }), Date() < deadline { usleep(5_000) }
      return batches.withLock { $0 }
    }
    #expect(all.first?["/p/new.jpg"] == PerceptualHash(bits: 9))
  }

  @Test func nothingIsDeliveredOnceStopped() async throws {
    let reader = LikenessReader(index: nil) { _ in PerceptualHash(bits: 1) }
    reader.stop()
    let stamps = [FileStamp(path: "/p/a.jpg", byteSize: 1, modificationDate: nil)]
    let batches = Locked(0)
    reader.read(stamps) { _ in batches.withLock { $0 += 1 } }
    try await Task.sleep(for: .milliseconds(100))
    #expect(batches.withLock { $0 } == 0)
  }
}
