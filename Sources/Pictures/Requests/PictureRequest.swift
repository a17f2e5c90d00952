import TerminalKit

/// One picture wanted in pixels: a file, a tile, a protocol.
package struct PictureRequest: Hashable, Sendable {
  /// The picture's file path.
  package var path: String
  /// The tile: its cells, the cell's pixel size, background, corners.
  package var tile: PictureTile
  package var format: TerminalImage.Format
  /// For sixel and iTerm2 (whose bytes cannot be cut): the cells of the tile
  /// that are on screen, when the screen's edge cuts it (a row scrolled
  /// sideways); the image then covers just those cells, to be placed at the
  /// visible part's top-left. nil: the whole tile. kitty crops on its own.
  package var visible: TileCrop?
  /// The part of the picture a zoomed detail view shows; nil for the whole picture.
  package var zoom: PictureCrop?
  /// How kitty's pixels are packed (`PicturePacking`); the other protocols' are not.
  package var packing: PicturePacking
  /// sixel: the colour registers the terminal reported, when not 256 (libchafa's
  /// palette): the picture is encoded in that many colours.
  package var sixelRegisters: Int?
  /// The clipping overlay: clipped highlights painted red and clipped shadows blue
  /// (`ClippingOverlay`), on the picture fitted into the tile (and cut, when zoomed) before
  /// it is encoded; the letterbox is left alone. Painted pictures are kept in memory under
  /// their own request, never on disk. A playing video is not painted.
  package var paintsClipping: Bool

  package init(
    path: String, tile: PictureTile, format: TerminalImage.Format, visible: TileCrop? = nil,
    zoom: PictureCrop? = nil, packing: PicturePacking = .deflated, sixelRegisters: Int? = nil,
    paintsClipping: Bool = false
  ) {
    self.paintsClipping = paintsClipping
    self.packing = packing
    self.sixelRegisters = sixelRegisters
    self.path = path
    self.tile = tile
    self.format = format
    self.visible = visible
    self.zoom = zoom
  }
}
