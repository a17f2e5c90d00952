import Pictures

/// A picture's file turned without loss, the way most programs will show it turned: a PNG
/// or a lossless WebP by its pixels (`PNGPixelTurn`, `WebPPixelTurn`), whose orientation
/// tags few programs read; every other format by its orientation tag
/// (`OrientationRewrite`), which readers of JPEG, TIFF and camera raw files all honour.
package enum LosslessTurn {
  /// `bytes` turned by `turn` as seen on the screen.
  ///
  /// - Throws: what `OrientationRewrite.turning` throws; `.malformed` for a damaged PNG or
  ///   WebP; `.unsupportedFormat` for a lossy or animated WebP.
  package static func turning(
    _ bytes: [UInt8], by turn: PictureTurn, limits: DecodeLimits = DecodeLimits()
  ) throws(OrientationRewriteError) -> [UInt8] {
    if ImageFormat.sniff(bytes) == .webp {
      return try WebPPixelTurn.turning(bytes, by: turn, limits: limits)
    }
    if bytes.starts(with: PNGChunks.signature),
      let turned = try PNGPixelTurn.turning(bytes, by: turn, limits: limits)
    {
      return turned
    }
    return try OrientationRewrite.turning(bytes, by: turn)
  }
}
