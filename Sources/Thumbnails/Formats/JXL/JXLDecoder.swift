import CImageFormats
import Pictures

/// JPEG XL through libjxl: the first frame, 8-bit RGBA, converted to sRGB.
///
/// No parallel runner is set, so libjxl decodes on the calling thread (our pool
/// has one per core already). libjxl is told to keep the stored orientation
/// (`JxlDecoderSetKeepOrientation` true: with false it turns the pixels and reports
/// orientation 1), and the finishing step turns the pixels once, after shrinking,
/// as for the other formats; the metadata reports the orientation and stored size.
/// The basic info is checked against the limits before any pixel buffer exists.
enum JXLDecoder {
  static func decode(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    try CodecLibrary.jxl.open(for: .jxl)
    guard let decoder = JxlDecoderCreate(nil) else { throw .corrupt("libjxl did not start") }
    defer { JxlDecoderDestroy(decoder) }
    let events = Int32(
      JXL_DEC_BASIC_INFO.rawValue | JXL_DEC_COLOR_ENCODING.rawValue
        | JXL_DEC_FULL_IMAGE.rawValue)
    guard JxlDecoderSubscribeEvents(decoder, events) == JXL_DEC_SUCCESS,
      JxlDecoderSetKeepOrientation(decoder, 1) == JXL_DEC_SUCCESS
    else { throw .corrupt("libjxl did not start") }
    var format = JxlPixelFormat(
      num_channels: 4, data_type: JXL_TYPE_UINT8, endianness: JXL_NATIVE_ENDIAN, align: 0)

    return try bytes.withBytes { raw throws(ThumbnailError) -> DecodedImage in
      let input = raw.bindMemory(to: UInt8.self)
      guard JxlDecoderSetInput(decoder, input.baseAddress, input.count) == JXL_DEC_SUCCESS else {
        throw .corrupt("libjxl refused the data")
      }
      JxlDecoderCloseInput(decoder)
      var info = JxlBasicInfo()
      var width = 0
      var height = 0
      var colour: ColorSource?
      var description: String?
      var pixels: [UInt8] = []
      var done = false
      while !done {
        let status = JxlDecoderProcessInput(decoder)
        switch status {
        case JXL_DEC_BASIC_INFO:
          guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS else {
            throw .corrupt("the JPEG XL header is invalid")
          }
          width = Int(info.xsize)
          height = Int(info.ysize)
          try limits.check(width: width, height: height)
          try limits.check(cost(info, target: target, background: background))
        case JXL_DEC_COLOR_ENCODING:
          description = originalDescription(decoder)
          // XYB-coded pictures can come out in any space: ask for sRGB. Others come
          // out in their own, converted below from the profile of the data.
          if info.num_color_channels == 3 {
            var srgb = gallery_jxl_srgb()
            _ = JxlDecoderSetPreferredColorProfile(decoder, &srgb)
          }
          colour = dataProfile(decoder)
        case JXL_DEC_NEED_IMAGE_OUT_BUFFER:
          var size = 0
          guard JxlDecoderImageOutBufferSize(decoder, &format, &size) == JXL_DEC_SUCCESS,
            size == width * height * 4
          else { throw .corrupt("the JPEG XL frame size is inconsistent") }
          pixels = [UInt8](repeating: 0, count: size)
          let set = pixels.withUnsafeMutableBytes {
            JxlDecoderSetImageOutBuffer(decoder, &format, $0.baseAddress, size)
          }
          guard set == JXL_DEC_SUCCESS else { throw .corrupt("libjxl refused the buffer") }
        case JXL_DEC_FULL_IMAGE, JXL_DEC_SUCCESS:
          done = true
        case JXL_DEC_NEED_MORE_INPUT:
          throw .truncated
        case JXL_DEC_ERROR:
          throw .corrupt("the JPEG XL data is invalid")
        default:
          // Events not subscribed to do not come; anything else moves on.
          continue
        }
      }
      guard !pixels.isEmpty, width > 0, height > 0 else { throw .noFrames }

      let exif = JXLBoxes.anyExif(bytes).map(ExifFields.init(payload:)) ?? ExifFields()
      let orientation = Int(info.orientation.rawValue)
      let finishing = Finishing(
        target: target, background: background,
        orientation: (1...8).contains(orientation) ? orientation : 1, colour: colour)
      let frames = info.have_animation != 0 ? frameCount(input, limit: limits.maxFrames) : 1
      let metadata = ImageMetadata(
        format: .jxl, originalWidth: Int(info.xsize), originalHeight: Int(info.ysize),
        orientation: finishing.orientation, dateTaken: exif.dateTaken,
        cameraModel: exif.cameraModel, colorProfile: description ?? finishing.colorProfile,
        frameCount: frames, lens: exif.lens, exposure: exif.exposure)
      let image = PixelImage(width: width, height: height, pixels: consume pixels)
      return DecodedImage(image: finishing.finish(consume image), metadata: metadata)
    }
  }

