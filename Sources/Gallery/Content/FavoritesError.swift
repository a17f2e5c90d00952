/// Why the favourites of an older gallery could not all be migrated; the app shows the
/// message and carries on, the favourites file left as it was.
package enum FavoritesError: Error, Sendable, Hashable, CustomStringConvertible {
  /// Neither `XDG_STATE_HOME` nor `HOME` says where state belongs.
  case noStateFolder
  /// The folder for the file could not be created.
  case cannotCreateFolder(path: String, reason: String)
  /// The file could not be written (disk full, read-only, no permission).
  case cannotWrite(path: String, reason: String)
  /// A damaged file is in the way and could not be moved aside, so it is left alone.
  case cannotSetAside(path: String, reason: String)

  package var description: String {
    switch self {
    case .noStateFolder:
      "favourites not migrated: set HOME or XDG_STATE_HOME"
    case .cannotCreateFolder(let path, let reason):
      "favourites not migrated: cannot create \(path): \(reason)"
    case .cannotWrite(let path, let reason):
      "favourites not migrated: cannot write \(path) (\(reason)); they wait there for the next start"
    case .cannotSetAside(let path, let reason):
      "favourites not migrated: cannot keep \(path) aside (\(reason)); it is left as it is"
    }
  }
}

/// Something about the favourites file worth a line in the status bar.
package enum FavoritesWarning: Sendable, Hashable, CustomStringConvertible {
  /// The file could not be read or understood; it was renamed to `backup`.
  case setAside(path: String, backup: String, problem: String)
  /// The file could not be read or understood, and renaming it failed too; it is
  /// left untouched.
  case cannotSetAside(path: String, problem: String, reason: String)

  package var description: String {
    switch self {
    case .setAside(let path, let backup, let problem):
      "favourites file \(path) \(problem); kept as \(backup), starting afresh"
    case .cannotSetAside(let path, let problem, let reason):
      "favourites file \(path) \(problem) and cannot be moved aside (\(reason)); "
        + "it is left as it is"
    }
  }
}
