import Foundation
import TerminalKit

/// Where the caches live, and making their folders.
enum CacheFolders {
  /// `$XDG_CACHE_HOME` when it is absolute, else `$HOME/.cache`.
  static func cacheHome(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> String {
    environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
      ?? (environment["HOME"] ?? NSHomeDirectory()) + "/.cache"
  }

  /// Creates `folder` and missing parents with mode 0700; true when it exists after.
  static func make(_ folder: String) -> Bool {
    var info = stat()
    if PathBytes.withFileSystemRepresentation(folder, { stat($0, &info) }) == 0 {
      return info.st_mode & S_IFMT == S_IFDIR
    }
    let parent = (folder as NSString).deletingLastPathComponent
    guard parent != folder, !parent.isEmpty, make(parent) else { return false }
    return PathBytes.withFileSystemRepresentation(folder) { mkdir($0, 0o700) } == 0
      || errno == EEXIST
  }

  /// Removes the file at `path` (`unlink`); true when it was removed.
  @discardableResult
  static func remove(_ path: String) -> Bool {
    PathBytes.withFileSystemRepresentation(path) { unlink($0) } == 0
  }

  /// Renames `path` to `destination` (`rename`); true when it was renamed.
  static func rename(_ path: String, to destination: String) -> Bool {
    PathBytes.withFileSystemRepresentation(path) { from in
      PathBytes.withFileSystemRepresentation(destination) { Foundation.rename(from, $0) }
    } == 0
  }
}
