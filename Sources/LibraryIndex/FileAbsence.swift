import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Whether a file is truly gone, as pruning the index needs it: the system says there is
/// no such file, and its root folder is there to say so.
///
/// A scan that did not see a file proves nothing: its folder may have been unreadable
/// this time, hidden files may have been left out, a link may not have been followed.
/// Only `ENOENT` or `ENOTDIR` from `lstat` count, and only while the root itself is a
/// folder: a share not mounted, or a link to one that dangles, loses no rows.
package struct FileAbsence: Sendable {
  private let rootIsThere: Bool

  /// The check for files under `root`.
  package init(under root: String) {
    var status = stat()
    rootIsThere =
      PathBytes.withFileSystemRepresentation(root) { stat($0, &status) } == 0
      && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Whether the file at `path` no longer exists.
  package func isGone(_ path: String) -> Bool {
    guard rootIsThere else { return false }
    var status = stat()
    guard PathBytes.withFileSystemRepresentation(path, { lstat($0, &status) }) != 0 else {
      return false
    }
    // Read at once: nothing in between may set errno.
    let code = errno
    return code == ENOENT || code == ENOTDIR
  }
}
