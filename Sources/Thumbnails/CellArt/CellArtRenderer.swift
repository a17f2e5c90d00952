import Pictures
import TerminalKit

/// Draws pixels as `CellArt` with the renderer that suits the symbols and colours.
///
/// Block elements in truecolor or 256 colours (the default and what most terminals get)
/// go to `BlockRenderer`; braille, ASCII, 16 colours and no colour to libchafa
/// (`ChafaRenderer`).
package enum CellArtRenderer {
  /// Changes whenever the same pixels would be drawn differently: part of the art disk
  /// cache's keys, so art drawn before is not reused.
  package static let revision = "blocks\(BlockRenderer.revision).chafa\(ChafaRenderer.revision)"

  /// Renders opaque `image` into `fit` inside a box of `size` cells. Safe from any thread.
  ///
  /// The pixels are stretched over the fit's cells, so `image` should already have the
  /// fit's aspect (`CellFit.pixelTarget`); transparency must be composited first.
  package static func render(
    _ image: PixelImage, size: TileSize, fit: CellFit, mode: ColorMode, symbols: SymbolSet,
    isPreview: Bool = false
  ) -> CellArt {
    if BlockRenderer.draws(symbols, in: mode) {
      return BlockRenderer.render(
        image, size: size, fit: fit, mode: mode, symbols: symbols, isPreview: isPreview)
    }
    return ChafaRenderer.render(
      image, size: size, fit: fit, mode: mode, symbols: symbols, isPreview: isPreview)
  }
}
