import FoundationEssentials
import Glibc
import TerminalKit

/// Where the caches live, and making their folders.
package enum CacheFolders {
  /// `$XDG_CACHE_HOME` when it is absolute, else `$HOME/.cache`.
  package static func cacheHome(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? FileManager.default.homeDirectoryForCurrentUser.path) + "/.cache"
  }

  /// Creates `folder` and missing parents with mode 0700 (`Folders.create`); true when
  /// it is a folder after.
  package static func make(_ folder: String) -> Bool {
    do {
      try Folders.create(folder)
      return true
    } catch {
      return false
    }
  }

  /// Removes the file at `path` (`unlink`); true when it was removed.
  @discardableResult
  package static func remove(_ path: String) -> Bool {
    PathBytes.withFileSystemRepresentation(path) { unlink($0) } == 0
  }

  /// Renames `path` to `destination` (`rename`); true when it was renamed.
  package static func rename(_ path: String, to destination: String) -> Bool {
    PathBytes.withFileSystemRepresentation(path) { from in
      PathBytes.withFileSystemRepresentation(destination) { Glibc.rename(from, $0) }
    } == 0
  }
}
