import Dispatch
import Foundation
import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

/// The browser's reader of content hashes, for the duplicates' candidates: files read
/// whole and kept in the index beside their likeness, then answered from the index.
@Suite struct ContentHashReaderTests {
  /// Waits until `count` hashes have been delivered (ten seconds at most), off the
  /// cooperative pool.
  static func collect(_ reader: ContentHashReader, _ stamps: [FileStamp], count: Int) async
    -> [String: String]
  {
    let found = Locked([String: String]())
    reader.read(stamps) { batch in found.withLock { $0.merge(batch) { $1 } } }
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
    let stamps = paths.map { path in
      let attributes = try? FileManager.default.attributesOfItem(atPath: path)
      return FileStamp(
        path: path, byteSize: (attributes?[.size] as? Int64) ?? 0,
        modificationDate: attributes?[.modificationDate] as? Date)
    }
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
    let reader = ContentHashReader(index: nil) { path in
      // The first file waits for the cancel, so its read is under way when it comes.
      if path == "/p/a.jpg" { gate.wait() }
      return ContentHash(high: 1, low: 2)
    }
    let delivered = Locked([String]())
    func stamp(_ path: String) -> FileStamp {
      FileStamp(path: path, byteSize: 1, modificationDate: nil)
    }
    reader.read([stamp("/p/a.jpg")]) { batch in delivered.withLock { $0 += batch.keys } }
    reader.read([stamp("/p/b.jpg")]) { batch in delivered.withLock { $0 += batch.keys } }
    reader.cancel()
    reader.read([stamp("/p/c.jpg")]) { batch in delivered.withLock { $0 += batch.keys } }
    gate.signal()
    let found = await Waiting.onOwnThread {
      let deadline = Date().addingTimeInterval(10)
      while delivered.withLock({ $0.isEmpty }), Date() < deadline { usleep(5_000) }
      usleep(50_000)
      return delivered.withLock { $0 }
    }
    #expect(found == ["/p/c.jpg"])
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
