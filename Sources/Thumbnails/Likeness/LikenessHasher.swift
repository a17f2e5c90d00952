import Pictures

/// A picture's perceptual hash (`PerceptualHash`), from its file or from pixels the
/// pipeline decoded anyway.
///
/// A file is decoded to cover a `decodeSide`-pixel box, as a thumbnail is (a JPEG at the
/// smallest DCT scale that covers it: a 4032×3024 photo at 1/8, 504×378; a camera raw
/// file's embedded preview; a video's poster), upright (EXIF orientation applied, as
/// every decode the pipeline makes is, so a hash from a thumbnail's pixels and one from
/// the file agree). Hashing those pixels takes 0.12–0.44 ms beside the decode. Safe from
/// any thread.
package struct LikenessHasher: Sendable {
  /// Decodes the pictures, with its limits and background.
  package var decoder: ImageDecoder

  package init(decoder: ImageDecoder = ImageDecoder()) {
    self.decoder = decoder
  }

  /// The box files are decoded to cover: at least `PerceptualHash.minimumSide` on the
  /// short side of any picture up to 4:1.
  package static let decodeSide = 128

  /// The hash of the picture at `path`, of the gallery's kind.
  package func hash(path: String) -> Result<PerceptualHash, ThumbnailError> {
    hash(path: path, kind: PerceptualHash.kind)
  }

  /// The hash of the picture at `path`, of `kind`.
  package func hash(path: String, kind: PerceptualHash.Kind)
    -> Result<PerceptualHash, ThumbnailError>
  {
    Result { () throws(ThumbnailError) in
      let decoded = try decoder.decode(path: path, target: (Self.decodeSide, Self.decodeSide))
      guard let hash = Self.hash(of: decoded.image, kind: kind) else {
        throw .unsupportedVariant(
          decoded.metadata.format, "a picture under \(PerceptualHash.minimumSide) pixels a side")
      }
      return hash
    }
  }

  /// The hash of decoded pixels, of `kind`; nil under `PerceptualHash.minimumSide` pixels
  /// on a side.
  package static func hash(of image: PixelImage, kind: PerceptualHash.Kind = PerceptualHash.kind)
    -> PerceptualHash?
  {
    guard let rows = PixelRows.rgba(width: image.width, height: image.height) else { return nil }
    return image.pixels.withUnsafeBytes { PerceptualHash.make(kind, $0, rows) }
  }
}
