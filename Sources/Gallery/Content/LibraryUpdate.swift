/// A library after a batch of folder changes, with the pictures whose content changed.
public struct LibraryUpdate: Sendable, Hashable {
  /// The library with the changes applied.
  public let library: Library
  /// Pictures that were shown before and were rewritten (new size or modification time):
  /// their cached thumbnails are stale. In display order.
  public let rewritten: [String]
}
