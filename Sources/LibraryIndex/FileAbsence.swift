import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Whether a file is truly gone, as pruning the index needs it: the system says there is
/// no such file, its root folder is there to say so, and the file system the file was on
/// is there too.
///
/// A scan that did not see a file proves nothing: its folder may have been unreadable
/// this time, hidden files may have been left out, a link may not have been followed.
/// Only `ENOENT` or `ENOTDIR` from `lstat` count, and only while the root itself is a
/// folder: a share not mounted, or a link to one that dangles, loses no rows.
///
/// A share not mounted on a folder that is there (an empty mount point) looks the same
/// as a share whose files were all deleted. The nearest folder still there above the file
/// tells them apart: on the device the file was recorded on, the file was deleted from a
/// file system that is there; on another device (the empty mount point's, the root file
/// system's), the file's file system is not there, and the file may come back with it.
package struct FileAbsence: Sendable {
  private let rootIsThere: Bool
  /// The device of the nearest folder still there above each folder asked of; nil for
  /// one that could not be told (a folder that cannot be searched).
  private var folderDevices: [String: UInt64?] = [:]

  /// The check for files under `root`.
  package init(under root: String) {
    var status = stat()
    rootIsThere =
      PathBytes.withFileSystemRepresentation(root) { stat($0, &status) } == 0
      && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Whether the file at `path`, last seen on `device` (`st_dev`, nil when not known), no
  /// longer exists: the system says there is no such file, and the nearest folder still
  /// there above it is on that device. Without a device the system's word alone counts.
  package mutating func isGone(_ path: String, device: UInt64? = nil) -> Bool {
    guard rootIsThere else { return false }
    var status = stat()
    guard PathBytes.withFileSystemRepresentation(path, { lstat($0, &status) }) != 0 else {
      return false
    }
    // Read at once: nothing in between may set errno.
    let code = errno
    guard code == ENOENT || code == ENOTDIR else { return false }
    guard let device else { return true }
    return nearestFolderDevice(above: path) == device
  }

  /// The device of the nearest folder that is there above `path` (links followed, as
  /// the path would be), nil when one on the way cannot be told.
  private mutating func nearestFolderDevice(above path: String) -> UInt64? {
    let folder = PathName.parent(path)
    if let known = folderDevices[folder] { return known }
    var status = stat()
    let found = PathBytes.withFileSystemRepresentation(folder) { stat($0, &status) } == 0
    // Read at once: nothing in between may set errno.
    let code = found ? 0 : errno
    let device: UInt64?
    if found, status.st_mode & S_IFMT == S_IFDIR {
      device = UInt64(status.st_dev)
    } else if folder == "/" || folder == "." {
      device = nil
    } else if found || code == ENOENT || code == ENOTDIR {
      // A folder gone, or become a file: the one above it tells.
      device = nearestFolderDevice(above: folder)
    } else {
      // A folder that cannot be searched tells nothing.
      device = nil
    }
    folderDevices[folder] = device
    return device
  }
}
