import Pictures

/// The favourites as the gallery shows them: the paths marked, which of them the
/// Favourites section shows (`scope`), and what their files are.
///
/// What the files are is read with the favourites at start: the details of a favourite no
/// scanned folder holds, so the section can show it before (or without) a scan finding
/// it.
package struct FavoritePictures: Sendable {
  /// The favourite pictures by path, in the order they were marked.
  package private(set) var favorites = Favorites()
  /// Which favourites the Favourites section shows.
  package private(set) var scope = FavoritesScope.all
  /// What the favourites' files are, by path, as read when they were loaded.
  private var files: [String: Picture] = [:]

  /// No favourites.
  package init() {}

  /// The favourites the Favourites section shows, in the order they were marked.
  package var shown: [String] { favorites.paths.filter(scope.includes) }

  /// Whether the file at `path` is a favourite. O(1).
  package func contains(_ path: String) -> Bool { favorites.contains(path) }

  /// The favourite's file at `path` as read at start, nil when it was not read.
  package func file(at path: String) -> Picture? { files[path] }

  /// Sets the favourites (read at start, or one toggled).
  mutating func set(_ favorites: Favorites) { self.favorites = favorites }

  /// Notes what the favourites' files are (read with them at start).
  mutating func noteFiles(_ files: [String: Picture]) { self.files = files }

  /// Shows the favourites `scope` includes.
  mutating func setScope(_ scope: FavoritesScope) { self.scope = scope }
}
