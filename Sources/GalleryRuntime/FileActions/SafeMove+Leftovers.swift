import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension SafeMove {
  /// Removes the temporary files (`.NAME.gallery-partial-PID-N`) that processes no longer
  /// running left in `folder`: copies cut short, or the old content of a turned picture.
  /// Anything else, and a running process's own, stays (`PartialFile.removeIfLeftover`).
  /// Returns how many were removed.
  ///
  /// Not needed for safety (a leftover is never under a picture's name); it tidies a
  /// folder after a crash. The scan does the same in every folder it reads.
  @discardableResult
  package static func removeLeftovers(in folder: String) -> Int {
    let descriptor = PathBytes.withFileSystemRepresentation(folder) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { return 0 }
    defer { close(descriptor) }
    return Folders.names(in: folder).count(where: {
      PartialFile.removeIfLeftover(named: $0, in: descriptor) == .removed
    })
  }
}
