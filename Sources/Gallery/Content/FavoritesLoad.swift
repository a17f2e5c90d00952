/// What loading favourites found: the favourites, and anything the user should hear about.
public struct FavoritesLoad: Sendable, Hashable {
  /// The favourites read from disk (empty when there was no file or it was damaged).
  public var favorites: Favorites
  /// Warnings for the status line; empty when all went well.
  public var warnings: [FavoritesWarning]

  /// A load that found `favorites` and `warnings`.
  public init(favorites: Favorites, warnings: [FavoritesWarning] = []) {
    self.favorites = favorites
    self.warnings = warnings
  }
}
