import CImageCodecs
import Pictures

extension ImageDecoder {
  /// What a picture says about itself, without decoding its pixels where its format
  /// allows (JPEG and PNG: dimensions from the header, and for JPEG the EXIF orientation,
  /// date and camera; SVG: its own size, parsed but not rendered; camera raw: LibRaw's
  /// reading of its tags; video: its container's, nothing decoded unless it has a cover);
  /// other formats are decoded small.
  ///
  /// For the detail view of a picture whose thumbnail came from the disk cache, which
  /// keeps no EXIF. Checks the header's claims as `decode` does; the memory cap depends
  /// on the scale a decode chooses, so a picture too large to decode is still described.
  package func metadata(path: String) throws(ThumbnailError) -> ImageMetadata {
    try withFile(
      path: path,
      raw: { descriptor throws(ThumbnailError) in
        try RAWDecoder.metadata(descriptor: descriptor, limits: limits)
      },
      video: { file throws(ThumbnailError) in
        try VideoDecoder.describe(file, limits: limits).metadata
      },
      bytes: { bytes throws(ThumbnailError) in try metadata(bytes: bytes) })
  }

  /// `metadata(path:)` for bytes already in memory.
  package func metadata(bytes: [UInt8]) throws(ThumbnailError) -> ImageMetadata {
    if bytes.isEmpty { throw .empty }
    switch Self.sniff(bytes) {
    case .jpeg:
      return try JPEGDecoder.metadata(bytes, limits: limits)
    case .png:
      guard let size = PNGDecoder.headerSize(bytes), size.width > 0, size.height > 0 else {
        throw bytes.count < 24 ? .truncated : .corrupt("no PNG header")
      }
      try limits.check(width: size.width, height: size.height)
      return PNGDecoder.metadata(bytes, width: size.width, height: size.height)
    case .svg:
      return try SVGDecoder.metadata(bytes, limits: limits)
    case .raw:
      return try RAWDecoder.metadata(bytes, limits: limits)
    case .video:
      return try VideoDecoder.metadata(bytes, limits: limits)
    case nil:
      throw .unsupportedFormat
    default:
      // No header reader of ours for the other formats: their decoders shrink on load
      // (WebP, HEIF's thumbnails) or are small next to what the detail view costs.
      return try decode(bytes: bytes, target: (16, 16)).metadata
    }
  }
}

extension JPEGDecoder {
  /// The header's dimensions and the EXIF fields, no pixels decoded.
  static func metadata(_ bytes: [UInt8], limits: DecodeLimits) throws(ThumbnailError)
    -> ImageMetadata
  {
    guard let handle = tjInitDecompress() else { throw .corrupt("TurboJPEG did not start") }
    defer { tjDestroy(handle) }
    let header = try readHeader(handle, bytes, limits: limits)
    let exif = ExifFields(jpeg: bytes)
    let profile = JPEGColorProfile.profile(bytes).map { ColorManagement.transform(for: .icc($0)) }
    return ImageMetadata(
      format: .jpeg, originalWidth: header.width, originalHeight: header.height,
      orientation: exif.orientation, dateTaken: exif.dateTaken, cameraModel: exif.cameraModel,
      colorProfile: profile?.description, lens: exif.lens, exposure: exif.exposure)
  }

  /// The frame header: dimensions (checked against `limits`) and colour space.
  static func readHeader(_ handle: tjhandle, _ bytes: [UInt8], limits: DecodeLimits)
    throws(ThumbnailError) -> (width: Int, height: Int, colorspace: Int32)
  {
    var width: Int32 = 0
    var height: Int32 = 0
    var subsampling: Int32 = 0
    var colorspace: Int32 = 0
    let status = bytes.withUnsafeBufferPointer { buffer in
      tjDecompressHeader3(
        handle, buffer.baseAddress, UInt(buffer.count), &width, &height, &subsampling,
        &colorspace)
    }
    if status != 0 || width <= 0 || height <= 0 {
      throw endsEarly(bytes) ? .truncated : .corrupt(message(handle))
    }
    try limits.check(width: Int(width), height: Int(height))
    return (Int(width), Int(height), colorspace)
  }
}
