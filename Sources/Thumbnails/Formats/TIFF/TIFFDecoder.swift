import CImageFormats
import Pictures

/// TIFF through libtiff's RGBA reader: every photometric libtiff knows (RGB,
/// palette, grey, YCbCr, CMYK, Lab), every compression it was built with; the first
/// page of a multi-page file.
///
/// The file is read from memory (`TIFFClientOpenExt`), libtiff's messages are
/// captured rather than printed, and no single allocation of libtiff's may pass
/// 256 MiB, so strip and tile sizes a header lies about fail cleanly. The
/// Orientation tag is applied here, all eight values (libtiff's reader only flips).
enum TIFFDecoder {
  static func decode(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    try bytes.withBytes { raw throws(ThumbnailError) -> DecodedImage in
      let source = UnsafeMutablePointer<gallery_tiff_source>.allocate(capacity: 1)
      defer { source.deallocate() }
      source.initialize(to: gallery_tiff_source())
      source.pointee.data = raw.baseAddress?.assumingMemoryBound(to: UInt8.self)
      source.pointee.size = UInt64(raw.count)
      guard let tiff = gallery_tiff_open(source, Int64(maxAllocation)) else {
        throw failure(source, fallback: "not a readable TIFF", bytes: bytes)
      }
      defer { TIFFClose(tiff) }

      var width: UInt32 = 0
      var height: UInt32 = 0
      guard gallery_tiff_size_of(tiff, &width, &height) != 0 else {
        throw .corrupt("the TIFF gives no size")
      }
      try limits.check(width: Int(width), height: Int(height))
      let orientation = Int(gallery_tiff_orientation(tiff))
      let finishing = Finishing(
        target: target, background: background, orientation: orientation,
        colour: Self.colourProfile(tiff).map { .icc($0) })
      try limits.check(
        cost(
          width: Int(width), height: Int(height),
          readBuffer: Int(clamping: gallery_tiff_read_buffer_bytes(tiff)), finishing: finishing))
      let date = gallery_tiff_text(tiff, UInt32(TIFFTAG_DATETIME)).map { String(cString: $0) }
      let model = gallery_tiff_text(tiff, UInt32(TIFFTAG_MODEL)).map { String(cString: $0) }

      var pixels = [UInt8](repeating: 0, count: Int(width) * Int(height) * 4)
      var message = [CChar](repeating: 0, count: 1024)
      let status = pixels.withUnsafeMutableBytes { out in
        gallery_tiff_read_rgba(
          tiff, out.baseAddress?.assumingMemoryBound(to: UInt32.self), width, height, &message)
      }
      if status < 0 {
        let reason = String(decoding: message.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)
        if reason.lowercased().contains("sorry") || reason.lowercased().contains("not supported") {
          throw .unsupportedVariant(.tiff, reason.isEmpty ? "an unknown layout" : reason)
        }
        throw failure(source, fallback: reason.isEmpty ? "unreadable TIFF" : reason, bytes: bytes)
      }
      // libtiff hands back alpha premultiplied; our pictures carry it straight.
      unpremultiply(&pixels)
      let pages = Int(TIFFNumberOfDirectories(tiff))

      let image = PixelImage(width: Int(width), height: Int(height), pixels: consume pixels)
      // The EXIF directory (DateTimeOriginal, make, lens, exposure) where the file has
      // one; the TIFF's own DateTime and Model otherwise.
      let exif = ExifFields(payload: bytes.prefix(ImageDecoder.exifHeadBytes))
      let metadata = ImageMetadata(
        format: .tiff, originalWidth: Int(width), originalHeight: Int(height),
        orientation: orientation, dateTaken: exif.dateTaken ?? date,
        cameraModel: exif.cameraModel ?? model, colorProfile: finishing.colorProfile,
        frameCount: max(1, pages), lens: exif.lens, exposure: exif.exposure)
      return DecodedImage(
        image: finishing.finish(consume image), metadata: metadata, isPartial: status == 0)
    }
  }

  /// The most libtiff may allocate at once, in bytes: strip and tile sizes a header lies
  /// about fail cleanly past it.
  static let maxAllocation = 256 << 20

  /// What decoding a `width`×`height` TIFF holds at its peak: our raster (4 bytes a
  /// pixel), libtiff's buffer of the strip or tile it reads (`readBuffer`, at most
  /// `maxAllocation`), then the finishing's copy once libtiff is done.
  static func cost(width: Int, height: Int, readBuffer: Int, finishing: Finishing)
    -> DecodeCost
  {
    .whole(
      width: width, height: height, bytesPerPixel: 4,
      extra: max(
        min(readBuffer, maxAllocation), finishing.extraBytes(width: width, height: height)))
  }

  /// The embedded ICC profile, if any.
  private static func colourProfile(_ tiff: OpaquePointer) -> [UInt8]? {
    var profile: UnsafeRawPointer?
    let size = gallery_tiff_icc(tiff, &profile)
    return profile.map { Array(UnsafeRawBufferPointer(start: $0, count: Int(size))) }
  }

  /// Divides colour by alpha where a pixel is partly transparent.
  static func unpremultiply(_ pixels: inout [UInt8]) {
    pixels.withUnsafeMutableBufferPointer { buffer in
      var at = 0
      while at < buffer.count {
        let alpha = UInt32(buffer[at + 3])
        if alpha != 255 && alpha != 0 {
          for channel in 0..<3 {
            buffer[at + channel] = UInt8(
              min(255, (UInt32(buffer[at + channel]) * 255 + alpha / 2) / alpha))
          }
        }
        at += 4
      }
    }
  }

  /// What libtiff said, as a `ThumbnailError`: a file cut short reads past its end.
  private static func failure(
    _ source: UnsafeMutablePointer<gallery_tiff_source>, fallback: String, bytes: [UInt8]
  ) -> ThumbnailError {
    let said = withUnsafeBytes(of: source.pointee.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    let message = said.isEmpty ? fallback : said
    let lowered = message.lowercased()
    if lowered.contains("end of file") || lowered.contains("past end") || lowered.contains("eof")
      || lowered.contains("cannot read") || lowered.contains("read error")
    {
      return .truncated
    }
    if lowered.contains("memory") || lowered.contains("too large") {
      return .corrupt("the TIFF asks for too much memory (\(message))")
    }
    return .corrupt(message)
  }
}
