import Pictures

/// The favourites as the gallery shows them: the files whose culling decision makes them
/// favourites by the rule chosen (`FavoriteRule`), in the order they became favourites.
///
/// Derived from the decisions, never kept apart: each change of decisions is noted here
/// (`note(_:)`), so the Favourites section follows a `P` or a sidecar read. The order is
/// the order the decisions came in: those read at start folder by folder, those of one
/// batch by path, then each made during the run after them.
package struct FavoritePictures: Sendable {
  /// The favourite files by path, in the order they became favourites.
  package private(set) var favorites = Favorites()
  /// What makes a picture a favourite.
  package private(set) var rule = FavoriteRule.picks
  /// Counts the changes that may change the Favourites section: a file becoming or
  /// ceasing to be a favourite, or a favourite's decision changing.
  package private(set) var revision = 0

  /// No favourites.
  package init() {}

  /// Whether the file at `path` is a favourite by its own decision. O(1).
  package func contains(_ path: String) -> Bool { favorites.contains(path) }

  /// Notes the decisions of the files in `changes`' keys (an undecided one is no
  /// favourite). O(changes log changes).
  mutating func note(_ changes: [String: CullingDecision]) {
    var touched = false
    for path in changes.keys.sorted() {
      let isFavorite = changes[path].map(rule.includes) ?? false
      if isFavorite || favorites.contains(path) { touched = true }
      if isFavorite { favorites.insert(path) } else { favorites.remove(path) }
    }
    if touched { revision += 1 }
  }

  /// Gives the favourites among `moves`' keys their new paths, each in its place.
  mutating func follow(_ moves: [String: String]) {
    if favorites.rename(moves) { revision += 1 }
  }

  /// Takes `rule`, and the favourites it makes of `decisions`. O(decisions log decisions).
  mutating func setRule(_ rule: FavoriteRule, decisions: PictureDecisions) {
    self.rule = rule
    favorites = Favorites(
      decisions.byPath.keys.sorted().filter { decisions.byPath[$0].map(rule.includes) == true })
    revision += 1
  }
}
