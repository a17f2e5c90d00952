import Pictures

extension PictureTile {
  /// The tile with `image` fitted into it, or drawn over `place` (in the tile's pixels)
  /// when given. O(tile pixels + source pixels).
  ///
  /// The picture is opaque (its own transparent pixels over `background`, which is the
  /// terminal's background where it said); around it, the letterbox and the outside of
  /// rounded corners are transparent, so the terminal's background shows there.
  ///
  /// `standingFor` is the size of the picture `image` shows when it is smaller (an
  /// embedded preview): it is then drawn where, and as large as, that picture would be.
  /// `paintsClipping` paints the clipped areas of the picture at its fitted size
  /// (`ClippingOverlay`), not the letterbox around it.
  package func render(
    _ image: PixelImage, at place: (x: Int, y: Int, width: Int, height: Int)? = nil,
    standingFor picture: (width: Int, height: Int)? = nil, paintsClipping: Bool = false
  ) -> PixelImage {
    let place =
      place
      ?? fit(width: picture?.width ?? image.width, height: picture?.height ?? image.height)
    var scaled = image.resampled(toWidth: place.width, height: place.height)
      .composited(over: background)
    if paintsClipping { scaled.paintClipping() }
    // Transparent, in the background's colour (what an encoder that drops alpha shows).
    var pixels = [UInt8](repeating: 0, count: pixelWidth * pixelHeight * 4)
    let fill: (UInt8, UInt8, UInt8) = (background.red, background.green, background.blue)
    pixels.withUnsafeMutableBufferPointer { out in
      for index in stride(from: 0, to: out.count, by: 4) {
        out[index] = fill.0
        out[index + 1] = fill.1
        out[index + 2] = fill.2
      }
      scaled.pixels.withUnsafeBufferPointer { source in
        for row in 0..<scaled.height {
          let from = row * scaled.width * 4
          let to = ((place.y + row) * pixelWidth + place.x) * 4
          for offset in 0..<(scaled.width * 4) { out[to + offset] = source[from + offset] }
        }
      }
    }
    var tile = PixelImage(width: pixelWidth, height: pixelHeight, pixels: pixels)
    if cornerRadius > 0 {
      tile.roundCorners(
        x: place.x, y: place.y, width: place.width, height: place.height, radius: cornerRadius)
    }
    return tile
  }
}
