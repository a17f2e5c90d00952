/// What loading favourites found: the favourites, and anything the user should hear about.
package struct FavoritesLoad: Sendable, Hashable {
  /// The favourites read from disk (empty when there was no file or it was damaged).
  package var favorites: Favorites
  /// Warnings for the status line; empty when all went well.
  package var warnings: [FavoritesWarning]
  /// What each favourite's file is, as the scan would read it (its size, date and format),
  /// for those a scanned folder may not hold; a missing file has none.
  package var files: [String: Picture]

  /// A load that found `favorites` and `warnings`, and `files`.
  package init(
    favorites: Favorites, warnings: [FavoritesWarning] = [], files: [String: Picture] = [:]
  ) {
    self.favorites = favorites
    self.warnings = warnings
    self.files = files
  }
}
