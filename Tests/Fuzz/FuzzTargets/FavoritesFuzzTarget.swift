import Gallery
import GalleryRuntime

extension FuzzTarget {
  /// The favourites file's parser (`FavoritesStore`): whatever it accepts is a set of
  /// paths that survives being written and read back unchanged.
  static let favorites = FuzzTarget("favorites", "the favourites file's parser") {
    bytes throws(FuzzFailure) in
    guard let favorites = FavoritesStore.favorites(inFileBytes: bytes) else { return }
    try require(
      Set(favorites.paths).count == favorites.count, "duplicate paths in \(favorites.paths)")
    let written = FavoritesStore.fileBytes(for: favorites)
    let reread = FavoritesStore.favorites(inFileBytes: written)
    try require(
      reread == favorites,
      "\(favorites.paths) read back as \(String(describing: reread?.paths)) after saving")
  }
}
