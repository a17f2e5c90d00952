import Foundation
import LibraryIndex
import TestSupport
import Testing

/// A newer gallery's index is left alone; an older one's is made again.
@Suite struct VersionTests {
  /// SQLite keeps `user_version` at byte 60 of the file, big-endian.
  static func setVersion(_ version: UInt32, at path: String) throws {
    var bytes = try #require(IndexSamples.bytes(path))
    withUnsafeBytes(of: version.bigEndian) { bytes.replaceSubrange(60..<64, with: $0) }
    IndexSamples.write(bytes, to: path)
  }

  @Test func aNewerGallerysIndexIsBypassedAndUntouched() throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = try DamageTests.made(path, count: 50)
    try Self.setVersion(99, at: path)
    let before = try #require(IndexSamples.bytes(path))
    let (index, notice) = IndexSamples.open(path)
    #expect(index == nil)
    #expect(notice?.outcome == .bypassed)
    #expect(notice?.problem == .foreignVersion(path: path, version: 99))
    #expect(notice?.sentence.contains("newer gallery") == true)
    #expect(IndexSamples.bytes(path) == before, "the file was changed")
    #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    // Read-only asked: bypassed too (its rows are not this gallery's to read).
    #expect(PictureIndex.open(at: path, readOnly: true).index == nil)
    #expect(IndexSamples.bytes(path) == before)
    _ = library
  }

  @Test func anOlderSchemaIsMadeAgain() throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = try DamageTests.made(path, count: 50)
    try Self.setVersion(0, at: path)
    let (opened, _) = IndexSamples.open(path)
    let index = try #require(opened)
    #expect(index.lookUp(library.map(\.stamp)).details.isEmpty)
    #expect(index.record(library) == nil)
    #expect(index.lookUp(library.map(\.stamp)).details.count == 50)
  }
}
