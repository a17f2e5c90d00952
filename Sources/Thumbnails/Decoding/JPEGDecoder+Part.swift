import CImageCodecs
import Pictures

extension JPEGDecoder {
  /// A part of a JPEG decoded: its pixels as shown, and the part of the picture they are.
  struct Part: Sendable {
    /// The pixels, turned as the picture is shown.
    var image: PixelImage
    /// What `image` covers, in fractions of the picture as shown: the part asked for,
    /// its edges moved out to whole decoded pixels.
    var window: PictureWindow
    var metadata: ImageMetadata
  }

  /// Decodes the part `window` (fractions of the picture as shown) of the JPEG in `bytes`
  /// at the smallest DCT scale whose whole picture still covers `size` (pixels of the
  /// picture as shown); nil when libjpeg cannot decode it in part (CMYK, which only
  /// TurboJPEG converts) or warned of damaged data: the caller decodes it whole.
  ///
  /// What it costs is the entropy decoding of the rows down to the part's bottom, and the
  /// inverse DCT and colours of the part alone (`gallery_jpeg_decode_part`): a screen's
  /// worth of a 12-megapixel photo at 100 % takes a fraction of decoding it whole, and
  /// holds a screen's pixels rather than 48 MB. A progressive JPEG is buffered whole by
  /// libjpeg as coefficients first, which the memory cap counts.
  static func decodePart(
    _ bytes: [UInt8], window: PictureWindow, size: (width: Int, height: Int),
    limits: DecodeLimits
  ) throws(ThumbnailError) -> Part? {
    guard let handle = tjInitDecompress() else { throw .corrupt("TurboJPEG did not start") }
    defer { tjDestroy(handle) }
    let header = try readHeader(handle, bytes, limits: limits)
    let (width, height) = (header.width, header.height)
    let isCMYK =
      header.colorspace == Int32(TJCS_CMYK.rawValue)
      || header.colorspace == Int32(TJCS_YCCK.rawValue)
    guard !isCMYK else { return nil }
    let exif = ExifFields(jpeg: bytes)
    let orientation = exif.orientation
    let storedSize = orientation >= 5 ? (size.height, size.width) : size
    let scale = JPEGScale.smallest(
      from: scalingFactors, width: width, height: height, atLeast: storedSize)
    let (scaledWidth, scaledHeight) = (scale.scaled(width), scale.scaled(height))
    let part = window.stored(orientation: orientation).pixels(
      width: scaledWidth, height: scaledHeight)
    let (left, top, partWidth, partHeight) = (part.x, part.y, part.width, part.height)
    // The part, its turned copy, and a progressive file's coefficients held at once.
    let partBytes = Saturating.product(partWidth, partHeight, 4)
    let turned = (2...8).contains(orientation) ? partBytes : 0
    let coefficients = (JPEGFrame.read(bytes) ?? .worst).coefficientBytes(
      width: width, height: height)
    try limits.check(
      DecodeCost(
        width: width, height: height, decodedWidth: partWidth, decodedHeight: partHeight,
        bytes: Saturating.sum(partBytes, Saturating.sum(turned, coefficients))))
    var pixels = [UInt8](repeating: 0, count: partWidth * partHeight * 4)
    var message = [CChar](repeating: 0, count: 200)
    let status = bytes.withUnsafeBufferPointer { source in
      pixels.withUnsafeMutableBufferPointer { target in
        gallery_jpeg_decode_part(
          source.baseAddress, UInt(source.count), Int32(scale.numerator),
          Int32(scale.denominator), Int32(left), Int32(top), Int32(partWidth), Int32(partHeight),
          target.baseAddress, &message, Int32(message.count))
      }
    }
    switch status {
    case 0: break
    // Damaged or cut short: the whole picture's decode says how far its data goes.
    case 1, -2: return nil
    default:
      let text = String(
        decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      throw endsEarly(bytes) ? .truncated : .corrupt(text.isEmpty ? "libjpeg failed" : text)
    }
    var image = PixelImage(width: partWidth, height: partHeight, pixels: consume pixels)
    let colour = JPEGColorProfile.profile(bytes).map { ColorManagement.transform(for: .icc($0)) }
    colour?.apply(to: &image)
    image = image.oriented(orientation)
    let metadata = ImageMetadata(
      format: .jpeg, originalWidth: width, originalHeight: height, orientation: orientation,
      dateTaken: exif.dateTaken, cameraModel: exif.cameraModel,
      colorProfile: colour?.description, lens: exif.lens, exposure: exif.exposure)
    return Part(
      image: image, window: part.covers.shown(orientation: orientation), metadata: metadata)
  }
}
