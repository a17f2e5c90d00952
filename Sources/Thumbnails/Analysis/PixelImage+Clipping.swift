import Pictures

extension PixelImage {
  /// Paints the clipped areas in place (`ClippingOverlay`: highlights red, shadows blue).
  mutating func paintClipping() {
    guard let rows = PixelRows.rgba(width: width, height: height) else { return }
    pixels.withUnsafeMutableBytes { _ = ClippingOverlay.paint($0, rows) }
  }

  /// The picture at cell art's working size for `fit` (8×8 pixels a cell, what the block
  /// renderer samples) with its clipped areas painted: painted before the renderer
  /// averages them away, after the fit, as a tile in pixels is.
  func clippingPainted(for fit: CellFit) -> PixelImage {
    var image = resampled(toWidth: max(1, fit.columns * 8), height: max(1, fit.rows * 8))
    image.paintClipping()
    return image
  }
}
