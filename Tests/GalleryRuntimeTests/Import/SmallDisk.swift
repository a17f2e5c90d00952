import Foundation
import TestSupport

#if canImport(Glibc)
  import Glibc
#endif

/// A tmpfs of a few megabytes mounted for a test (root only: a full or read-only disk
/// that is real, not a simulation), unmounted when let go.
final class SmallDisk {
  let files: FolderFixture
  var root: String { files.root }

  /// A disk of `megabytes`; nil when this process cannot mount one (not root, or a
  /// container without the right).
  init?(megabytes: Int) {
    files = FolderFixture()
    guard mount("tmpfs", files.root, "tmpfs", 0, "size=\(megabytes)m,mode=0755") == 0 else {
      return nil
    }
  }

  /// Whether this process may mount one.
  static let isAvailable: Bool = SmallDisk(megabytes: 1) != nil

  /// Gives the disk `megabytes`, its files kept.
  func resize(megabytes: Int) -> Bool {
    mount("tmpfs", root, "tmpfs", UInt(MS_REMOUNT), "size=\(megabytes)m") == 0
  }

  /// Makes the disk read-only (or writable again).
  func setReadOnly(_ readOnly: Bool) -> Bool {
    mount("tmpfs", root, "tmpfs", UInt(MS_REMOUNT) | (readOnly ? UInt(MS_RDONLY) : 0), nil) == 0
  }

  deinit { umount2(root, Int32(MNT_DETACH)) }
}
