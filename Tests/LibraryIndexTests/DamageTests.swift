import Foundation
import LibraryIndex
import TestSupport
import Testing

/// A damaged index file is the gallery's own cache: made again, empty, with a notice;
/// never a crash or a wrong answer.
@Suite struct DamageTests {
  /// An index of `count` rows at `path`, closed (its WAL folded into the file).
  static func made(_ path: String, count: Int = 3000) throws -> [IndexEntry] {
    let index = try #require(IndexSamples.open(path).0)
    let library = IndexSamples.library(count)
    #expect(index.record(library) == nil)
    index.close()
    return library
  }

  /// Opens the damaged file: a notice that it was made again, and an index that works.
  static func expectRebuilt(_ path: String, lookingUp library: [IndexEntry]) throws {
    let (opened, notice) = IndexSamples.open(path)
    let index = try #require(opened)
    let found = index.lookUp(library.map(\.stamp))
    let said = try #require(notice ?? found.notice)
    #expect(said.outcome == .rebuilt)
    #expect(said.sentence.contains("damaged"))
    #expect(index.isIntact() == true)
    #expect(index.lookUp(library.map(\.stamp)).details.isEmpty)
    #expect(index.record(Array(library.prefix(10))) == nil)
    #expect(index.lookUp(library.map(\.stamp)).details.count == 10)
  }

  @Test func garbageIsMadeAgain() throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    var random = SplitMix64(seed: 7)
    IndexSamples.write(
      (0..<100_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }, to: path)
    try Self.expectRebuilt(path, lookingUp: IndexSamples.library(100))
  }

  @Test func aTruncatedFileIsMadeAgain() throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = try Self.made(path)
    let bytes = try #require(IndexSamples.bytes(path))
    #expect(bytes.count > 100_000)
    IndexSamples.write(Array(bytes.prefix(bytes.count / 2)), to: path)
    try Self.expectRebuilt(path, lookingUp: library)
  }

  /// Damaged pages met on opening: every page past the first two (the schema and the
  /// table's root) overwritten, the first leaf too.
  @Test func overwrittenPagesAreFoundByAQueryAndMadeAgain() throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = try Self.made(path)
    var bytes = try #require(IndexSamples.bytes(path))
    let page = 4096
    var random = SplitMix64(seed: 11)
    for offset in (3 * page)..<bytes.count {
      bytes[offset] = UInt8(truncatingIfNeeded: random.next())
    }
    IndexSamples.write(bytes, to: path)
    try Self.expectRebuilt(path, lookingUp: library)
  }

  /// Damaged pages met by a query: the second half of the file overwritten, which opening
  /// does not read; the lookup's scan meets them, and the file is made again.
  @Test func overwrittenPagesMetByAQueryAreMadeAgain() throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = try Self.made(path)
    var bytes = try #require(IndexSamples.bytes(path))
    var random = SplitMix64(seed: 13)
    let half = bytes.count / 2 / 4096 * 4096
    for offset in half..<bytes.count { bytes[offset] = UInt8(truncatingIfNeeded: random.next()) }
    IndexSamples.write(bytes, to: path)
    let (opened, notice) = IndexSamples.open(path)
    let index = try #require(opened)
    #expect(notice == nil, "met on opening: the test no longer reaches the query's path")
    let found = index.lookUp(library.map(\.stamp))
    #expect(found.details.isEmpty)
    #expect(found.notice?.outcome == .rebuilt)
    #expect(found.notice?.problem == .corrupt(path: path))
    #expect(index.isIntact() == true)
    #expect(index.record(Array(library.prefix(10))) == nil)
    #expect(index.lookUp(library.map(\.stamp)).details.count == 10)
  }

  @Test func aFileOfZerosIsMadeAgain() throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = try Self.made(path, count: 10)
    let size = try #require(IndexSamples.bytes(path)).count
    IndexSamples.write([UInt8](repeating: 0, count: size), to: path)
    let (opened, _) = IndexSamples.open(path)
    // A file of zeros reads as an empty database: no wrong answer either way.
    let index = try #require(opened)
    #expect(index.lookUp(library.map(\.stamp)).details.isEmpty)
  }
}
