import Pictures
import TerminalKit

/// How soon a thumbnail is needed; larger first.
package enum ThumbnailPriority: Int, Hashable, Sendable, Comparable {
  /// Decoded ahead while the user is idle: the pages around, the rest of the first row
  /// (`GalleryState.prefetchWants`).
  case prefetch = 0
  /// Just off screen: the next pictures of a row, the detail view's neighbours.
  case nearby = 1
  /// On screen.
  case visible = 2
  /// The focused picture.
  case focused = 3
  /// The detail view's picture.
  case detail = 4

  package static func < (lhs: Self, rhs: Self) -> Bool { lhs.rawValue < rhs.rawValue }
}

/// One thumbnail the screen needs: a picture in a box of cells (or the part of it a
/// zoomed view shows), with a priority.
package struct ThumbnailWant: Hashable, Sendable {
  package var path: String
  package var size: TileSize
  package var priority: ThumbnailPriority
  /// The part shown magnified, nil for the whole picture.
  package var crop: PictureCrop?
  /// For pictures in pixels that cannot be drawn in part (sixel, iTerm2): the part of
  /// the box on screen when the screen's edge cuts it; nil for the whole box.
  package var visible: TileCrop?
  /// Whether a picture smaller than the box is enlarged to fill it (the detail view);
  /// elsewhere it keeps its own size.
  package var enlarges: Bool
  /// Whether the clipped highlights and shadows are painted over it (`J`).
  package var paintsClipping: Bool

  package init(
    path: String, size: TileSize, priority: ThumbnailPriority, crop: PictureCrop? = nil,
    visible: TileCrop? = nil, enlarges: Bool = false, paintsClipping: Bool = false
  ) {
    self.paintsClipping = paintsClipping
    self.path = path
    self.size = size
    self.priority = priority
    self.crop = crop
    self.visible = visible
    self.enlarges = enlarges
  }

  /// Whether the picture's embedded preview may be drawn while it decodes: everywhere but
  /// the detail view (whose pictures enlarge), where a preview a few hundred pixels wide
  /// would be blown up many times, and which never shows one.
  package var allowsPreview: Bool { !enlarges }

  /// The key of the picture in pixels this want asks for.
  package var pictureKey: PictureKey {
    PictureKey(path: path, size: size, crop: visible, zoom: crop, painted: paintsClipping)
  }
}

extension ThumbnailWant {
  /// The pipeline's request for this want as cell art, in the appearance's colours and
  /// symbols.
  package func request(in appearance: Appearance) -> ThumbnailRequest {
    ThumbnailRequest(
      path: path, size: size, mode: appearance.colorMode, symbols: appearance.symbols, crop: crop,
      paintsClipping: paintsClipping)
  }

  /// The pipeline's request for this want in pixels, in the appearance's protocol, at
  /// cells of `cell` pixels; nil while pictures are cell art.
  package func pictureRequest(in appearance: Appearance, cell: CellPixelSize) -> PictureRequest? {
    guard let format = appearance.pictureFormat else { return nil }
    return PictureRequest(
      path: path,
      tile: PictureTile(
        size: size, cell: cell, background: appearance.pictureBackground, enlarges: enlarges),
      format: format,
      visible: visible, zoom: crop,
      packing: format.isKitty ? appearance.picturePacking : .deflated,
      sixelRegisters: format == .sixel ? appearance.sixelRegisters : nil,
      paintsClipping: paintsClipping)
  }
}
