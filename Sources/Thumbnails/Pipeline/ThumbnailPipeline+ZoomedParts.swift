import Pictures

/// A part of a zoomed JPEG decoded around what a view showed, for panning.
struct ZoomedPart: Sendable {
  var part: JPEGDecoder.Part
  /// The size of the whole picture as shown it was decoded for (the zoomed size).
  var width: Int
  var height: Int
  /// The file's identity (`ArtDiskCache.identity`) read before its bytes.
  var identity: String?
}

extension ThumbnailPipeline {
  /// How much a part decoded for panning reaches past the window on each side, in
  /// windows: a pan step moves a fraction of one, so a few steps each way decode nothing.
  static let zoomedPartMargin = 0.5

  /// The part `window` (fractions of the picture as shown) of the JPEG at `path` with the
  /// whole picture `width × height` pixels as shown: cut from a part decoded before when
  /// it covers the window, else decoded in part with a margin around it. Nil when the
  /// file is no JPEG libjpeg decodes in part, or decoding it in part failed: the caller
  /// decodes the whole picture, as for every other format.
  func zoomedWindow(path: String, width: Int, height: Int, window: PictureWindow)
    -> (PixelImage, ImageMetadata)?
  {
    let identity = ArtDiskCache.identity(path: path)
    if let kept = zoomedParts.value(for: path), kept.width == width, kept.height == height,
      kept.identity == identity, kept.part.window.contains(window)
    {
      return (
        kept.part.image.cropped(to: kept.part.window.relative(window)), kept.part.metadata
      )
    }
    let decoder = configuration.decoder
    let decoded = try? decoder.withFile(
      path: path, raw: { _ in nil }, video: { _ in nil },
      bytes: { bytes throws(ThumbnailError) -> JPEGDecoder.Part? in
        guard ImageDecoder.sniff(bytes.prefix(ImageFormat.sniffLength)) == .jpeg else {
          return nil
        }
        return try JPEGDecoder.decodePart(
          bytes, window: window.grown(by: Self.zoomedPartMargin), size: (width, height),
          limits: decoder.limits)
      })
    guard let part = decoded ?? nil else { return nil }
    zoomedParts.insert(
      ZoomedPart(part: part, width: width, height: height, identity: identity),
      bytes: part.image.byteCount, for: path)
    return (part.image.cropped(to: part.window.relative(window)), part.metadata)
  }
}
