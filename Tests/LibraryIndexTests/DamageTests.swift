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

  /// Pages past the first two (the schema and the table's root) overwritten: the file
  /// opens, and the damage is met by the lookup's scan.
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
