import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension SafeMove {
  /// Tidies the temporary files that processes no longer running left in `folder`:
  /// copies cut short are removed, a rewrite's (which may hold another program's save)
  /// goes to `trash`, or stays without one. Anything else, and a running process's own
  /// (its id, or its lock), stays (`PartialFile.removeIfLeftover`). Returns what became
  /// of each leftover found.
  ///
  /// Not needed for safety (a leftover is never under a picture's name); it tidies a
  /// folder after a crash. The scan does the same in every folder it reads.
  @discardableResult
  package static func removeLeftovers(in folder: String, trash: Trash?) -> LeftoverCount {
    let descriptor = PathBytes.withFileSystemRepresentation(folder) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    var count = LeftoverCount()
    guard descriptor >= 0 else { return count }
    defer { close(descriptor) }
    for name in Folders.names(in: folder) {
      switch PartialFile.removeIfLeftover(named: name, in: descriptor, at: folder, trash: trash) {
      case .none: break
      case .removed: count.removed += 1
      case .trashed: count.trashed += 1
      case .kept: count.kept += 1
      }
    }
    return count
  }

  /// What `removeLeftovers` did.
  package struct LeftoverCount: Equatable, Sendable {
    /// Copies' leftovers unlinked.
    package var removed = 0
    /// Rewrites' leftovers put in the Trash.
    package var trashed = 0
    /// Leftovers that stay.
    package var kept = 0

    package init(removed: Int = 0, trashed: Int = 0, kept: Int = 0) {
      self.removed = removed
      self.trashed = trashed
      self.kept = kept
    }
  }
}
