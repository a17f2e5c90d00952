import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension SafeMove {
  /// Removes the temporary files (`.NAME.gallery-partial-PID-N`) that processes no longer
  /// running left in `folder`: copies cut short, or the old content of a turned picture.
  /// Anything else, and a running process's own, stays. Returns how many were removed.
  ///
  /// Not needed for safety (a leftover is never under a picture's name); it tidies a
  /// folder after a crash.
  @discardableResult
  package static func removeLeftovers(in folder: String) -> Int {
    var removed = 0
    for name in Folders.names(in: folder) {
      guard let pid = PartialFile.owner(ofName: name), pid != getpid() else { continue }
      // EPERM means a process of another user runs with that id: still alive.
      guard kill(pid, 0) != 0, errno == ESRCH else { continue }
      let path = PathName.join(folder, name)
      guard let status = try? FileStatus.link(path) else { continue }
      let kind = FileStatus.kind(status)
      guard kind == S_IFREG || kind == S_IFLNK else { continue }
      if PathBytes.withFileSystemRepresentation(path, { unlink($0) }) == 0 { removed += 1 }
    }
    return removed
  }
}
