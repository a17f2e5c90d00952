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
  /// Waits until the reader says it is through, with an empty batch (ten seconds at
  /// most), off the cooperative pool; the batches before it.
  static func collect(
    _ reader: LikenessReader, _ stamps: [FileStamp], count: Int
  ) async -> [[String: PerceptualHash]] {
    let batches = Locked([[String: PerceptualHash]]())
    let asked = Set(stamps)
    reader.read(stamps) { batch in
      #expect(batch.keys.allSatisfy(asked.contains), "each hash under the stamp asked")
      batches.withLock { $0.append(Self.byPath(batch)) }
    }
    let delivered = await Waiting.onOwnThread {
      let deadline = Date().addingTimeInterval(10)
      while batches.withLock({ $0.last?.isEmpty != true }), Date() < deadline {
        usleep(5_000)
      }
      return batches.withLock { $0 }
    }
    #expect(delivered.last?.isEmpty == true, "the reader says it is through")
    #expect(delivered.reduce(0) { $0 + $1.count } == count)
    return delivered.filter { !$0.isEmpty }
  }

  /// `batch` by path.
  static func byPath<Hash>(_ batch: [FileStamp: Hash]) -> [String: Hash] {
    Dictionary(batch.map { ($0.key.path, $0.value) }) { first, _ in first }
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

  /// A file that cannot be hashed brings no answer: the empty batch after the last says
  /// the reader is through all the same, so the status line stops counting.
  @Test func theReaderSaysItIsThroughPastFilesItCannotHash() async {
    let reader = LikenessReader(index: nil) { path in
      path.hasSuffix("broken.jpg") ? nil : PerceptualHash(bits: 1)
    }
    let stamps = ["/p/a.jpg", "/p/broken.jpg"].map {
      FileStamp(path: $0, byteSize: 1, modificationDate: nil)
    }
    let batches = await Self.collect(reader, stamps, count: 1)
    #expect(batches == [["/p/a.jpg": PerceptualHash(bits: 1)]])
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
    reader.read([stamp("new")]) { batch in batches.withLock { $0.append(Self.byPath(batch)) } }
    reader.read(kept) { batch in batches.withLock { $0.append(Self.byPath(batch)) } }
    func delivered(until done: @escaping @Sendable ([[String: PerceptualHash]]) -> Bool) async
      -> [[String: PerceptualHash]]
    {
      await Waiting.onOwnThread {
        let deadline = Date().addingTimeInterval(10)
        while !batches.withLock({ done($0) }), Date() < deadline { usleep(5_000) }
        return batches.withLock { $0 }
      }
    }
    let answered = await delivered { $0.count >= 2 }
    let known = Dictionary(uniqueKeysWithValues: kept.map { ($0.path, PerceptualHash(bits: 3)) })
    #expect(
      answered == [known, [:]],
      "the index's answer and that read's end, while the other read's hashing waits")
    released.withLock { $0 = true }
    let all = await delivered { $0.count >= 4 }
    #expect(
      all == [known, [:], ["/p/new.jpg": PerceptualHash(bits: 9)], [:]],
      "then the hashed file, and its read's end")
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
