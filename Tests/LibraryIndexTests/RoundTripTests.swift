import Foundation
import LibraryIndex
import Pictures
import TerminalKit
import TestSupport
import Testing

/// What goes in comes out, for the same file only.
@Suite struct RoundTripTests {
  @Test func everyFieldComesBackWholeOrNil() throws {
    let files = FolderFixture()
    let (opened, notice) = IndexSamples.open(files.path("cache/gallery/library.sqlite"))
    let index = try #require(opened)
    #expect(notice == nil)
    let entries = [
      IndexEntry(IndexSamples.stamp("/home/ana/full.jpg"), IndexSamples.full),
      IndexEntry(
        IndexSamples.stamp("/home/ana/bare.png", device: nil, inode: nil), IndexSamples.bare),
      IndexEntry(IndexSamples.stamp(IndexSamples.notUTF8), IndexSamples.full),
      IndexEntry(IndexSamples.stamp("/srv/写真/🙂 'quoted'.heic"), IndexSamples.full),
    ]
    #expect(index.record(entries) == nil)
    let found = index.lookUp(entries.map(\.stamp))
    #expect(found.notice == nil)
    #expect(found.details.count == entries.count)
    for entry in entries { #expect(found.details[entry.stamp.path] == entry.details) }
    // The real bytes are kept, not the escapes' UTF-8: a prune by the folder's bytes
    // finds it, and it comes back as the same text.
    #expect(found.details[IndexSamples.notUTF8] == IndexSamples.full)
    index.close()
    // And after the file is closed and opened again.
    let again = try #require(IndexSamples.open(files.path("cache/gallery/library.sqlite")).0)
    #expect(again.lookUp(entries.map(\.stamp)).details.count == entries.count)
  }

  @Test func aRewrittenFileGetsNoAnswer() throws {
    let files = FolderFixture()
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    let stamp = IndexSamples.stamp("/p/a.jpg")
    index.record([IndexEntry(stamp, IndexSamples.full)])
    var bigger = stamp
    bigger.byteSize += 1
    var touched = stamp
    touched.modifiedNanoseconds = (stamp.modifiedNanoseconds ?? 0) + 1
    var replaced = stamp
    replaced.inode = 99
    var unknownInode = stamp
    unknownInode.inode = nil
    unknownInode.device = nil
    for other in [bigger, touched, replaced] {
      #expect(index.lookUp([other]).details.isEmpty, "\(other)")
    }
    // A scan that did not learn the identity still matches by size and time.
    #expect(index.lookUp([unknownInode]).details.count == 1)
    #expect(index.lookUp([stamp]).details.count == 1)
  }

  /// Many files at once go by one scan of their folder: the same answers as one query
  /// each, a rewritten file left out, and rows of other folders not mistaken for them.
  @Test func aLargeLookUpAnswersAsQueriesDo() throws {
    let files = FolderFixture()
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    let library = IndexSamples.library(3000)
    // Neighbours whose bytes sort beside the folder's: `Pictures0`, `Pictures-old`.
    let neighbours =
      IndexSamples.library(50, under: "/home/ana/Pictures0")
      + IndexSamples.library(50, under: "/home/ana/Pictures-old")
    #expect(index.record(library + neighbours) == nil)
    var stamps = library.map(\.stamp)
    stamps[7].byteSize += 1
    let found = index.lookUp(stamps)
    #expect(found.details.count == 2999)
    #expect(found.details[stamps[7].path] == nil)
    #expect(found.details[library[8].stamp.path] == library[8].details)
    #expect(index.lookUp(Array(stamps.prefix(100))).details.count == 99)
    #expect(index.lookUp(neighbours.map(\.stamp)).details.count == 100)
  }

  /// The scan finds names that are not UTF-8, and names holding the scalars that stand
  /// for such bytes, by their real bytes, under roots that share only `/`.
  @Test func aLargeLookUpFindsEveryKindOfName() throws {
    let files = FolderFixture()
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    let latin1 = PathBytes.string(fileSystemBytes: [0x63, 0x61, 0x66, 0xE9])
    // U+10FCE9 written in a name as UTF-8: escaped byte by byte in the text.
    let reserved = PathBytes.string(fileSystemBytes: [0xF4, 0x8F, 0xB3, 0xA9])
    let names = ["plain", latin1, reserved, "写真", "a b", "x\u{7F}"]
    let entries = (0..<600).map { number in
      let root = number % 2 == 0 ? "/srv/photos" : "/home/ana"
      let name = names[number % names.count]
      return IndexEntry(
        IndexSamples.stamp("\(root)/\(name)/\(name)-\(number).jpg", inode: UInt64(number)),
        IndexSamples.full)
    }
    #expect(index.record(entries) == nil)
    let found = index.lookUp(entries.map(\.stamp))
    #expect(found.details.count == 600)
    #expect(Set(found.details.keys) == Set(entries.map(\.stamp.path)))
    #expect(index.lookUp(entries.prefix(6).map(\.stamp)).details.count == 6)
  }

  @Test func pruneForgetsWhatTheScanDidNotSeeUnderItsRootOnly() throws {
    let files = FolderFixture()
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    // A root that is there: only then are files under it found gone.
    let root = files.folder("a/b")
    // Recorded on the folder's device, as a scan of it would: the file system is there.
    let device = PruneTests.device(root)
    let inside = IndexSamples.library(20, under: root, device: device)
    let outside =
      IndexSamples.library(5, under: root + "0", device: device)
      + IndexSamples.library(5, under: files.path("a/c"), device: device)
    let odd = IndexEntry(
      IndexSamples.stamp(root + "/" + IndexSamples.notUTF8.dropFirst(5), device: device),
      IndexSamples.bare)
    index.record(inside + outside + [odd])
    let seen = Set(inside.prefix(10).map(\.stamp.path) + [odd.stamp.path])
    #expect(index.prune(under: root, keeping: seen) == nil)
    #expect(index.count() == 10 + 10 + 1)
    #expect(index.lookUp(inside.map(\.stamp)).details.count == 10)
    #expect(index.lookUp([odd.stamp]).details.count == 1)
    #expect(index.lookUp(outside.map(\.stamp)).details.count == 10)
    index.forget([odd.stamp.path])
    #expect(index.lookUp([odd.stamp]).details.isEmpty)
  }

  @Test func aFileReadAgainReplacesItsRow() throws {
    let files = FolderFixture()
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    let stamp = IndexSamples.stamp("/p/a.jpg")
    index.record([IndexEntry(stamp, IndexSamples.full)])
    var rewritten = stamp
    rewritten.byteSize = 10
    index.record([IndexEntry(rewritten, IndexSamples.bare)])
    #expect(index.count() == 1)
    #expect(index.lookUp([rewritten]).details[stamp.path] == IndexSamples.bare)
    #expect(index.lookUp([stamp]).details.isEmpty)
  }
}
