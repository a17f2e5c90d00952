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

  package init(
    path: String, size: TileSize, mode: ColorMode = .truecolor, symbols: SymbolSet = .blocks,
    crop: PictureCrop? = nil
  ) {
    self.path = path
    self.size = size
    self.mode = mode
    self.symbols = symbols
    self.crop = crop
  }
}