  /// libjxl's own buffers while it decodes, in bytes a pixel: measured (peak resident
  /// memory less our buffer and the file) under 3 for lossy pictures of 12 and 48
  /// megapixels, under 1 for lossless ones; 4 leaves room for other encoders' settings.
  static let workingBytesPerPixel = 4

  /// What decoding the picture `info` describes holds at its peak: our buffer (4 bytes a
  /// pixel), libjxl's working memory (`workingBytesPerPixel`), which lasts until the
  /// decoder is destroyed, after the finishing, and the finishing's copy.
  private static func cost(
    _ info: JxlBasicInfo, target: (width: Int, height: Int)?, background: BackgroundColor
  ) -> DecodeCost {
    let width = Int(info.xsize)
    let height = Int(info.ysize)
    let orientation = Int(info.orientation.rawValue)
    let finishing = Finishing(
      target: target, background: background,
      orientation: (1...8).contains(orientation) ? orientation : 1)
    return .whole(
      width: width, height: height, bytesPerPixel: 4 + workingBytesPerPixel,
      extra: finishing.extraBytes(width: width, height: height))
  }

  /// The colour space the decoded pixels are in, when it is not sRGB.
  private static func dataProfile(_ decoder: OpaquePointer) -> ColorSource? {
    var encoding = JxlColorEncoding()
    if JxlDecoderGetColorAsEncodedProfile(decoder, nil, JXL_COLOR_PROFILE_TARGET_DATA, &encoding)
      == JXL_DEC_SUCCESS, isSRGB(encoding)
    {
      return nil
    }
    return iccProfile(decoder, JXL_COLOR_PROFILE_TARGET_DATA).map { .icc($0) }
  }

  /// The ICC profile of the original colours or of the decoded data.
  private static func iccProfile(_ decoder: OpaquePointer, _ target: JxlColorProfileTarget)
    -> [UInt8]?
  {
    var size = 0
    guard JxlDecoderGetICCProfileSize(decoder, nil, target, &size) == JXL_DEC_SUCCESS,
      size > 0, size < 1 << 24
    else { return nil }
    var profile = [UInt8](repeating: 0, count: size)
    guard JxlDecoderGetColorAsICCProfile(decoder, nil, target, &profile, size) == JXL_DEC_SUCCESS
    else { return nil }
    return profile
  }

  /// What the file says its colours are: the attached ICC profile's description, a
  /// name for an encoded colour space, nil for sRGB.
  private static func originalDescription(_ decoder: OpaquePointer) -> String? {
    var encoding = JxlColorEncoding()
    if JxlDecoderGetColorAsEncodedProfile(
      decoder, nil, JXL_COLOR_PROFILE_TARGET_ORIGINAL, &encoding) == JXL_DEC_SUCCESS
    {
      if isSRGB(encoding) || encoding.color_space != JXL_COLOR_SPACE_RGB { return nil }
      let name: String =
        switch encoding.primaries {
        case JXL_PRIMARIES_P3: encoding.white_point == JXL_WHITE_POINT_DCI ? "DCI-P3" : "Display P3"
        case JXL_PRIMARIES_2100: "BT.2020"
        case JXL_PRIMARIES_SRGB: "sRGB primaries"
        default: "custom primaries"
        }
      let transfer: String? =
        switch encoding.transfer_function {
        case JXL_TRANSFER_FUNCTION_PQ: "PQ"
        case JXL_TRANSFER_FUNCTION_HLG: "HLG"
        case JXL_TRANSFER_FUNCTION_LINEAR: "linear"
        default: nil
        }
      return transfer.map { "\(name) \($0)" } ?? name
    }
    return iccProfile(decoder, JXL_COLOR_PROFILE_TARGET_ORIGINAL).flatMap {
      ColorManagement.transform(for: .icc($0)).description
    }
  }

