/// Why the state file (the order and the last folders kept across runs) could not be read or written; its
/// description is what the status line shows. Nothing in the file is precious: the
/// gallery goes on without it.
package enum StateFileError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file holds nothing the gallery understands; the order starts afresh.
  case damaged(path: String)
  /// The file is there but cannot be read: why, worded to follow its path, such as
  /// `cannot be read (Permission denied)` or `is not a file`.
  case unreadable(path: String, reason: String)
  /// The folder or the file cannot be written; `reason` is the system's, such as
  /// `Read-only file system`.
  case unwritable(path: String, reason: String)

  package var description: String {
    switch self {
    case .damaged(let path):
      "state file \(path) is damaged; the sort order and the last folders start afresh"
    case .unreadable(let path, let reason): "state file \(path) \(reason)"
    case .unwritable(let path, let reason):
      "sort order and last folders not kept: cannot write \(path) (\(reason))"
    }
  }
}
