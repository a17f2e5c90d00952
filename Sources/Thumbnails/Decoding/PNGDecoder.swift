import CImageCodecs
import Pictures

/// PNG through libpng's simplified `png_image` API (no setjmp reaches Swift).
///
/// `png_image` expands every colour type, 16-bit samples, palettes with tRNS and
/// interlacing to 8-bit sRGB RGBA; alpha is then composited over the background.
///
/// Memory: the whole picture at 4 bytes a pixel, also for 16-bit samples (libpng
/// reduces them row by row into our buffer; its own buffers are a few rows), composited
/// in place. A 12000×9000 PNG takes 412 MiB, within the standard cap of 512 MiB.
enum PNGDecoder {
  static func decode(_ bytes: [UInt8], background: BackgroundColor, limits: DecodeLimits)
    throws(ThumbnailError) -> DecodedImage
  {
    // IHDR is the first chunk by rule: its claim is checked before libpng sees the data,
    // which also covers files that end right after their header.
    if let claimed = headerSize(bytes) {
      try limits.check(width: claimed.width, height: claimed.height)
      try limits.check(cost(width: claimed.width, height: claimed.height))
    }
    if chunkRunsPastEnd(bytes) { throw .truncated }
    var image = gallery_png_image()
    defer { png_image_free(&image) }
    let began = bytes.withUnsafeBufferPointer { buffer in
      png_image_begin_read_from_memory(&image, buffer.baseAddress, buffer.count)
    }
    if began == 0 {
      throw isTruncated(bytes) ? .truncated : .corrupt(message(image))
    }
    // Checked before the pixel buffer exists; libpng has allocated nothing sized by them.
    let width = Int(image.width)
    let height = Int(image.height)
    try limits.check(width: width, height: height)
    try limits.check(cost(width: width, height: height))
    image.format = UInt32(PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_ALPHA)
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    let finished = bytes.withUnsafeBufferPointer { _ in
      pixels.withUnsafeMutableBufferPointer { target in
        png_image_finish_read(&image, nil, target.baseAddress, Int32(width * 4), nil)
      }
    }
    if finished == 0 {
      throw isTruncated(bytes) ? .truncated : .corrupt(message(image))
    }
    // Consumed, so compositing works in place rather than on a copy.
    var picture = PixelImage(width: width, height: height, pixels: consume pixels)
    picture.composite(over: background)
    let metadata = metadata(bytes, width: width, height: height)
    // The orientation of the eXIf chunk, as browsers honour it (and as a turn writes it).
    return DecodedImage(image: picture.oriented(metadata.orientation), metadata: metadata)
  }

  /// A `width`×`height` PNG's details: the orientation, date, camera and exposure of its
  /// `eXIf` chunk.
  static func metadata(_ bytes: [UInt8], width: Int, height: Int) -> ImageMetadata {
    let exif = exif(bytes).map(ExifFields.init(payload:)) ?? ExifFields()
    return ImageMetadata(
      format: .png, originalWidth: width, originalHeight: height, orientation: exif.orientation,
      dateTaken: exif.dateTaken, cameraModel: exif.cameraModel, lens: exif.lens,
      exposure: exif.exposure)
  }

  /// What decoding a `width`×`height` PNG holds: 4 bytes a pixel.
  static func cost(width: Int, height: Int) -> DecodeCost {
    .whole(width: width, height: height, bytesPerPixel: 4)
  }

  /// Width and height from the IHDR chunk, if the bytes reach that far.
  static func headerSize(_ bytes: [UInt8]) -> (width: Int, height: Int)? {
    guard bytes.count >= 24, bytes[12..<16].elementsEqual("IHDR".utf8) else { return nil }
    let field = { (at: Int) in
      Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    return (field(16), field(20))
  }

  /// Whether the chunk walk runs off the end before `IEND`.
  static func isTruncated(_ bytes: [UInt8]) -> Bool {
    var offset = 8
    while offset + 8 <= bytes.count {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      let type = bytes[(offset + 4)..<(offset + 8)]
      if type.elementsEqual("IEND".utf8) { return false }
      offset += 12 + length
    }
    return true
  }

  private static func message(_ image: png_image) -> String {
    var copy = image.message
    return withUnsafeBytes(of: &copy) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
  }
}