  private static func isSRGB(_ encoding: JxlColorEncoding) -> Bool {
    encoding.color_space == JXL_COLOR_SPACE_RGB && encoding.white_point == JXL_WHITE_POINT_D65
      && encoding.primaries == JXL_PRIMARIES_SRGB
      && encoding.transfer_function == JXL_TRANSFER_FUNCTION_SRGB
  }

  /// The frames of an animation, counted from their headers (no pixels decoded), at
  /// most `limit`.
  private static func frameCount(_ input: UnsafeBufferPointer<UInt8>, limit: Int) -> Int {
    guard let decoder = JxlDecoderCreate(nil) else { return 1 }
    defer { JxlDecoderDestroy(decoder) }
    guard JxlDecoderSubscribeEvents(decoder, Int32(JXL_DEC_FRAME.rawValue)) == JXL_DEC_SUCCESS,
      JxlDecoderSetInput(decoder, input.baseAddress, input.count) == JXL_DEC_SUCCESS
    else { return 1 }
    JxlDecoderCloseInput(decoder)
    var frames = 0
    while frames < limit {
      let status = JxlDecoderProcessInput(decoder)
      if status == JXL_DEC_FRAME {
        frames += 1
      } else {
        break
      }
    }
    return max(1, frames)
  }
}

/// The boxes of a JPEG XL container (ISO-BMFF), for its `Exif` box.
enum JXLBoxes {
  /// The EXIF of a container, stored as it is or Brotli-compressed (`brob`, as cjxl
  /// stores a JPEG's EXIF), past its 4-byte offset field; nil when it has none.
  static func anyExif(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
    if let plain = exif(bytes) { return plain }
    guard bytes.count >= 12, bytes[4..<8].elementsEqual("JXL ".utf8) else { return nil }
    var out = [UInt8](repeating: 0, count: maxExifBytes)
    let length = bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        gallery_jxl_exif(input.baseAddress, input.count, output.baseAddress, output.count)
      }
    }
    guard length > 4 else { return nil }
    let skip = big(out, 0, 4)
    guard skip >= 0, 4 + skip < length else { return nil }
    return out[(4 + skip)..<length]
  }

  /// The largest EXIF block unpacked: EXIF in JPEG is held to 64 KiB, and a camera's
  /// makernotes stay well within this.
  static let maxExifBytes = 1 << 20

  /// The payload of the first uncompressed `Exif` box, past its 4-byte offset field.
  static func exif(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
    guard bytes.count >= 12, bytes[4..<8].elementsEqual("JXL ".utf8) else { return nil }
    var offset = 0
    while offset + 8 <= bytes.count {
      var size = big(bytes, offset, 4)
      var header = 8
      if size == 1, offset + 16 <= bytes.count {
        size = big(bytes, offset + 8, 8)
        header = 16
      } else if size == 0 {
        size = bytes.count - offset
      }
      guard size >= header, size <= bytes.count - offset else { return nil }
      if bytes[(offset + 4)..<(offset + 8)].elementsEqual("Exif".utf8), size >= header + 4 {
        let start = offset + header
        let skip = big(bytes, start, 4)
        guard skip >= 0, skip < offset + size - start - 4 else { return nil }
        return bytes[(start + 4 + skip)..<(offset + size)]
      }
      offset += size
    }
    return nil
  }

  private static func big(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int {
    (0..<count).reduce(0) { $0 << 8 | Int(bytes[at + $1]) }
  }
}
