import CImageFormats
import Pictures

/// WebP through libwebp: still pictures (lossy, lossless, with alpha) decoded
/// straight into our buffer, scaled at decode time to the target; animations
/// through `WebPFrameSource`. The EXIF chunk's orientation and the ICC chunk's
/// profile apply to both.
enum WebPDecoder {
  /// The picture, or an animation's first frame, finished, with the file's metadata.
  static func decode(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    let file = try WebPFile(bytes, target: target, background: background, limits: limits)
    if file.isAnimated {
      let reader = try animationReader(bytes, file: file, limits: limits)
      guard let first = try reader.next() else { throw .noFrames }
      return DecodedImage(image: first.image, metadata: reader.metadata, isPartial: first.isPartial)
    }
    let image = try decodeStill(bytes, file: file, limits: limits)
    return DecodedImage(image: file.finishing.finish(consume image), metadata: file.metadata)
  }

  /// A reader of the frames when the file is an animation; nil for a still picture.
  static func animationReader(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> AnimationReader? {
    let file = try WebPFile(bytes, target: target, background: background, limits: limits)
    guard file.isAnimated else { return nil }
    return try animationReader(bytes, file: file, limits: limits)
  }

  private static func animationReader(_ bytes: [UInt8], file: WebPFile, limits: DecodeLimits)
    throws(ThumbnailError) -> AnimationReader
  {
    let source = try WebPFrameSource(
      bytes: bytes, container: file.container, limits: limits, finishing: file.finishing)
    return AnimationReader(
      source: source, finishing: file.finishing, metadata: file.metadata, limits: limits)
  }

  /// The still picture as RGBA, scaled by libwebp to cover the target's fit, after the
  /// memory cap is checked at that size (`stillCost`).
  private static func decodeStill(_ bytes: [UInt8], file: WebPFile, limits: DecodeLimits)
    throws(ThumbnailError) -> PixelImage
  {
    var config = WebPDecoderConfig()
    guard gallery_webp_init_config(&config) != 0 else { throw .corrupt("libwebp did not start") }
    let (outWidth, outHeight) = file.decodedSize
    if outWidth < file.metadata.originalWidth {
      config.options.use_scaling = 1
      config.options.scaled_width = Int32(outWidth)
      config.options.scaled_height = Int32(outHeight)
    }
    try limits.check(stillCost(file))
    var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    let status = bytes.withUnsafeBufferPointer { input in
      pixels.withUnsafeMutableBufferPointer { output in
        config.output.colorspace = MODE_RGBA
        config.output.is_external_memory = 1
        config.output.u.RGBA.rgba = output.baseAddress
        config.output.u.RGBA.stride = Int32(outWidth * 4)
        config.output.u.RGBA.size = output.count
        let status = WebPDecode(input.baseAddress, input.count, &config)
        WebPFreeDecBuffer(&config.output)
        return status
      }
    }
    guard status == VP8_STATUS_OK else { throw error(status, container: file.container) }
    return PixelImage(width: outWidth, height: outHeight, pixels: pixels)
  }

  /// What decoding a still picture holds at its peak: the output at its scaled size (4
  /// bytes a pixel), libwebp's own picture-size buffer (a lossless picture is decoded
  /// whole to ARGB, 4 bytes a pixel, whatever the scale; a lossy one's alpha plane, 1
  /// byte a pixel; a lossy picture's colour only a few rows), and the finishing's copy.
  private static func stillCost(_ file: WebPFile) -> DecodeCost {
    let width = file.metadata.originalWidth
    let height = file.metadata.originalHeight
    let (outWidth, outHeight) = file.decodedSize
    let libwebp =
      file.isLossless
      ? Saturating.product(width, height, 4)
      : file.hasAlpha ? Saturating.product(width, height) : 0
    return DecodeCost(
      width: width, height: height, decodedWidth: outWidth, decodedHeight: outHeight,
      bytes: Saturating.sum(
        Saturating.product(outWidth, outHeight, 4), libwebp,
        file.finishing.extraBytes(width: outWidth, height: outHeight)))
  }

  /// What decoding an animation holds at its peak, for a `width`×`height` canvas:
  /// libwebp's two canvases (the frame being drawn and the one disposed of), our copy of
  /// each frame it hands out, a frame's own decoding (a lossless frame's ARGB, at most
  /// the canvas), 4 bytes a pixel each; and the finishing's copy.
  static func animationCost(width: Int, height: Int, finishing: Finishing) -> DecodeCost {
    .whole(
      width: width, height: height, bytesPerPixel: 16,
      extra: finishing.extraBytes(width: width, height: height))
  }

  static func error(_ status: VP8StatusCode, container: WebPContainer) -> ThumbnailError {
    if status == VP8_STATUS_NOT_ENOUGH_DATA || container.isTruncated { return .truncated }
    return switch status {
    case VP8_STATUS_OUT_OF_MEMORY: .corrupt("libwebp ran out of memory")
    case VP8_STATUS_UNSUPPORTED_FEATURE: .unsupportedVariant(.webp, "a feature libwebp lacks")
    default: .corrupt("the WebP bitstream is invalid")
    }
  }
}

/// What a WebP file's headers and chunks say, checked against the limits.
private struct WebPFile {
  var container: WebPContainer
  var metadata: ImageMetadata
  var finishing: Finishing
  var isAnimated: Bool
  /// VP8L (or a bitstream libwebp does not name): decoded whole to ARGB inside libwebp,
  /// whatever the scale.
  var isLossless: Bool
  var hasAlpha: Bool

  /// The size a still picture decodes at: scaled by libwebp to the target's fit when
  /// that is smaller on both sides, else full size.
  var decodedSize: (width: Int, height: Int) {
    let width = metadata.originalWidth
    let height = metadata.originalHeight
    guard let target = finishing.target else { return (width, height) }
    let box = finishing.orientation >= 5 ? (target.height, target.width) : target
    let fitted = JPEGDecoder.fittedSize(width: width, height: height, in: box)
    return fitted.width < width && fitted.height < height ? fitted : (width, height)
  }

  init(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) {
    container = WebPContainer(bytes, keepFrames: 0)
    var features = WebPBitstreamFeatures()
    let status = bytes.withUnsafeBufferPointer {
      gallery_webp_features($0.baseAddress, $0.count, &features)
    }
    guard status == VP8_STATUS_OK else { throw WebPDecoder.error(status, container: container) }
    isAnimated = features.has_animation != 0
    isLossless = features.format != 1
    hasAlpha = features.has_alpha != 0
    // An animation's size is its canvas; a still picture's, its bitstream's.
    let size = isAnimated ? container.canvas : nil
    let width = size?.width ?? Int(features.width)
    let height = size?.height ?? Int(features.height)
    try limits.check(width: width, height: height)
    let exif = container.payload("EXIF", in: bytes).map(ExifFields.init(payload:)) ?? ExifFields()
    finishing = Finishing(
      target: target, background: background, orientation: exif.orientation,
      colour: container.payload("ICCP", in: bytes).map { .icc(Array($0)) })
    metadata = ImageMetadata(
      format: .webp, originalWidth: width, originalHeight: height,
      orientation: exif.orientation, dateTaken: exif.dateTaken, cameraModel: exif.cameraModel,
      colorProfile: finishing.colorProfile, frameCount: max(1, container.frameCount),
      lens: exif.lens, exposure: exif.exposure)
  }
}
