import CImageCodecs
import Pictures

/// JPEG through TurboJPEG: header first, DCT-scaled decode, CMYK converted, EXIF applied.
enum JPEGDecoder {
  /// The scaling factors this libjpeg-turbo offers (1/8 to 2/1).
  static let scalingFactors: [JPEGScale] = {
    var count: Int32 = 0
    guard let factors = tjGetScalingFactors(&count) else { return [.full] }
    return (0..<Int(count)).map { JPEGScale(Int(factors[$0].num), Int(factors[$0].denom)) }
  }()

  /// Decodes `bytes` at the smallest DCT scale still covering the picture's fit
  /// inside `target`, a bounding box in display pixels.
  ///
  /// The memory cap is checked at that scale (`cost`), before the output exists: a
  /// 200-megapixel photo's thumbnail decodes at 1/8 in about 12 MiB.
  ///
  /// With `readsMetadata` false the file's EXIF and colour profile are ignored (an
  /// embedded preview, which its picture's EXIF describes): the pixels come out as
  /// stored, and `target` is in stored pixels.
  static func decode(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, limits: DecodeLimits,
    readsMetadata: Bool = true
  ) throws(ThumbnailError) -> DecodedImage {
    guard let handle = tjInitDecompress() else { throw .corrupt("TurboJPEG did not start") }
    defer { tjDestroy(handle) }

    let header = try readHeader(handle, bytes, limits: limits)
    let (width, height, colorspace) = (header.width, header.height, header.colorspace)

    let exif = readsMetadata ? ExifFields(jpeg: bytes) : ExifFields()
    var scale = JPEGScale.full
    if let target {
      let box = exif.orientation >= 5 ? (target.height, target.width) : target
      let fitted = fittedSize(width: width, height: height, in: box)
      scale = JPEGScale.smallest(
        from: scalingFactors, width: width, height: height, atLeast: fitted)
    }
    let outWidth = scale.scaled(width)
    let outHeight = scale.scaled(height)
    let frame = JPEGFrame.read(bytes) ?? .worst
    try limits.check(
      cost(width: width, height: height, scale: scale, frame: frame, orientation: exif.orientation))

    let isCMYK =
      colorspace == Int32(TJCS_CMYK.rawValue) || colorspace == Int32(TJCS_YCCK.rawValue)
    let format = isCMYK ? TJPF_CMYK : TJPF_RGBA
    var pixels = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    let status = decompress(
      handle, bytes, into: &pixels, width: outWidth, height: outHeight, format: format)
    var isPartial = false
    var rows = outHeight
    if status != 0 {
      // A warning (premature end, bad data in a scan) leaves a picture filled as far as
      // the data went.
      let warned = tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue)
      let reason = message(handle)
      // Finding the rows written takes a second output beside the first, and the
      // coefficients again: past the memory cap, the damaged picture is refused instead.
      let coefficients = frame.coefficientBytes(width: width, height: height)
      let probe = Saturating.sum(coefficients, Saturating.product(outWidth, outHeight, 8))
      rows =
        warned && limits.allows(bytes: probe)
        ? rowsWritten(
          handle, bytes, into: pixels, width: outWidth, height: outHeight, format: format)
        : 0
      guard rows > 0 else { throw endsEarly(bytes) ? .truncated : .corrupt(reason) }
      isPartial = true
    }
    if isCMYK { convertCMYK(&pixels) }
    if rows < outHeight { blackOut(&pixels, fromRow: rows, width: outWidth) }

    // Consumed, so the colour conversion works in place rather than on a copy.
    var image = PixelImage(width: outWidth, height: outHeight, pixels: consume pixels)
    // Converted at the DCT-scaled size: cheap for thumbnails. A CMYK profile names
    // the picture but converts nothing (lcms2 is handed RGB only).
    let colour =
      readsMetadata
      ? JPEGColorProfile.profile(bytes).map { ColorManagement.transform(for: .icc($0)) } : nil
    if !isCMYK { colour?.apply(to: &image) }
    image = image.oriented(exif.orientation)
    let metadata = ImageMetadata(
      format: .jpeg, originalWidth: width, originalHeight: height,
      orientation: exif.orientation, dateTaken: exif.dateTaken, cameraModel: exif.cameraModel,
      colorProfile: colour?.description, lens: exif.lens, exposure: exif.exposure)
    return DecodedImage(image: image, metadata: metadata, isPartial: isPartial)
  }

  /// What decoding a `width`×`height` picture at `scale` holds at its peak: the output
  /// (4 bytes a pixel, RGBA or CMYK converted in place), then beside it the coefficient
  /// buffer while TurboJPEG decodes (freed when it returns) or the turned copy an EXIF
  /// orientation makes, whichever is larger. Colour conversion works in place; libjpeg's
  /// row buffers (a few rows) are left out. Saturating.
  static func cost(
    width: Int, height: Int, scale: JPEGScale, frame: JPEGFrame, orientation: Int
  ) -> DecodeCost {
    let outWidth = scale.scaled(width)
    let outHeight = scale.scaled(height)
    let output = Saturating.product(outWidth, outHeight, 4)
    let turned = (2...8).contains(orientation) ? output : 0
    let beside = max(frame.coefficientBytes(width: width, height: height), turned)
    return DecodeCost(
      width: width, height: height, decodedWidth: outWidth, decodedHeight: outHeight,
      bytes: Saturating.sum(output, beside))
  }

  /// The size of a `width`×`height` picture fitted into `box` (aspect kept, rounded
  /// down, at least 1): what the decoded picture must still cover.
  static func fittedSize(width: Int, height: Int, in box: (width: Int, height: Int))
    -> (width: Int, height: Int)
  {
    // A side of zero (a header not yet checked) would make the scale infinite.
    guard width > 0, height > 0 else { return (1, 1) }
    let scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
    return (
      max(1, Int((Double(width) * scale).rounded(.down))),
      max(1, Int((Double(height) * scale).rounded(.down)))
    )
  }

  /// Adobe-style inverted CMYK (what libjpeg-turbo reads and writes) to RGBA, in place.
  static func convertCMYK(_ pixels: inout [UInt8]) {
    pixels.withUnsafeMutableBufferPointer { buffer in
      var index = 0
      while index < buffer.count {
        let k = UInt32(buffer[index + 3])
        buffer[index] = UInt8((UInt32(buffer[index]) * k + 127) / 255)
        buffer[index + 1] = UInt8((UInt32(buffer[index + 1]) * k + 127) / 255)
        buffer[index + 2] = UInt8((UInt32(buffer[index + 2]) * k + 127) / 255)
        buffer[index + 3] = 255
        index += 4
      }
    }
  }

  /// Whether the data lacks the end-of-image marker.
  static func endsEarly(_ bytes: [UInt8]) -> Bool {
    !(bytes.count >= 2 && bytes[bytes.count - 2] == 0xFF && bytes[bytes.count - 1] == 0xD9)
  }

  static func message(_ handle: tjhandle) -> String {
    guard let text = tjGetErrorStr2(handle) else { return "unknown JPEG error" }
    return String(cString: text)
  }
}
