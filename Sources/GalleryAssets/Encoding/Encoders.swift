import CImageCodecs

/// JPEG through TurboJPEG: 4:2:0, accurate integer DCT (bit-exact on every SIMD path).
enum JPEGEncoder {
  /// The encoded file, with an EXIF APP1 segment after SOI when `exif` is given.
  static func encode(_ bitmap: Bitmap, quality: Int, progressive: Bool, exif: ExifInfo?)
    throws(AssetsError) -> [UInt8]
  {
    guard bitmap.channels == 3 else { throw .jpegEncoder("expected RGB pixels") }
    guard let handle = tjInitCompress() else { throw .jpegEncoder("cannot start the compressor") }
    defer { tjDestroy(handle) }
    var output: UnsafeMutablePointer<UInt8>? = nil
    var size: UInt = 0
    var flags = TJFLAG_ACCURATEDCT
    if progressive { flags |= TJFLAG_PROGRESSIVE }
    let status = bitmap.bytes.withUnsafeBufferPointer { pixels in
      tjCompress2(
        handle, pixels.baseAddress, Int32(bitmap.width), 0, Int32(bitmap.height),
        Int32(TJPF_RGB.rawValue), &output, &size, Int32(TJSAMP_420.rawValue), Int32(quality),
        flags)
    }
    defer { if let output { tjFree(output) } }
    guard status == 0, let output else {
      throw .jpegEncoder(String(cString: tjGetErrorStr2(handle)))
    }
    var bytes = Array(UnsafeBufferPointer(start: output, count: Int(size)))
    if let exif {
      bytes.insert(contentsOf: exif.app1Segment(), at: 2)
    }
    return bytes
  }
}

/// PNG through libpng's simplified API (8-bit RGB or RGBA, no time chunk: deterministic).
enum PNGEncoder {
  static func write(_ bitmap: Bitmap, to path: String) throws(AssetsError) {
    var image = png_image()
    image.version = UInt32(PNG_IMAGE_VERSION)
    image.width = UInt32(bitmap.width)
    image.height = UInt32(bitmap.height)
    image.format = bitmap.channels == 4 ? 3 : 2  // PNG_FORMAT_RGBA : PNG_FORMAT_RGB
    let ok = bitmap.bytes.withUnsafeBufferPointer { pixels in
      png_image_write_to_file(&image, path, 0, pixels.baseAddress, 0, nil)
    }
    let message = withUnsafeBytes(of: image.message) { raw in
      String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
    }
    png_image_free(&image)
    guard ok != 0 else { throw .pngEncoder(path: path, reason: message) }
  }
}
