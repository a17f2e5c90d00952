import Gallery

extension FavoritesStore {
  /// The favourites a favourites file's bytes hold, or nil when `load()` would find the
  /// file damaged and set it aside.
  ///
  /// The file's parser without the file: for the fuzz target and the tests that replay
  /// what it found (`Tests/Fuzz`). Package access, not the library's API.
  package static func favorites(inFileBytes bytes: [UInt8]) -> Favorites? {
    try? decode(bytes).get()
  }

  /// The bytes `save(_:)` writes for `favorites`.
  package static func fileBytes(for favorites: Favorites) -> [UInt8] {
    encode(favorites)
  }
}
