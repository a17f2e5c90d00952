import Pictures
import TerminalKit

/// The details of the formats whose heads are read in place: the size from the header,
/// the EXIF from the block or chunk that holds it (`TIFFTags`), and what is broken when
/// the header is not whole or not sound.
enum HeadDetails {
  static let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]

  /// Most JPEG segments walked before the scan: a real file has a few dozen.
  static let segmentLimit = 512
  /// Most chunks (PNG, WebP) walked: a PNG's data can come in thousands.
  static let chunkLimit = 100_000

  /// A JPEG: the frame header's size, the `Exif` APP1's tags, walked segment by segment
  /// up to the scan (each segment's header read, its body skipped by its length).
  static func jpeg(_ head: FileHead, into details: inout PictureDetails) {
    var offset = 2
    var exifRead = false
    var exif: TIFFTags?
    // The frame header, and with it the size the focus point is read against, most often
    // follows the EXIF.
    defer { if let exif { details.takeFocus(exif) } }
    for _ in 0..<segmentLimit {
      guard let mark = head.byte(offset), let marker = head.byte(offset + 1) else {
        details.brokenReason = "truncated"
        return
      }
      guard mark == 0xFF else {
        details.brokenReason = "damaged: no marker where a segment starts"
        return
      }
      switch marker {
      case 0xFF:
        offset += 1
        continue
      case 0x01, 0xD0...0xD7:
        offset += 2
        continue
      case 0xD9, 0xDA:
        if details.storedSize == nil { details.brokenReason = "damaged: no frame header" }
        return
      default:
        break
      }
      guard let length = head.integer(at: offset + 2, width: 2, littleEndian: false) else {
        details.brokenReason = "truncated"
        return
      }
      guard length >= 2 else {
        details.brokenReason = "damaged: a segment of no length"
        return
      }
      if JPEGHead.isFrameHeader(marker), details.storedSize == nil {
        guard let height = head.integer(at: offset + 5, width: 2, littleEndian: false),
          let width = head.integer(at: offset + 7, width: 2, littleEndian: false)
        else {
          details.brokenReason = "truncated"
          return
        }
        guard width > 0, height > 0 else {
          details.brokenReason = "damaged: a frame of no size"
          return
        }
        details.storedSize = PixelSize(width: width, height: height)
      }
      if marker == 0xE1, !exifRead, length >= 8, head.matches(exifSignature, at: offset + 4) {
        exifRead = true
        exif = TIFFTags(head: head, base: offset + 10, end: offset + 2 + length)
        if let exif { details.take(exif) }
      }
      if exifRead, details.storedSize != nil { return }
      offset += 2 + length
    }
  }

  /// A PNG: IHDR's size and the first `eXIf` chunk's tags, found by the chunks' headers
  /// (the data's are skipped unread), wherever it sits before IEND.
  static func png(_ head: FileHead, into details: inout PictureDetails) {
    guard head.fileSize >= 24 else {
      details.brokenReason = "truncated"
      return
    }
    guard head.matches(Array("IHDR".utf8), at: 12),
      let width = head.integer(at: 16, width: 4, littleEndian: false),
      let height = head.integer(at: 20, width: 4, littleEndian: false), width > 0, height > 0
    else {
      details.brokenReason = "damaged: no PNG header"
      return
    }
    details.storedSize = PixelSize(width: width, height: height)
    var offset = 8
    for _ in 0..<chunkLimit {
      guard let length = head.integer(at: offset, width: 4, littleEndian: false),
        let type = head.bytes(at: offset + 4, count: 4)
      else { return }
      if type.elementsEqual("IEND".utf8) { return }
      if type.elementsEqual("eXIf".utf8) {
        if let tags = TIFFTags(head: head, base: offset + 8, end: offset + 8 + length) {
          details.take(tags)
        }
        return
      }
      offset += 12 + length
    }
  }

  /// A GIF: the logical screen's size.
  static func gif(_ head: FileHead, into details: inout PictureDetails) {
    guard let width = head.integer(at: 6, width: 2, littleEndian: true),
      let height = head.integer(at: 8, width: 2, littleEndian: true)
    else {
      details.brokenReason = "truncated"
      return
    }
    if width > 0, height > 0 { details.storedSize = PixelSize(width: width, height: height) }
  }

  /// A BMP: the info header's size (a negative height is a picture stored top down).
  static func bmp(_ head: FileHead, into details: inout PictureDetails) {
    guard let headerSize = head.integer(at: 14, width: 4, littleEndian: true) else {
      details.brokenReason = "truncated"
      return
    }
    let side = headerSize == 12 ? 2 : 4
    guard let width = head.integer(at: 18, width: side, littleEndian: true),
      let height = head.integer(at: 18 + side, width: side, littleEndian: true)
    else {
      details.brokenReason = "truncated"
      return
    }
    let signedWidth =
      side == 2 ? Int(Int16(truncatingIfNeeded: width)) : Int(Int32(truncatingIfNeeded: width))
    let signedHeight =
      side == 2 ? Int(Int16(truncatingIfNeeded: height)) : Int(Int32(truncatingIfNeeded: height))
    guard signedWidth > 0, signedHeight != 0 else {
      details.brokenReason = "damaged: a picture of no size"
      return
    }
    details.storedSize = PixelSize(width: signedWidth, height: abs(signedHeight))
  }

  /// A WebP: the canvas (VP8X) or the bitstream's size (VP8, VP8L), and the `EXIF`
  /// chunk's tags, found by the chunks' headers.
  static func webp(_ head: FileHead, into details: inout PictureDetails) {
    var offset = 12
    for _ in 0..<chunkLimit {
      guard let type = head.integer(at: offset, width: 4, littleEndian: false),
        let length = head.integer(at: offset + 4, width: 4, littleEndian: true)
      else { break }
      let payload = offset + 8
      switch type {
      case fourCC("VP8X"):
        if let width = head.integer(at: payload + 4, width: 3, littleEndian: true),
          let height = head.integer(at: payload + 7, width: 3, littleEndian: true)
        {
          details.storedSize = PixelSize(width: width + 1, height: height + 1)
        }
      case fourCC("VP8 ") where details.storedSize == nil:
        if head.matches([0x9D, 0x01, 0x2A], at: payload + 3),
          let width = head.integer(at: payload + 6, width: 2, littleEndian: true),
          let height = head.integer(at: payload + 8, width: 2, littleEndian: true)
        {
          details.storedSize = PixelSize(width: width & 0x3FFF, height: height & 0x3FFF)
        }
      case fourCC("VP8L") where details.storedSize == nil:
        if head.byte(payload) == 0x2F,
          let bits = head.integer(at: payload + 1, width: 4, littleEndian: true)
        {
          details.storedSize = PixelSize(
            width: bits & 0x3FFF + 1, height: (bits >> 14) & 0x3FFF + 1)
        }
      case fourCC("EXIF"):
        let start = head.matches(exifSignature, at: payload) ? payload + 6 : payload
        if let tags = TIFFTags(head: head, base: start, end: payload + length) {
          details.take(tags)
        }
        return
      default:
        break
      }
      offset = payload + length + (length & 1)
    }
    if details.storedSize == nil {
      details.brokenReason = offset >= head.fileSize ? "truncated" : "damaged: no WebP header"
    }
  }

  /// A chunk's or box's four-letter type as a big-endian number.
  static func fourCC(_ text: StaticString) -> Int {
    UnsafeBufferPointer(start: text.utf8Start, count: 4).reduce(0) { $0 << 8 | Int($1) }
  }

  /// A TIFF: its first directory's size, orientation and tags.
  static func tiff(_ head: FileHead, into details: inout PictureDetails) {
    guard let tags = TIFFTags(head: head, base: 0, end: head.fileSize) else {
      details.brokenReason = "truncated"
      return
    }
    details.take(tags, size: true)
    if details.storedSize == nil {
      details.brokenReason =
        head.fileSize < 16 ? "truncated" : "damaged: no size in the TIFF header"
    }
  }
}
