/// Why live updates are off or partial; shown in the status line, never a failure.
package enum WatchWarning: Sendable, Hashable, CustomStringConvertible {
  /// inotify could not be set up (not Linux, or the instance limit is reached).
  case unavailable(reason: String)
  /// The per-user watch limit is reached; `count` folders are not watched.
  case limitReached(count: Int)
  /// One folder could not be watched (permissions, or it vanished meanwhile).
  case cannotWatch(path: String, reason: String)

  package var description: String {
    switch self {
    case .unavailable(let reason): "live updates off: \(reason)"
    case .limitReached(let count):
      "live updates partial: \(count) folder\(count == 1 ? "" : "s") not watched "
        + "(raise fs.inotify.max_user_watches)"
    case .cannotWatch(let path, let reason): "live updates off for \(path): \(reason)"
    }
  }
}
