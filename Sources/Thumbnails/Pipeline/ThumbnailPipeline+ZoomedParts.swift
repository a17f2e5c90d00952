import Pictures

/// A part of a zoomed picture around what a view showed, for panning: a JPEG decoded in
/// part, or cut from a whole copy too large to keep (a raw developed at 100 %).
struct ZoomedPart: Sendable {
  /// The pixels, as the picture is shown.
  var image: PixelImage
  /// What `image` covers, in fractions of the picture as shown.
  var window: PictureWindow
  var metadata: ImageMetadata?
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

  /// The part `window` (fractions of the picture as shown) of the picture at `path` with
  /// the whole picture `width × height` pixels as shown: cut from a part kept before when
  /// it covers the window, else, for a JPEG, decoded in part with a margin around it. Nil
  /// when neither: the caller decodes the whole picture (and keeps a part of it with
  /// `keepZoomedPart` when it is too large to keep whole).
  ///
  /// `format` is the picture's as its smaller copy said: only a JPEG's file is read here.
  func zoomedWindow(
    path: String, format: ImageFormat?, width: Int, height: Int, window: PictureWindow
  ) -> (PixelImage, ImageMetadata?)? {
    let identity = ArtDiskCache.identity(path: path)
    if let kept = zoomedParts.value(for: path), kept.width == width, kept.height == height,
      kept.identity == identity, kept.window.contains(window)
    {
      return (kept.image.cropped(to: kept.window.relative(window)), kept.metadata)
    }
    guard format == .jpeg else { return nil }
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
      ZoomedPart(
        image: part.image, window: part.window, metadata: part.metadata, width: width,
        height: height, identity: identity),
      bytes: part.image.byteCount, for: path)
    return (part.image.cropped(to: part.window.relative(window)), part.metadata)
  }

  /// The part `window` of the picture at `path` zoomed to `width × height` pixels as
  /// shown, for the detail view and the survey, in pixels or cell art alike: from a part
  /// kept or decoded (`zoomedWindow`), else cut from the whole copy `whole` gives, whose
  /// part around the view is kept when it is too large to keep itself. `format` is the
  /// picture's as its smaller copy said.
  func zoomedCut(
    path: String, format: ImageFormat?, width: Int, height: Int, window: PictureWindow,
    whole: () throws(ThumbnailError) -> SmallCopy
  ) throws(ThumbnailError) -> (image: PixelImage, metadata: ImageMetadata?, isPartial: Bool) {
    if let (cut, metadata) = zoomedWindow(
      path: path, format: format, width: width, height: height, window: window)
    {
      return (cut, metadata, false)
    }
    let copy = try whole()
    keepZoomedPart(of: copy, path: path, width: width, height: height, window: window)
    return (copy.image.cropped(to: window), copy.metadata, copy.isPartial)
  }

  /// Keeps the part of `copy` (the whole picture at `path`, decoded for a zoomed size of
  /// `width × height`) around `window`, when the zoomed cache could not keep the copy
  /// itself: a raw developed at 100 % is 96 MB, so without it every pan step would develop
  /// it again (a second and more). O(the part's pixels).
  func keepZoomedPart(
    of copy: SmallCopy, path: String, width: Int, height: Int, window: PictureWindow
  ) {
    guard zoomed.value(for: path) == nil, !copy.isPartial else { return }
    let kept = window.grown(by: Self.zoomedPartMargin).pixels(
      width: copy.image.width, height: copy.image.height)
    let image = copy.image.cropped(x: kept.x, y: kept.y, width: kept.width, height: kept.height)
    zoomedParts.insert(
      ZoomedPart(
        image: image, window: kept.covers, metadata: copy.metadata, width: width, height: height,
        identity: copy.identity),
      bytes: image.byteCount, for: path)
  }
}
