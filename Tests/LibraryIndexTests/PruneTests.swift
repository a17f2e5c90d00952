import Foundation
import LibraryIndex
import Pictures
import TerminalKit
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Pruning drops a row only when its file truly no longer exists: a scan that missed a
/// file (its folder unreadable this time, a share not mounted) proves nothing.
@Suite struct PruneTests {
  /// An index with a row for each of `paths`, recorded on the device of the fixture's
  /// folder (as a scan of it would), or on `device`.
  static func index(
    _ files: FolderFixture, rows paths: [String], device: UInt64? = nil
  ) throws -> PictureIndex {
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    let device = device ?? Self.device(files.root)
    index.record(
      paths.map { IndexEntry(IndexSamples.stamp($0, device: device), IndexSamples.full) })
    return index
  }

  static func has(_ index: PictureIndex, _ path: String, device: UInt64? = nil) -> Bool {
    !index.lookUp([IndexSamples.stamp(path, device: device ?? Self.device(PathName.parent(path)))])
      .details.isEmpty
  }

  /// The device (`st_dev`) of the nearest folder there at or above `path`.
  static func device(_ path: String) -> UInt64 {
    var status = stat()
    var folder = path
    while stat(folder, &status) != 0 { folder = PathName.parent(folder) }
    return UInt64(status.st_dev)
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

  @Test func aShareNotMountedOnAnEmptyFolderLosesNoRows() throws {
    let files = FolderFixture()
    // The mount point is there, empty, on the fixture's file system; the rows were
    // recorded on the share's device, another one.
    let mountPoint = files.folder("NAS")
    let share = Self.device(mountPoint) &+ 1
    let rows = [files.path("NAS/2024/1.jpg"), files.path("NAS/2024/trip/2.jpg")]
    let index = try Self.index(files, rows: rows, device: share)
    #expect(index.pruneCounting(under: mountPoint, keeping: []).gone == 0)
    for row in rows { #expect(Self.has(index, row, device: share)) }
  }

  @Test func filesDeletedWithTheirFolderAreGoneOnTheSameDevice() throws {
    let files = FolderFixture()
    let root = files.folder("Pictures")
    let rows = [files.jpeg("Pictures/trip/day 1/1.jpg"), files.jpeg("Pictures/trip/2.jpg")]
    let index = try Self.index(files, rows: rows)
    let device = Self.device(root)
    #expect(unlink(rows[0]) == 0 && unlink(rows[1]) == 0)
    #expect(
      rmdir(files.path("Pictures/trip/day 1")) == 0 && rmdir(files.path("Pictures/trip")) == 0)
    #expect(index.pruneCounting(under: root, keeping: []).gone == 2)
    for row in rows { #expect(!Self.has(index, row, device: device)) }
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
