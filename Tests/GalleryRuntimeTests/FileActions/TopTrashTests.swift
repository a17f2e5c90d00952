import Foundation
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The trashes at the top of another file system than the home's: `/dev/shm`'s, made for
/// the test and removed after it (one test at a time, since they share `/dev/shm`).
/// Skipped when a trash is there already: a user's is never touched.
@Suite(
  .serialized,
  .enabled(if: OtherDisk.isAvailable, "needs /dev/shm on a file system of its own"))
struct TopTrashTests {
  private let content = Array("a picture on another disk".utf8)
  private let date = Date(timeIntervalSince1970: 1_700_000_000)
  private let own = OtherDisk.root + "/.Trash-\(getuid())"
  private let shared = OtherDisk.root + "/.Trash"

  /// A trash whose home is on the temporary folder's file system.
  private func homeTrash(_ home: FolderFixture) -> Trash {
    Trash(home: home.path("home"), dataHome: home.path("data"), uid: getuid())
  }

  /// Whether neither kind of trash is on /dev/shm already.
  private var isClear: Bool { !OnDisk.exists(own) && !OnDisk.exists(shared) }

  /// Removes the trash folders the test made (empty by then), innermost first.
  private func removeTrashes() {
    for folder in [
      own + "/files", own + "/info", own, shared + "/\(getuid())/files",
      shared + "/\(getuid())/info", shared + "/\(getuid())", shared,
    ] {
      rmdir(folder)
    }
  }

  @Test func aFileGoesToItsFileSystemsOwnTrash() throws {
    guard isClear else { return }
    defer { removeTrashes() }
    let home = FolderFixture()
    let shm = OtherDisk.fixture()
    let path = shm.file("IMG 9.JPG", content)
    let trashed = try homeTrash(home).trash(path, at: date)
    #expect(trashed.file == own + "/files/IMG 9.JPG")
    #expect(OnDisk.bytes(trashed.file) == content)
    #expect(OnDisk.status(own).map { $0.st_mode & 0o777 } == 0o700)
    // Below the top folder, the recorded path is relative to it.
    let folder = PathName.lastComponent(shm.root)
    let text = String(decoding: OnDisk.bytes(trashed.info) ?? [], as: UTF8.self)
    #expect(text.hasPrefix("[Trash Info]\nPath=\(folder)/IMG%209.JPG\nDeletionDate="))
    #expect(!OnDisk.exists(home.path("data/Trash")), "the home trash is left alone")

    try homeTrash(home).restore(trashed)
    #expect(OnDisk.bytes(path) == content)
    #expect(OnDisk.names(own + "/files").isEmpty && OnDisk.names(own + "/info").isEmpty)
  }

  @Test func aSharedTrashWithTheStickyBitIsUsed() throws {
    guard isClear else { return }
    defer { removeTrashes() }
    mkdir(shared, 0o777)
    chmod(shared, 0o1777)
    let home = FolderFixture()
    let shm = OtherDisk.fixture()
    let trashed = try homeTrash(home).trash(shm.file("IMG.JPG", content), at: date)
    #expect(trashed.file == shared + "/\(getuid())/files/IMG.JPG")
    try homeTrash(home).restore(trashed)
  }

  @Test func aSharedTrashWithoutTheStickyBitIsPassedOver() throws {
    guard isClear else { return }
    defer { removeTrashes() }
    mkdir(shared, 0o777)
    chmod(shared, 0o777)
    let home = FolderFixture()
    let shm = OtherDisk.fixture()
    let trashed = try homeTrash(home).trash(shm.file("IMG.JPG", content), at: date)
    #expect(trashed.file == own + "/files/IMG.JPG")
    #expect(!OnDisk.exists(shared + "/\(getuid())"))
    try homeTrash(home).restore(trashed)
  }

  @Test func withNoUsableTrashNothingIsDone() throws {
    guard isClear else { return }
    // Something else has the trash's name: never used, never replaced.
    let blocker = open(own, O_WRONLY | O_CREAT | O_EXCL, 0o600)
    try #require(blocker >= 0)
    close(blocker)
    defer { unlink(own) }
    let home = FolderFixture()
    let shm = OtherDisk.fixture()
    let path = shm.file("IMG.JPG", content)
    #expect(
      throws: FileActionError.noTrash(path: path, reason: ".Trash-\(getuid()) is not a folder")
    ) {
      _ = try homeTrash(home).trash(path, at: date)
    }
    #expect(OnDisk.bytes(path) == content)
    #expect(OnDisk.status(own).map { $0.st_mode & S_IFMT } == S_IFREG)
  }
}
