import Foundation
import Pictures
import SystemSupport
import TestSupport
import Testing

@testable import LibraryIndex

/// The likeness kept under the file's stamp: back whole, each hash kept while the other
/// is computed, forgotten when the file changes, gone with the file, and version 3's
/// index altered with its details kept.
@Suite struct LikenessIndexTests {
  static let content = ContentHash(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210)
  static let look = PerceptualHash(bits: 0xF000_0000_0000_0001)

  @Test func aLikenessComesBackUnderItsStampOnly() throws {
    let files = FolderFixture()
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    let stamp = IndexSamples.stamp("/p/a.jpg")
    #expect(index.keep([LikenessEntry(stamp, KeptLikeness(perceptualHash: Self.look))]) == nil)
    #expect(index.likeness(of: [stamp]).kept[stamp.path] == KeptLikeness(perceptualHash: Self.look))
    // The content hash computed later keeps the perceptual one.
    #expect(index.keep([LikenessEntry(stamp, KeptLikeness(contentHash: Self.content))]) == nil)
    #expect(
      index.likeness(of: [stamp]).kept[stamp.path]
        == KeptLikeness(contentHash: Self.content, perceptualHash: Self.look))
    // The file rewritten: no answer under its new stamp; a hash of the new file forgets
    // the old one's other hash.
    let rewritten = IndexSamples.stamp("/p/a.jpg", size: 99)
    #expect(index.likeness(of: [rewritten]).kept.isEmpty)
    #expect(index.keep([LikenessEntry(rewritten, KeptLikeness(contentHash: Self.content))]) == nil)
    #expect(
      index.likeness(of: [rewritten]).kept[stamp.path] == KeptLikeness(contentHash: Self.content))
    // A file never hashed: nothing.
    #expect(index.likeness(of: [IndexSamples.stamp("/p/b.jpg")]).kept.isEmpty)
  }

  @Test func aFileForgottenTakesItsLikenessAlong() throws {
    let files = FolderFixture()
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    let stamp = IndexSamples.stamp("/p/a.jpg")
    #expect(index.keep([LikenessEntry(stamp, KeptLikeness(perceptualHash: Self.look))]) == nil)
    #expect(index.forget([stamp.path]) == nil)
    #expect(index.likeness(of: [stamp]).kept.isEmpty)
  }

  @Test func version3IsAlteredAndItsDetailsKept() throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = IndexSamples.library(20)
    do {
      let index = try #require(IndexSamples.open(path).0)
      #expect(index.record(library) == nil)
      // Back to version 3's tables, as a gallery of that version left them.
      let connection = try #require(index.state.withLock { $0.connection })
      try connection.execute(
        """
        DROP TABLE likeness;
        ALTER TABLE pictures ADD COLUMN content_hash BLOB;
        ALTER TABLE pictures ADD COLUMN perceptual_hash BLOB;
        PRAGMA user_version=3;
        """)
      index.close()
    }
    let index = try #require(IndexSamples.open(path).0)
    #expect(index.lookUp(library.map(\.stamp)).details.count == 20)
    let stamp = library[0].stamp
    #expect(index.keep([LikenessEntry(stamp, KeptLikeness(perceptualHash: Self.look))]) == nil)
    #expect(index.likeness(of: [stamp]).kept.count == 1)
  }

  @Test func contentHashesAreXXH3AndStreamed() throws {
    let files = FolderFixture()
    let path = files.path("big.bin")
    // Past one chunk, not a multiple of it.
    var random = SplitMix64(seed: 41)
    let bytes = (0..<(ContentHasher.chunkSize * 2 + 1234)).map { _ in
      UInt8(truncatingIfNeeded: random.next())
    }
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    #expect(try ContentHasher.hash(path: path) == ContentHasher.hash(bytes))
    // XXH3-128 of no bytes, as `xxhsum -H2` prints it.
    #expect(ContentHasher.hash([]).hex == "99aa06d3014798d86001c324468d497f")
    #expect(ContentHash(bytes: Self.content.bytes) == Self.content)
    #expect(throws: FileReadError.notFound) { try ContentHasher.hash(path: files.path("none")) }
  }
}
