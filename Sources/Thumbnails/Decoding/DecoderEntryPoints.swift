import Pictures

/// The decoders' own entry points on bytes, below `ImageDecoder`'s format sniffing.
///
/// For the fuzz targets and the tests that replay what they found (`Tests/Fuzz`): they
/// feed each part bytes that sniffing would turn away, and the readers that have no
/// public door of their own (EXIF, the thumbnail cache's text chunks). Package access,
/// so none of this is the library's API. Each call does exactly what the decoding path
/// does with the same bytes.
package enum DecoderEntryPoints {
  /// TurboJPEG's decode at the DCT scale `target` asks for (see `ImageDecoder.decode`).
  package static func jpeg(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    try JPEGDecoder.decode(bytes, target: target, limits: limits)
  }

  /// A part of a JPEG decoded for a zoomed view (`JPEGDecoder.decodePart`): the part
  /// asked for is `x`, `y`, `width`, `height` in fractions of the picture as shown, at
  /// the picture's shown size `size`; what came out is the pixels' size and the part they
  /// cover, nil when it is not decoded in part.
  package static func jpegPart(
    _ bytes: [UInt8], x: Double, y: Double, width: Double, height: Double,
    size: (width: Int, height: Int), limits: DecodeLimits
  ) throws(ThumbnailError) -> (
    pixels: (width: Int, height: Int), covers: (x: Double, y: Double, width: Double, height: Double)
  )? {
    guard
      let part = try JPEGDecoder.decodePart(
        bytes, window: PictureWindow(x: x, y: y, width: width, height: height), size: size,
        limits: limits)
    else { return nil }
    let window = part.window
    return (
      (part.image.width, part.image.height), (window.x, window.y, window.width, window.height)
    )
  }

  /// The JPEG header and EXIF fields, no pixels (see `ImageDecoder.metadata`).
  package static func jpegMetadata(_ bytes: [UInt8], limits: DecodeLimits)
    throws(ThumbnailError) -> ImageMetadata
  {
    try JPEGDecoder.metadata(bytes, limits: limits)
  }

  /// libpng's decode, alpha composited over `background`.
  package static func png(_ bytes: [UInt8], background: BackgroundColor, limits: DecodeLimits)
    throws(ThumbnailError) -> DecodedImage
  {
    try PNGDecoder.decode(bytes, background: background, limits: limits)
  }

  /// librsvg's render at the size `target` asks for, over `background`, unsniffed.
  package static func svg(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    try SVGDecoder.decode(bytes, target: target, background: background, limits: limits)
  }

  /// An SVG's own size, parsed but not rendered (see `ImageDecoder.metadata`).
  package static func svgMetadata(_ bytes: [UInt8], limits: DecodeLimits)
    throws(ThumbnailError) -> ImageMetadata
  {
    try SVGDecoder.metadata(bytes, limits: limits)
  }

  /// LibRaw's decode of a camera raw file for `target`: its embedded preview, or its raw
  /// data developed (see `ImageDecoder.decode`), unsniffed.
  package static func raw(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    try RAWDecoder.decode(bytes, target: target, background: background, limits: limits)
  }

  /// A camera raw file's details, read by LibRaw without decoding (see
  /// `ImageDecoder.metadata`).
  package static func rawMetadata(_ bytes: [UInt8], limits: DecodeLimits)
    throws(ThumbnailError) -> ImageMetadata
  {
    try RAWDecoder.metadata(bytes, limits: limits)
  }

  /// FFmpeg's poster of a video for `target` (see `ImageDecoder.decode`), unsniffed.
  package static func video(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    try VideoDecoder.decode(bytes, target: target, background: background, limits: limits)
  }

  /// A video's details from its container (see `ImageDecoder.metadata`), unsniffed.
  package static func videoMetadata(_ bytes: [UInt8], limits: DecodeLimits)
    throws(ThumbnailError) -> ImageMetadata
  {
    try VideoDecoder.metadata(bytes, limits: limits)
  }

  /// The `tEXt` chunks of PNG bytes, as the thumbnail cache reads a stored thumbnail.
  package static func pngTextChunks(_ bytes: [UInt8]) -> [String: String] {
    PNGTextChunks.read(bytes)
  }

  /// The EXIF fields the decoders read in a JPEG file's bytes.
  package static func exif(jpeg bytes: [UInt8]) -> (
    orientation: Int, dateTaken: String?, cameraModel: String?
  ) {
    let fields = ExifFields(jpeg: bytes)
    return (fields.orientation, fields.dateTaken, fields.cameraModel)
  }

  /// The EXIF fields of a bare EXIF block, as WebP, HEIF and JPEG XL files hold one.
  package static func exif(payload bytes: [UInt8]) -> (
    orientation: Int, dateTaken: String?, cameraModel: String?
  ) {
    let fields = ExifFields(payload: bytes[...])
    return (fields.orientation, fields.dateTaken, fields.cameraModel)
  }

  /// The JPEG head (frame size and EXIF block) as the embedded preview reads it.
  package static func jpegHead(_ bytes: [UInt8]) -> (width: Int, height: Int, exif: [UInt8]?)? {
    JPEGHead.read(bytes: bytes).map { ($0.width, $0.height, $0.exif) }
  }

  /// The embedded preview drawn while a JPEG decodes (`EmbeddedPreview`), for `target`.
  package static func embeddedPreview(
    _ bytes: [UInt8], target: (width: Int, height: Int), limits: DecodeLimits
  ) -> DecodedImage? {
    ImageDecoder(limits: limits).embeddedPreview(bytes: bytes, target: target)
  }
}
