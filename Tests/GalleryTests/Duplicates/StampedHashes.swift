import Pictures

@testable import Gallery

extension GalleryState {
  /// `hashes` under the stamps of their files as the library has them now, as the
  /// readers deliver them; a path the library does not hold gets a stamp of no file.
  func stamped<Hash>(_ hashes: [String: Hash]) -> [FileStamp: Hash] {
    Dictionary(
      uniqueKeysWithValues: hashes.map { path, hash in
        (
          content.libraryPictures[path]
            ?? FileStamp(path: path, byteSize: -1, modificationDate: nil), hash
        )
      })
  }
}
