/// The start of a JPEG file, read marker by marker up to the frame header: the picture's
/// stored size and its EXIF block, without the compressed data.
///
/// For the embedded preview, which must cost a few small reads rather than the whole
/// file (5 MB for a phone's photo). Each segment's header is read on its own and skipped
/// by its length; only an `Exif` APP1 payload (at most 64 KiB) is read whole.
struct JPEGHead: Hashable, Sendable {
  /// The frame header's size, in stored pixels (before orientation).
  var width: Int
  var height: Int
  /// The APP1 payload that starts with `Exif\0\0`, if the file has one before its frame
  /// header.
  var exif: [UInt8]?

  /// Most segments walked before giving up: a real file has a few dozen.
  static let segmentLimit = 512

  /// The head of the JPEG `read` gives bytes of (`read(offset, count)`, fewer at the end);
  /// nil when the bytes are not a JPEG or end (or start the scan) before a frame header.
  static func read(_ read: (_ offset: Int, _ count: Int) -> [UInt8]) -> JPEGHead? {
    guard read(0, 2) == [0xFF, 0xD8] else { return nil }
    var offset = 2
    var exif: [UInt8]?
    for _ in 0..<segmentLimit {
      let header = read(offset, 4)
      guard header.count >= 2, header[0] == 0xFF else { return nil }
      let marker = header[1]
      switch marker {
      case 0xFF:
        offset += 1  // a fill byte before the marker
        continue
      case 0x01, 0xD0...0xD7:
        offset += 2  // markers without a length
        continue
      case 0xD9, 0xDA:
        return nil  // the end, or the scan, before any frame header
      default:
        break
      }
      guard header.count == 4 else { return nil }
      let length = Int(header[2]) << 8 | Int(header[3])
      guard length >= 2 else { return nil }
      if isFrameHeader(marker) {
        let frame = read(offset + 4, 5)
        guard frame.count == 5 else { return nil }
        let height = Int(frame[1]) << 8 | Int(frame[2])
        let width = Int(frame[3]) << 8 | Int(frame[4])
        guard width > 0, height > 0 else { return nil }
        return JPEGHead(width: width, height: height, exif: exif)
      }
      if marker == 0xE1, exif == nil, length >= 8 {
        let payload = read(offset + 4, length - 2)
        if payload.starts(with: exifSignature) { exif = payload }
      }
      offset += 2 + length
    }
    return nil
  }

  /// The head of `bytes`, a whole file or its start.
  static func read(bytes: [UInt8]) -> JPEGHead? {
    read { offset, count in
      guard offset < bytes.count else { return [] }
      return Array(bytes[offset..<min(bytes.count, offset + count)])
    }
  }

  /// `Exif\0\0`, which starts the APP1 segment of EXIF.
  static let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]

  /// SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range.
  static func isFrameHeader(_ marker: UInt8) -> Bool {
    (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
  }
}
