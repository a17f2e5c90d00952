/// A message for the status line: a warning worth a user's attention, by its cause.
public enum StatusMessage: Hashable, Sendable, CustomStringConvertible {
  /// Favourites could not be saved; they stay marked in memory and the next save retries.
  case favoritesNotSaved(FavoritesError)
  /// The favourites file was damaged (set aside, or in the way).
  case favoritesFile(FavoritesWarning)
  /// Live updates are off or partial.
  case liveUpdates(WatchWarning)

  public var description: String {
    switch self {
    case .favoritesNotSaved(let error): error.description
    case .favoritesFile(let warning):
      switch warning {
      case .setAside(let path, let backup, let problem):
        "\(PathName.lastComponent(path)) \(problem): set aside as \(PathName.lastComponent(backup))"
      case .cannotSetAside(let path, let problem, let reason):
        "\(PathName.lastComponent(path)) \(problem), cannot be moved aside (\(reason)); "
          + "favourites will not be saved"
      }
    case .liveUpdates(let warning): warning.description
    }
  }
}
