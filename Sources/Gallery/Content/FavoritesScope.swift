/// Which favourites the Favourites section shows: those under the folders opened (and the
/// pictures named one by one), or all of them. The favourites file keeps every one
/// whatever is shown: a favourite of another folder waits there for a gallery of that
/// folder.
package enum FavoritesScope: Hashable, Sendable {
  /// Every favourite, wherever its file is (`favorites = all`).
  case all
  /// Those at these paths or under these folders (absolute paths).
  case under([String])

  /// Whether the favourite at `path` is shown. O(roots).
  package func includes(_ path: String) -> Bool {
    switch self {
    case .all: true
    case .under(let roots):
      roots.contains { root in
        path == root || path.hasPrefix(root == "/" ? "/" : root + "/")
      }
    }
  }
}
