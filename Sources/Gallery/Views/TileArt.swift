import CompositionalLayout
import Pictures
import TerminalKit

/// What fills a picture's box on screen: its cell art, its picture in pixels, why it is
/// broken, or nothing yet.
enum TileArt {
  case cells(CellArt)
  /// A picture in pixels; `crop` is the part of the box it covers when the screen's edge
  /// cut it (sixel, iTerm2).
  case image(TerminalImage, crop: TileCrop?)
  case broken(ThumbnailError)
  case loading

  /// The art for the picture at `path` whose box of `size` lies at `rect` in the frame
  /// drawn into, whose part the pictures may cover is `canvas` (the scrolling view):
  /// from `pictures` when the appearance asks for pixels, else cell art from `cells`
  /// (exact size, or another size while a resize waits for the new one), of the part
  /// `zoom` magnifies, its clipped areas `painted` or not.
  static func resolve(
    _ state: GalleryState, path: String, size: TileSize?, rect: CellRect, canvas: CellRect,
    cells: ThumbnailShelf?, pictures: PictureShelf?, zoom: PictureCrop? = nil,
    painted: Bool = false
  ) -> TileArt {
    guard let size else { return .loading }
    if state.appearance.pictureFormat != nil {
      let crop = state.visibleCrop(of: rect, in: canvas)
      let key = PictureKey(path: path, size: size, crop: crop, zoom: zoom, painted: painted)
      // The plain picture stands in while the painted one comes: the same cells.
      var plain = key
      plain.painted = false
      switch pictures?.result(for: key) ?? (painted ? pictures?.result(for: plain) : nil) {
      case .image(let image, _, _)?: return .image(image, crop: crop)
      case .failed(let error)?: return .broken(error)
      case nil:
        // Over a slow link its cell art shows while the picture travels.
        guard state.appearance.compactPictures,
          case .art(let art, _, _)? = cells?.bestResult(
            path: path, size: size, crop: zoom, painted: painted)
        else { return .loading }
        return .cells(art)
      }
    }
    switch cells?.bestResult(path: path, size: size, crop: zoom, painted: painted) {
    case .art(let art, _, _)?: return .cells(art)
    case .failed(let error)?: return .broken(error)
    case nil: return .loading
    }
  }

  /// Draws the cell art or places the picture in `rect`; false when there is neither
  /// (the caller draws its placeholder or broken mark).
  @discardableResult
  func draw(in rect: CellRect, into frame: inout Frame) -> Bool {
    switch self {
    case .cells(let art):
      ItemCell.drawArt(art, in: rect, into: &frame)
      return true
    case .image(let image, let crop):
      frame.place(image, x: rect.minX + (crop?.column ?? 0), y: rect.minY + (crop?.row ?? 0))
      return true
    case .broken, .loading:
      return false
    }
  }
}
