import Foundation
import LibraryIndex
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// An index that cannot be written is read: its answers are used, and what is read is
/// not kept, with one notice.
@Suite struct ReadOnlyTests {
  /// Root writes whatever the modes say: the tests of modes need another user, e.g.
  /// `setpriv --reuid=65534 --regid=65534 --clear-groups env HOME=/tmp
  /// .build/debug/galleryPackageTests.xctest --testing-library swift-testing --filter
  /// ReadOnlyTests`.
  static let isRoot = geteuid() == 0

  /// An index of `library` at `path`, closed.
  static func made(_ path: String, _ library: [IndexEntry]) throws {
    let index = try #require(IndexSamples.open(path).0)
    #expect(index.record(library) == nil)
    index.close()
  }

  static func expectReadOnly(_ index: PictureIndex, _ library: [IndexEntry]) {
    #expect(index.isReadOnly)
    #expect(index.lookUp(library.map(\.stamp)).details.count == library.count)
    let notice = index.record(IndexSamples.library(3, under: "/new"))
    #expect(notice?.outcome == .readOnly)
    #expect(notice?.sentence.contains("cannot be written") == true)
    // Said once a run, not at every batch.
    #expect(index.record(IndexSamples.library(3, under: "/new")) == nil)
    #expect(index.prune(under: "/", keeping: []) == nil)
    #expect(index.count() == library.count)
  }

  @Test func openedReadOnlyAnswersAndWritesNothing() throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = IndexSamples.library(40)
    try Self.made(path, library)
    let before = IndexSamples.bytes(path)
    let opening = PictureIndex.open(at: path, readOnly: true)
    let index = try #require(opening.index)
    #expect(opening.notice == nil)
    Self.expectReadOnly(index, library)
    index.close()
    #expect(IndexSamples.bytes(path) == before)
  }

  @Test(.disabled(if: isRoot, "root writes a file of mode 0444: run as another user"))
  func aReadOnlyFileIsReadAndNotWritten() throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = IndexSamples.library(40)
    try Self.made(path, library)
    chmod(path, 0o444)
    let opening = IndexSamples.open(path)
    let index = try #require(opening.0)
    #expect(opening.1?.outcome == .readOnly)
    Self.expectReadOnly(index, library)
  }

  @Test(.disabled(if: isRoot, "root writes in a folder of mode 0555: run as another user"))
  func anIndexInAReadOnlyFolderIsReadAndNotWritten() throws {
    let files = FolderFixture()
    let folder = files.folder("cache")
    let path = folder + "/library.sqlite"
    let library = IndexSamples.library(40)
    try Self.made(path, library)
    chmod(folder, 0o555)
    defer { chmod(folder, 0o755) }
    let opening = IndexSamples.open(path)
    let index = try #require(opening.0)
    #expect(opening.1?.outcome == .readOnly)
    Self.expectReadOnly(index, library)
  }

  @Test(.disabled(if: isRoot, "root makes files in a folder of mode 0555: run as another user"))
  func noIndexInAReadOnlyFolderIsBypassed() throws {
    let files = FolderFixture()
    let folder = files.folder("cache")
    chmod(folder, 0o555)
    defer { chmod(folder, 0o755) }
    let opening = IndexSamples.open(folder + "/library.sqlite")
    #expect(opening.0 == nil)
    #expect(opening.1?.outcome == .bypassed)
  }
}
