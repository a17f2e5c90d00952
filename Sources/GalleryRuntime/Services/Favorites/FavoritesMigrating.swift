import Gallery

/// What the run loop needs of the favourites an older gallery kept in `favorites.json`
/// (`FavoritesMigrator`): made decisions once at start, before any sidecar is read.
package protocol FavoritesMigrating: Sendable {
  /// Writes the favourites whose files are there into their sidecars as decisions, and
  /// sets the file aside; the events say what became of them.
  func migrate() -> [GalleryEvent]
}

extension FavoritesMigrator: FavoritesMigrating {}
