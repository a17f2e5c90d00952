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
enum PartialFile {
  /// What every temporary name holds between the file's name and the process id.
  static let marker = ".gallery-partial-"

  private static let counter = Locked(0)

  /// The temporary name for `N` in `folder` for a file named `name`.
  static func path(in folder: String, for name: String, pid: pid_t, number: Int) -> String {
    PathName.join(folder, ".\(name)\(marker)\(pid)-\(number)")
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
    return path(
      in: PathName.parent(destination), for: PathName.lastComponent(destination), pid: getpid(),
      number: number)
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

  /// Removes the temporary file at `path`; a failure is ignored, since the file is the
  /// gallery's own and a later `removeLeftovers` finds it.
  static func remove(_ path: String) {
    _ = PathBytes.withFileSystemRepresentation(path) { unlink($0) }
  }
}
