/// A library after a batch of folder changes, with the pictures whose content changed.
package struct LibraryUpdate: Sendable, Hashable {
  /// The library with the changes applied.
  package let library: Library
  /// Pictures that were shown before and were rewritten (new size or modification time):
  /// their cached thumbnails are stale. In display order.
  package let rewritten: [String]
}
