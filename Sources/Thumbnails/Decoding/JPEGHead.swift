/// The start of a JPEG file, read marker by marker up to the scan: the picture's stored
/// size and its EXIF block, without the compressed data.
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
    let found = walk(read)
    guard let frame = found.frame else { return nil }
    return JPEGHead(width: frame.width, height: frame.height, exif: found.exif)
  }

  /// The `Exif` APP1 payload of the JPEG in `bytes` (a whole file or its start): the one
  /// place a JPEG's EXIF is looked for, so the preview, the decoder and the date taken
  /// read the same block. Found wherever it sits before the scan, also past the frame
  /// header or when the bytes end before one.
  static func exif(bytes: [UInt8]) -> [UInt8]? {
    walk { offset, count in slice(bytes, offset, count) }.exif
  }

  /// Walks the segments up to the scan: the first frame header's size and the first
  /// `Exif` APP1 payload, stopping once it has both. Fill bytes and markers without a
  /// length are stepped over, as the standard allows.
  private static func walk(_ read: (_ offset: Int, _ count: Int) -> [UInt8]) -> (
    frame: (width: Int, height: Int)?, exif: [UInt8]?
  ) {
    guard read(0, 2) == [0xFF, 0xD8] else { return (nil, nil) }
    var offset = 2
    var frame: (width: Int, height: Int)?
    var exif: [UInt8]?
    var segments = 0
    while segments < segmentLimit, frame == nil || exif == nil {
      segments += 1
      let header = read(offset, 4)
      guard header.count >= 2, header[0] == 0xFF else { break }
      let marker = header[1]
      switch marker {
      case 0xFF:
        offset += 1  // a fill byte before the marker
        continue
      case 0x01, 0xD0...0xD7:
        offset += 2  // markers without a length
        continue
      case 0xD9, 0xDA:
        return (frame, exif)  // the end, or the scan
      default:
        break
      }
      guard header.count == 4 else { break }
      let length = Int(header[2]) << 8 | Int(header[3])
      guard length >= 2 else { break }
      if isFrameHeader(marker), frame == nil {
        let header = read(offset + 4, 5)
        guard header.count == 5 else { break }
        let height = Int(header[1]) << 8 | Int(header[2])
        let width = Int(header[3]) << 8 | Int(header[4])
        // A frame of no size: not a picture to stand in for, and nothing past it counts.
        guard width > 0, height > 0 else { return (nil, nil) }
        frame = (width, height)
      }
      if marker == 0xE1, exif == nil, length >= 8 {
        let payload = read(offset + 4, length - 2)
        if payload.starts(with: exifSignature) { exif = payload }
      }
      offset += 2 + length
    }
    return (frame, exif)
  }

  /// The head of `bytes`, a whole file or its start.
  static func read(bytes: [UInt8]) -> JPEGHead? {
    read { offset, count in slice(bytes, offset, count) }
  }

  private static func slice(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> [UInt8] {
    guard offset < bytes.count else { return [] }
    return Array(bytes[offset..<min(bytes.count, offset + count)])
  }

  /// `Exif\0\0`, which starts the APP1 segment of EXIF.
  static let exifSignature: [UInt8] = Array("Exif".utf8) + [0, 0]

  /// SOF0–SOF15 but DHT (C4), JPG (C8) and DAC (CC), which share the range.
  static func isFrameHeader(_ marker: UInt8) -> Bool {
    (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
  }
}
