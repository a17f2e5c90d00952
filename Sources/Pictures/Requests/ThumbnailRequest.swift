import TerminalKit

/// One picture wanted at one size, in one colour mode and symbol set.
package struct ThumbnailRequest: Hashable, Sendable {
  /// The picture's file path.
  package var path: String
  /// The box in cells the picture is fitted into.
  package var size: TileSize
  package var mode: ColorMode
  package var symbols: SymbolSet
  /// The part shown magnified (the detail view zoomed in), nil for the whole picture
  /// fitted into the box.
  package var crop: PictureCrop?
  /// The clipping overlay: clipped highlights painted red and clipped shadows blue
  /// (`ClippingOverlay`), on the picture fitted (and cut, when zoomed) before it is drawn.
  /// Painted art is kept in memory under its own request, never on disk. An animation's
  /// frames and a playing video are not painted.
  package var paintsClipping: Bool

  package init(
    path: String, size: TileSize, mode: ColorMode = .truecolor, symbols: SymbolSet = .blocks,
    crop: PictureCrop? = nil, paintsClipping: Bool = false
  ) {
    self.paintsClipping = paintsClipping
    self.path = path
    self.size = size
    self.mode = mode
    self.symbols = symbols
    self.crop = crop
  }
}
