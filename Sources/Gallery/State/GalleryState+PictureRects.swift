import CompositionalLayout
import Pictures

/// Where a picture's art goes, and which part of it the screen shows: one rule for the
/// thumbnails asked for and the views that draw them.
extension GalleryState {
  /// The rectangle the art of a picture with `frame` in section `section` fills, in the
  /// coordinates of `frame`: a list row's thumbnail at the row's leading edge, or the
  /// frame inside the one-cell focus ring of a grid cell. Nil when there is no room.
  package func artRect(section: Int, frame: CellRect) -> CellRect? {
    guard let box = artBox(section: section, frame: frame) else { return nil }
    if showsRows(inSection: section) {
      return CellRect(
        x: frame.minX + ListPreset.leading, y: frame.minY, width: box.columns, height: box.rows)
    }
    // Centred inside the ring: smaller than it only within the largest picture.
    return CellRect(
      x: frame.minX + 1 + (frame.width - 2 - box.columns) / 2,
      y: frame.minY + 1 + (frame.height - 2 - box.rows) / 2, width: box.columns,
      height: box.rows)
  }

  /// The part of `rect` that `canvas` shows (both in the same coordinates; the
  /// scrolling view by default), as a crop of `rect`, when pictures go out in a protocol
  /// that cannot draw part of an image (sixel, iTerm2) and the canvas's edge cuts `rect`.
  /// Nil when `rect` shows whole, not at all, or the protocol crops on its own (kitty)
  /// or pictures are cell art.
  package func visibleCrop(of rect: CellRect, in canvas: CellRect? = nil) -> TileCrop? {
    guard appearance.cropsPictures else { return nil }
    let view = canvas ?? viewport.viewRect
    let left = max(rect.minX, view.minX)
    let top = max(rect.minY, view.minY)
    let right = min(rect.maxX, view.maxX)
    let bottom = min(rect.maxY, view.maxY)
    guard left < right, top < bottom, view.contains(rect) == false else { return nil }
    return TileCrop(
      column: left - rect.minX, row: top - rect.minY, columns: right - left, rows: bottom - top)
  }

  /// Where the detail view puts things on this screen, its picture within the largest the
  /// terminal takes at the cell's size in pixels.
  package var detailLayout: DetailLayout {
    DetailLayout(
      screen: screen, largest: largestPictureCells, showsHistogram: detail.showsHistogram)
  }

  /// The most cells a picture in pixels may cover: the terminal's largest sixel at the
  /// cell's size in pixels (rounded down); nil without a limit, or in cell art.
  package var largestPictureCells: TileSize? {
    guard appearance.pictureFormat != nil, let limit = appearance.largestPicture,
      let cell = viewport.cellPixels, cell.width > 0, cell.height > 0
    else { return nil }
    return TileSize(
      columns: max(1, limit.width / cell.width), rows: max(1, limit.height / cell.height))
  }
}
