import Foundation
import LibraryIndex
import Pictures
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Pruning drops a row only when its file truly no longer exists: a scan that missed a
/// file (its folder unreadable this time, a share not mounted) proves nothing.
@Suite struct PruneTests {
  /// An index with a row for each of `paths`.
  static func index(_ files: FolderFixture, rows paths: [String]) throws -> PictureIndex {
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    index.record(paths.map { IndexEntry(IndexSamples.stamp($0), IndexSamples.full) })
    return index
  }

  static func has(_ index: PictureIndex, _ path: String) -> Bool {
    !index.lookUp([IndexSamples.stamp(path)]).details.isEmpty
  }

  @Test func aFileTheScanMissedButThatIsThereKeepsItsRow() throws {
    let files = FolderFixture()
    let root = files.folder("Pictures")
    let seen = files.jpeg("Pictures/read/1.jpg")
    // The scan could not read this folder this time: it did not see the file.
    let unseen = files.jpeg("Pictures/unreadable/2.jpg")
    let gone = files.path("Pictures/read/3.jpg")
    let index = try Self.index(files, rows: [seen, unseen, gone])
    let pruned = index.pruneCounting(under: root, keeping: [seen])
    #expect(pruned.gone == 1)
    #expect(pruned.notice == nil)
    #expect(Self.has(index, seen))
    #expect(Self.has(index, unseen))
    #expect(!Self.has(index, gone))
  }

  /// Root reads a folder of mode 000 all the same: only another user sees it unreadable.
  @Test(.enabled(if: geteuid() != 0, "root reads every folder"))
  func aRowUnderAFolderThatCannotBeSearchedSurvives() throws {
    let files = FolderFixture()
    let root = files.folder("Pictures")
    let locked = files.jpeg("Pictures/locked/2.jpg")
    let index = try Self.index(files, rows: [locked])
    #expect(chmod(files.path("Pictures/locked"), 0) == 0)
    defer { chmod(files.path("Pictures/locked"), 0o755) }
    #expect(index.pruneCounting(under: root, keeping: []).gone == 0)
    #expect(Self.has(index, locked))
  }

  @Test func aRootThatIsNotThereLosesNoRows() throws {
    let files = FolderFixture()
    // A share not mounted: its link dangles, and every file under it looks gone.
    files.link("Share", to: files.path("not-mounted"))
    let row = files.path("Share/2024/1.jpg")
    let index = try Self.index(files, rows: [row])
    #expect(index.pruneCounting(under: files.path("Share"), keeping: []).gone == 0)
    #expect(Self.has(index, row))
  }

  @Test func aFileWhoseFolderBecameAFileIsGone() throws {
    let files = FolderFixture()
    let root = files.folder("Pictures")
    files.text("Pictures/was-a-folder", "now a file")
    let row = files.path("Pictures/was-a-folder/1.jpg")
    let index = try Self.index(files, rows: [row])
    #expect(index.pruneCounting(under: root, keeping: []).gone == 1)
    #expect(!Self.has(index, row))
  }
}
