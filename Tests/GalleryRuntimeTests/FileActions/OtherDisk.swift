import Foundation
import SystemSupport
import TerminalKit
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// `/dev/shm`, a tmpfs, as a second file system beside the temporary folder: where moves
/// cross file systems (`EXDEV`) and trashes are found at a mount point.
enum OtherDisk {
  static let root = "/dev/shm"

  /// Whether `/dev/shm` is a writable folder on another device than the temporary folder;
  /// the tests needing it are skipped otherwise.
  static let isAvailable: Bool = {
    var shared = stat()
    var temporary = stat()
    guard stat(root, &shared) == 0, stat(NSTemporaryDirectory(), &temporary) == 0,
      shared.st_mode & S_IFMT == S_IFDIR, access(root, W_OK) == 0
    else { return false }
    return shared.st_dev != temporary.st_dev
  }()

  /// A new folder tree on the other disk, removed when it goes away.
  static func fixture() -> FolderFixture { FolderFixture(in: root) }
}

/// What the file action tests look at on disk.
enum OnDisk {
  /// The file's bytes, or nil when it cannot be read (absent).
  static func bytes(_ path: String) -> [UInt8]? {
    try? FileReader.read(path: path, limit: 64 << 20)
  }

  /// `lstat` of `path`, or nil when nothing has that name.
  static func status(_ path: String) -> stat? {
    var status = stat()
    let found = PathBytes.withFileSystemRepresentation(path) { lstat($0, &status) }
    return found == 0 ? status : nil
  }

  /// Whether anything (a dangling link too) has the name `path`.
  static func exists(_ path: String) -> Bool { status(path) != nil }

  /// The names in `folder` as the program's text (`PathBytes`), sorted; `.` and `..` left
  /// out.
  static func names(_ folder: String) -> [String] { Folders.names(in: folder).sorted() }
}
