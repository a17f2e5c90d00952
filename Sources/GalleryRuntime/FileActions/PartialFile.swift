import Foundation
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The gallery's own temporary files: a copy or a rewrite being written, beside the name
/// it will take, as `.NAME.gallery-partial-PID-N`.
///
/// Hidden (a leading dot), so a scan does not show it; the process id says whose it is,
/// so leftovers of a killed run can be told from a running one's; N counts within the
/// process. They are the only files an action ever deletes that it did not move.
///
/// Every name fits the folder's file system: NAME is the file's name cut, at a
/// character's boundary, to what leaves room for the rest within the longest name the
/// file system takes (`NAME_MAX`, 255 bytes on ext4, tmpfs, XFS and Btrfs), so a picture
/// of a 255-byte name is copied, moved and turned like any other. The marker, the process
/// id and the number are never cut: `owner(ofName:)` reads them from the end. A cut name
/// loses the link to the final name, and nothing needs it: a leftover is only ever
/// removed, never put in place, since a copy's source and a turned picture stay whole
/// under their own names until the temporary file has taken its name.
enum PartialFile {
  /// What every temporary name holds between the file's name and the process id.
  static let marker = ".gallery-partial-"

  /// The longest name (in bytes) of the file systems pictures are kept on; a file system
  /// that takes fewer says so (`pathconf`).
  static let longestName = 255

  private static let counter = Locked(0)

  /// The temporary name for `N` in `folder` for a file named `name`, at most
  /// `longestName` bytes long: `name` is cut at a character's boundary to fit.
  static func path(
    in folder: String, for name: String, pid: pid_t, number: Int,
    longestName: Int = longestName
  ) -> String {
    let tail = "\(marker)\(pid)-\(number)"
    let room = max(0, longestName - 1 - tail.utf8.count)
    return PathName.join(folder, "." + prefix(of: name, bytes: room) + tail)
  }

  /// The longest start of `name` that is at most `limit` bytes on disk: whole scalars
  /// (UTF-8 sequences), each escape of a byte that is not UTF-8 one byte (`PathBytes`).
  static func prefix(of name: String, bytes limit: Int) -> String {
    var used = 0
    var kept = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      used += PathBytes.byte(escapedBy: scalar) == nil ? UTF8.width(scalar) : 1
      if used > limit { break }
      kept.append(scalar)
    }
    return String(kept)
  }

  /// The longest name the file system of `folder` takes, at most `longestName`.
  static func longestName(in folder: String) -> Int {
    let limit = PathBytes.withFileSystemRepresentation(folder) { pathconf($0, Int32(_PC_NAME_MAX)) }
    // A file system too odd to say (or one of under 64 bytes) gets the usual limit.
    return limit >= 64 ? min(limit, longestName) : longestName
  }

  /// Creates a new empty file beside `destination` (`O_EXCL`, so never one that exists),
  /// mode 0600 until it is whole, open for writing. Returns its path and descriptor.
  static func create(beside destination: String) throws(SystemError) -> (
    path: String, descriptor: Int32
  ) {
    while true {
      let path = nextPath(beside: destination)
      let descriptor = PathBytes.withFileSystemRepresentation(path) {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      }
      if descriptor >= 0 { return (path, descriptor) }
      // A leftover of an earlier process with this id holds the name: take the next.
      if errno != EEXIST { throw .current() }
    }
  }

  /// A fresh temporary name beside `destination`, not created.
  static func nextPath(beside destination: String) -> String {
    let number = counter.withLock { count in
      count += 1
      return count
    }
    let folder = PathName.parent(destination)
    return path(
      in: folder, for: PathName.lastComponent(destination), pid: getpid(), number: number,
      longestName: longestName(in: folder))
  }

  /// The process id in a temporary file's name, or nil when the name is not one.
  static func owner(ofName name: String) -> pid_t? {
    guard name.hasPrefix("."), let range = name.range(of: marker, options: .backwards) else {
      return nil
    }
    let rest = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
    guard rest.count == 2, let pid = pid_t(rest[0]), pid > 0, Int(rest[1]) != nil else {
      return nil
    }
    return pid
  }

  /// What became of a name that may be a leftover (`removeIfLeftover`).
  enum Leftover: Equatable {
    /// Not a temporary name, this process's own, or a running process's.
    case none
    /// A dead process's temporary file, removed.
    case removed
    /// A dead process's temporary file that stays: another user's, not a file or a link,
    /// or one that could not be unlinked (a read-only disk).
    case kept
  }

  /// Removes `name` in the folder open as `folder` when it is a leftover of a gallery that
  /// no longer runs: a temporary name whose process is gone (`kill(pid, 0)` fails with
  /// `ESRCH`; `EPERM` is another user's live process), a regular file or a symbolic link
  /// (a copied link's) of this user's, looked at without following a link. A running
  /// gallery's file, and anything else, stays.
  static func removeIfLeftover(named name: String, in folder: Int32) -> Leftover {
    guard let pid = owner(ofName: name), pid != getpid(), kill(pid, 0) != 0, errno == ESRCH
    else { return .none }
    var status = stat()
    let found = PathBytes.withFileSystemRepresentation(name) {
      fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW)
    }
    let kind = status.st_mode & S_IFMT
    guard found == 0, kind == S_IFREG || kind == S_IFLNK, status.st_uid == getuid() else {
      return .kept
    }
    let removed = PathBytes.withFileSystemRepresentation(name) { unlinkat(folder, $0, 0) }
    return removed == 0 ? .removed : .kept
  }

  /// Removes the temporary file at `path`; a failure is ignored, since the file is the
  /// gallery's own and a later `removeLeftovers` finds it.
  static func remove(_ path: String) {
    _ = PathBytes.withFileSystemRepresentation(path) { unlink($0) }
  }
}
