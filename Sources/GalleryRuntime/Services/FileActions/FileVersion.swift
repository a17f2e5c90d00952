import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Which file a name held, and which version of it: its device and inode, its size and
/// its modification time.
///
/// What an action records of a file it wrote or moved, so a later step (the swap of a
/// rewrite, an undo) touches only that file: another program that saves a file by
/// writing a new one and renaming it over the name gives the name another inode, and one
/// writing in place changes its time.
package struct FileVersion: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  /// The modification time, seconds and nanoseconds since 1970.
  let seconds: Int
  let nanoseconds: Int

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    seconds = Int(status.st_mtim.tv_sec)
    nanoseconds = Int(status.st_mtim.tv_nsec)
  }

  /// A version as recorded (`SidecarNote`).
  init(device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int) {
    self.device = device
    self.inode = inode
    self.size = size
    self.seconds = seconds
    self.nanoseconds = nanoseconds
  }

  /// The version of what has the name `path` now (`lstat`: a link's own), or nil when
  /// nothing has it or it cannot be looked at.
  static func at(_ path: String) -> FileVersion? {
    (try? FileStatus.link(path)).map(FileVersion.init)
  }

  /// The modification time as the system gives it.
  var modified: timespec { timespec(tv_sec: seconds, tv_nsec: nanoseconds) }
}
