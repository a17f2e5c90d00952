import Gallery

/// What the run loop needs of the favourites on disk (`FavoritesKeeper`): read at start,
/// saved after each change off the main thread, the saves waited for at the end.
package protocol FavoritesKeeping: Sendable {
  /// The events for the state at start: the favourites read, and any problem with them.
  func load() -> [GalleryEvent]
  /// Writes `favorites` in the background; the outcome goes to `report`, on another thread.
  func save(
    _ favorites: Favorites,
    report: @escaping @Sendable (Result<[FavoritesWarning], FavoritesError>) -> Void)
  /// Waits for the saves asked for so far.
  func finish()
}

extension FavoritesKeeper: FavoritesKeeping {}
