import Pictures
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Decodes pictures of every `ImageFormat` into RGBA, safely.
///
/// The format comes from the bytes, never the name. Every failure is a
/// `ThumbnailError`; no allocation follows a header past `limits`. Pictures come
/// out upright (EXIF or container orientation applied once), in sRGB (a colour
/// profile converted with lcms2), with alpha composited over `background`.
package struct ImageDecoder: Sendable {
  package var limits: DecodeLimits
  /// What transparent pixels are composited over.
  package var background: BackgroundColor

  package init(limits: DecodeLimits = .standard, background: BackgroundColor = .black) {
    self.limits = limits
    self.background = background
  }

  /// Decodes the file at `path`: the picture, or an animation's first frame (the
  /// metadata's `frameCount` says how many there are).
  ///
  /// - Parameter target: a bounding box in display pixels the picture will be shown
  ///   in, or nil for full size. The result covers the picture fitted into it
  ///   (aspect kept) and is not much larger: JPEG decodes at the smallest DCT scale
  ///   that covers it, WebP scales while decoding, HEIF uses an embedded thumbnail
  ///   when one is large enough, the others shrink after decoding. PNG always
  ///   decodes full size. SVG is rendered at exactly the size it fits into the box,
  ///   larger than its own size too: it is drawn, not scaled. A camera raw file gives
  ///   its embedded preview when that covers the box, else its raw data developed
  ///   (at half size when that covers it). A video gives its poster: its cover, else the
  ///   key frame before a tenth of its length, scaled to the box.
  package func decode(path: String, target: (width: Int, height: Int)? = nil)
    throws(ThumbnailError) -> DecodedImage
  {
    try withFile(
      path: path,
      raw: { descriptor throws(ThumbnailError) in
        try RAWDecoder.decode(
          descriptor: descriptor, target: target, background: background, limits: limits)
      },
      video: { file throws(ThumbnailError) in
        try VideoDecoder.decode(file, target: target, background: background, limits: limits)
      },
      bytes: { bytes throws(ThumbnailError) in try decode(bytes: bytes, target: target) })
  }

  /// The file at `path` handed on by its format: a camera raw file open to `raw` (LibRaw
  /// reads only the parts it needs of a file that can be 100 MB: for a tile its tags and
  /// preview), a video opened by FFmpeg to `video` (read in part, whatever its size: the
  /// size cap is for files read whole), any other read whole within the cap to `bytes`.
  func withFile<Result>(
    path: String, raw: (Int32) throws(ThumbnailError) -> Result,
    video: (VideoFile) throws(ThumbnailError) -> Result,
    bytes: ([UInt8]) throws(ThumbnailError) -> Result
  ) throws(ThumbnailError) -> Result {
    let opened = try PictureFile.openRegular(path: path, limit: .max)
    defer { close(opened.descriptor) }
    let size = Int64(opened.status.st_size)
    let head = FileReader.read(opened.descriptor, at: 0, count: ImageFormat.sniffLength)
    switch ImageFormat.sniff(head) {
    case .video:
      return try VideoFile.reading(descriptor: opened.descriptor, size: size, limits: limits) {
        file throws(ThumbnailError) in try video(file)
      }
    case .raw where RAWFile.readsByDescriptor:
      guard size <= limits.maxFileBytes else {
        throw .fileTooLarge(bytes: size, limit: limits.maxFileBytes)
      }
      return try raw(opened.descriptor)
    default:
      return try bytes(try PictureFile.read(path: path, limits: limits))
    }
  }

  /// Decodes bytes already in memory.
  package func decode(bytes: [UInt8], target: (width: Int, height: Int)? = nil)
    throws(ThumbnailError) -> DecodedImage
  {
    let format = try check(bytes)
    switch format {
    case .jpeg: return try JPEGDecoder.decode(bytes, target: target, limits: limits)
    case .png: return try PNGDecoder.decode(bytes, background: background, limits: limits)
    case .gif:
      return try firstFrame(bytes: bytes, target: target)
    case .webp:
      return try WebPDecoder.decode(bytes, target: target, background: background, limits: limits)
    case .heic, .heif, .avif:
      return try HEIFDecoder.decode(
        bytes, format: format, target: target, background: background, limits: limits)
    case .tiff:
      return try TIFFDecoder.decode(bytes, target: target, background: background, limits: limits)
    case .bmp:
      return try BMPDecoder.decode(bytes, target: target, background: background, limits: limits)
    case .jxl:
      return try JXLDecoder.decode(bytes, target: target, background: background, limits: limits)
    case .svg:
      return try SVGDecoder.decode(bytes, target: target, background: background, limits: limits)
    case .raw:
      return try RAWDecoder.decode(bytes, target: target, background: background, limits: limits)
    case .video:
      return try VideoDecoder.decode(bytes, target: target, background: background, limits: limits)
    }
  }

  /// A reader of the file's frames, decoded one at a time: every frame of an
  /// animated GIF or WebP (composited, with its delay), or the one frame of any
  /// other picture.
  ///
  /// Frames are finished like `decode(path:target:)`'s picture, at the same
  /// `target`. At most `limits.maxFrames` frames, and no more than
  /// `limits.maxAnimationPixels` composited pixels in all, are decoded; the reader's
  /// `truncation` then says why it stopped. Throws for a file whose first frame
  /// cannot be decoded.
  package func animationFrames(path: String, target: (width: Int, height: Int)? = nil)
    throws(ThumbnailError) -> AnimationReader
  {
    let bytes = try PictureFile.read(path: path, limits: limits)
    return try animationReader(bytes: bytes, target: target)
  }

  /// All of an animation's frames at once, within the limits (see
  /// `animationFrames(path:target:)`) and within `limits.maxAnimationBytes` of
  /// frames kept. A still picture is an animation of one frame.
  ///
  /// Memory: frames × the target's fitted size × 4 bytes; pass the size the frames
  /// will be shown at.
  package func decodeAnimation(path: String, target: (width: Int, height: Int)? = nil)
    throws(ThumbnailError) -> Animation
  {
    let reader = try animationFrames(path: path, target: target)
    var frames: [AnimationFrame] = []
    var bytes = 0
    var truncation: AnimationTruncation?
    while let frame = try reader.next() {
      if !frames.isEmpty, bytes + frame.image.byteCount > limits.maxAnimationBytes {
        truncation = .memoryLimit
        break
      }
      bytes += frame.image.byteCount
      frames.append(frame)
    }
    return Animation(
      frames: frames, metadata: reader.metadata, loopCount: reader.loopCount,
      truncation: truncation ?? reader.truncation)
  }

  /// The reader for bytes in memory.
  func animationReader(bytes: [UInt8], target: (width: Int, height: Int)?)
    throws(ThumbnailError) -> AnimationReader
  {
    switch try check(bytes) {
    case .gif:
      let finishing = Finishing(target: target, background: background)
      let source = try GIFFrameSource(bytes: bytes, limits: limits, finishing: finishing)
      let metadata = ImageMetadata(
        format: .gif, originalWidth: source.canvasWidth, originalHeight: source.canvasHeight,
        frameCount: max(1, GIFStructure.frameCount(bytes)))
      return AnimationReader(
        source: source, finishing: finishing, metadata: metadata, limits: limits)
    case .webp:
      if let reader = try WebPDecoder.animationReader(
        bytes, target: target, background: background, limits: limits)
      {
        return reader
      }
      fallthrough
    default:
      return AnimationReader(still: try decode(bytes: bytes, target: target))
    }
  }

  /// The first frame of a GIF, through its reader.
  private func firstFrame(bytes: [UInt8], target: (width: Int, height: Int)?)
    throws(ThumbnailError) -> DecodedImage
  {
    let reader = try animationReader(bytes: bytes, target: target)
    guard let frame = try reader.next() else { throw .noFrames }
    return DecodedImage(image: frame.image, metadata: reader.metadata, isPartial: frame.isPartial)
  }

  /// The format of `bytes`, after the checks every format shares.
  private func check(_ bytes: [UInt8]) throws(ThumbnailError) -> ImageFormat {
    if bytes.isEmpty { throw .empty }
    if Int64(bytes.count) > limits.maxFileBytes {
      throw .fileTooLarge(bytes: Int64(bytes.count), limit: limits.maxFileBytes)
    }
    guard let format = Self.sniff(bytes) else { throw .unsupportedFormat }
    return format
  }
}
