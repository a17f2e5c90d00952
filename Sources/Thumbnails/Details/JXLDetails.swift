import CImageFormats
import Pictures
import TerminalKit

/// A JPEG XL's details: the codestream's size and orientation from libjxl's basic info
/// (fed the file's head, the whole file only when the header lies further in), and the
/// `Exif` box's tags, found by the boxes' headers (a Brotli-compressed one unpacked alone).
enum JXLDetails {
  /// The head libjxl is first given: the codestream's header is its first bytes, after
  /// the boxes a container puts before it.
  static let headBytes = 64 << 10
  /// The largest file given whole when its header lies past the head.
  static let wholeFileBytes = 64 << 20

  static func read(_ head: FileHead, into details: inout PictureDetails) {
    // Before the tags: a compressed Exif box (`brob`) is unpacked by libjxl.
    do throws(ThumbnailError) {
      try CodecLibrary.jxl.open(for: .jxl)
    } catch {
      details.brokenReason = error.shortReason
      return
    }
    let tags = exif(head)
    if let tags { details.take(tags) }
    let first = min(head.fileSize, headBytes)
    var found = first == 0 ? nil : head.array(at: 0, count: first).flatMap(basicInfo)
    if found == nil, first < head.fileSize, head.fileSize <= wholeFileBytes {
      found = head.array(at: 0, count: head.fileSize).flatMap(basicInfo)
    }
    switch found {
    case .some(.info(let info)):
      details.storedSize = PixelSize(width: Int(info.xsize), height: Int(info.ysize))
      details.orientation = Int(info.orientation.rawValue)
      // Against the codestream's size and orientation, which a viewer applies (not EXIF's).
      if let tags { details.takeFocus(tags) }
    case .some(.needsMore):
      details.brokenReason = ThumbnailError.truncated.shortReason
    case .some(.invalid), nil:
      details.brokenReason = "damaged: the JPEG XL header is invalid"
    }
  }

  enum Reading {
    case info(JxlBasicInfo)
    case needsMore
    case invalid
  }

  /// libjxl's basic info of a file starting with `bytes` (orientation kept, the size the
  /// stored one).
  static func basicInfo(_ bytes: [UInt8]) -> Reading {
    guard let decoder = JxlDecoderCreate(nil) else { return .invalid }
    defer { JxlDecoderDestroy(decoder) }
    guard JxlDecoderSubscribeEvents(decoder, Int32(JXL_DEC_BASIC_INFO.rawValue)) == JXL_DEC_SUCCESS,
      JxlDecoderSetKeepOrientation(decoder, 1) == JXL_DEC_SUCCESS
    else { return .invalid }
    return bytes.withUnsafeBufferPointer { input in
      guard JxlDecoderSetInput(decoder, input.baseAddress, input.count) == JXL_DEC_SUCCESS else {
        return .invalid
      }
      JxlDecoderCloseInput(decoder)
      switch JxlDecoderProcessInput(decoder) {
      case JXL_DEC_BASIC_INFO:
        var info = JxlBasicInfo()
        guard JxlDecoderGetBasicInfo(decoder, &info) == JXL_DEC_SUCCESS, info.xsize > 0,
          info.ysize > 0
        else { return .invalid }
        return .info(info)
      case JXL_DEC_NEED_MORE_INPUT: return .needsMore
      default: return .invalid
      }
    }
  }

  /// The signature box and the `ftyp` box after it, which libjxl wants first.
  private static func leadingBoxes(_ head: FileHead) -> [UInt8]? {
    guard head.matches(Array("ftyp".utf8), at: 16),
      let size = head.integer(at: 12, width: 4, littleEndian: false), size >= 8, size <= 4096
    else { return nil }
    return head.array(at: 0, count: 12 + size)
  }

  /// The tags of the container's `Exif` box (or a `brob` box holding one); nil for a bare
  /// codestream or a container without one.
  static func exif(_ head: FileHead) -> TIFFTags? {
    let signature: [UInt8] = [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]
    guard head.matches(signature, at: 0) else { return nil }
    var offset = 0
    for _ in 0..<HeadDetails.chunkLimit {
      guard var size = head.integer(at: offset, width: 4, littleEndian: false),
        let type = head.integer(at: offset + 4, width: 4, littleEndian: false)
      else { return nil }
      var header = 8
      if size == 1 {
        guard let large = head.integer(at: offset + 8, width: 8, littleEndian: false) else {
          return nil
        }
        size = large
        header = 16
      } else if size == 0 {
        size = head.fileSize - offset
      }
      guard size >= header, size <= head.fileSize - offset else { return nil }
      if type == HeadDetails.fourCC("Exif") {
        guard let skip = head.integer(at: offset + header, width: 4, littleEndian: false),
          skip < size - header - 4
        else { return nil }
        let start = offset + header + 4 + skip
        let base = head.matches(HeadDetails.exifSignature, at: start) ? start + 6 : start
        return TIFFTags(head: head, base: base, end: offset + size)
      }
      if type == HeadDetails.fourCC("brob"),
        head.integer(at: offset + header, width: 4, littleEndian: false)
          == HeadDetails.fourCC("Exif"),
        size <= JXLBoxes.maxExifBytes, let box = head.array(at: offset, count: size),
        let start = leadingBoxes(head)
      {
        // libjxl unpacks it in a container of its own: the signature, `ftyp`, the box,
        // and an empty box after it (libjxl hands a box over when the next one starts).
        let free: [UInt8] = [0, 0, 0, 8] + Array("free".utf8)
        guard let payload = JXLBoxes.anyExif(start + box + free) else { return nil }
        let unpacked = FileHead(memory: Array(payload))
        let base = unpacked.matches(HeadDetails.exifSignature, at: 0) ? 6 : 0
        return TIFFTags(head: unpacked, base: base, end: unpacked.fileSize)
      }
      offset += size
    }
    return nil
  }
}
