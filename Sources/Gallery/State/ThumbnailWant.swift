import Thumbnails

/// How soon a thumbnail is needed; larger first.
public enum ThumbnailPriority: Int, Hashable, Sendable, Comparable {
  /// Just off screen: a page above and below, the next pictures of a row.
  case nearby = 1
  /// On screen.
  case visible = 2
  /// The focused picture.
  case focused = 3
  /// The detail view's picture.
  case detail = 4

  public static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One thumbnail the screen needs: a picture in a box of cells (or the part of it a
/// zoomed view shows), with a priority.
public struct ThumbnailWant: Hashable, Sendable {
  public var path: String
  public var size: TileSize
  public var priority: ThumbnailPriority
  /// The part shown magnified, nil for the whole picture.
  public var crop: PictureCrop?

  public init(
    path: String, size: TileSize, priority: ThumbnailPriority, crop: PictureCrop? = nil
  ) {
    self.path = path
    self.size = size
    self.priority = priority
    self.crop = crop
  }
}

extension ThumbnailWant {
  /// The pipeline's request for this want, in the appearance's colours and symbols.
  public func request(in appearance: Appearance) -> ThumbnailRequest {
    ThumbnailRequest(
      path: path, size: size, mode: appearance.colorMode, symbols: appearance.symbols, crop: crop)
  }
}
