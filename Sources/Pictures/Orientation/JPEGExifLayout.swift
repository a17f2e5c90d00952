/// Where a JPEG keeps its orientation: the first `Exif` APP1 segment before the scan, or
/// the place a new one goes.
///
/// The walk reads every segment up to the start of scan, each length checked against
/// the file, so a file it accepts is whole up to its picture data; fill bytes and the
/// markers without a length are stepped over, as the standard allows.
struct JPEGExifLayout {
  /// An `Exif` APP1 segment: its bytes from the marker on, and its TIFF's first directory.
  struct Segment {
    let range: Range<Int>
    let directory: TIFFDirectory
  }

  /// The identifier an EXIF APP1 segment's payload starts with.
  static let exifHeader: [UInt8] = Array("Exif".utf8) + [0, 0]
  private static let jfifHeader: [UInt8] = Array("JFIF".utf8) + [0]
  private static let app0: UInt8 = 0xE0
  private static let app1: UInt8 = 0xE1
  /// A segment's length counts its two length bytes and at most 65 533 more.
  private static let maximumLength = 0xFFFF

  let exif: Segment?
  /// The main XMP packet, when an APP1 segment before the scan holds one.
  let xmp: Range<Int>?
  /// Where a new EXIF segment goes: right after SOI, or after a JFIF APP0 segment that
  /// comes first (JFIF asks to be first; EXIF readers look past it).
  let insertion: Int
  /// Whether the walk reached the start of scan (else the head read ended first).
  let reachedScan: Bool

  /// The layout of the JPEG in `bytes`, which start with SOI (`FF D8`).
  ///
  /// - Parameter isHead: whether `bytes` may be the start of a longer file: then the walk
  ///   ends with what it found where they end (a segment cut there is not read), and a
  ///   broken EXIF block is passed by.
  /// - Throws: `.malformed` when a segment runs past the end, a marker is missing, the
  ///   file ends before its scan, or the EXIF segment's TIFF is broken.
  init(_ bytes: [UInt8], isHead: Bool = false) throws(OrientationRewriteError) {
    var offset = 2
    var insertion = 2
    var exif: Segment?
    var xmp: Range<Int>?
    var isFirstSegment = true
    var reachedScan = false
    walk: while true {
      guard offset + 2 <= bytes.count else {
        if isHead { break walk }
        throw .malformed("it ends before its picture data")
      }
      guard bytes[offset] == 0xFF else { throw .malformed("a segment starts with no marker") }
      let marker = bytes[offset + 1]
      switch marker {
      case 0xFF:
        offset += 1  // a fill byte before a marker
        continue
      case 0x01, 0xD0...0xD7:
        offset += 2  // markers without a length
        continue
      case 0xDA:
        reachedScan = true
        break walk
      case 0xD8:
        throw .malformed("it starts a second picture before its first one's data")
      case 0xD9:
        throw .malformed("it ends before its picture data")
      default:
        break
      }
      guard offset + 4 <= bytes.count else {
        if isHead { break walk }
        throw .malformed("a segment is cut short")
      }
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      let end = offset + 2 + length
      guard length >= 2, end <= bytes.count else {
        if isHead, length >= 2 { break walk }
        throw .malformed("a segment runs past the end of the file")
      }
      let payload = (offset + 4)..<end
      if marker == Self.app1, exif == nil, bytes[payload].starts(with: Self.exifHeader) {
        let tiff = (payload.lowerBound + Self.exifHeader.count)..<end
        if isHead {
          // Read, not rewritten: a broken EXIF block leaves the XMP packet to be read.
          exif = (try? TIFFDirectory(bytes, in: tiff)).map {
            Segment(range: offset..<end, directory: $0)
          }
        } else {
          exif = Segment(range: offset..<end, directory: try TIFFDirectory(bytes, in: tiff))
        }
      }
      if marker == Self.app1, xmp == nil, bytes[payload].starts(with: XMPOrientation.jpegHeader) {
        xmp = (payload.lowerBound + XMPOrientation.jpegHeader.count)..<end
      }
      if isFirstSegment, marker == Self.app0, bytes[payload].starts(with: Self.jfifHeader) {
        insertion = end
      }
      isFirstSegment = false
      offset = end
    }
    self.exif = exif
    self.xmp = xmp
    self.insertion = insertion
    self.reachedScan = reachedScan
  }

  /// The orientation the EXIF segment names, or nil when there is no tag.
  func orientation(in bytes: [UInt8]) -> ExifOrientation? {
    exif?.directory.orientation(in: bytes)
  }

  /// `bytes` with the orientation turned by `turn`: the tag patched in place, a first
  /// directory with the tag appended to the EXIF block, or a new EXIF segment; the XMP
  /// packet's `tiff:Orientation`, when it has one, made the same (`XMPOrientation`).
  ///
  /// - Throws: `.noOrientationTag` when the EXIF segment would grow past 64 KiB.
  func turning(_ original: [UInt8], by turn: PictureTurn) throws(OrientationRewriteError)
    -> [UInt8]
  {
    let turned = (orientation(in: original) ?? .normal).turned(turn)
    // In place, first: no byte moves, so every range found stays right.
    var bytes = original
    if let xmp { XMPOrientation.patch(&bytes, in: xmp, to: turned) }
    guard let exif else {
      var result = bytes
      result.insert(contentsOf: Self.segment(TIFFDirectory.minimal(turned)), at: insertion)
      return result
    }
    if let patched = exif.directory.patching(bytes, to: turned) { return patched }
    let tiff = try exif.directory.appendingOrientation(turned, in: bytes)
    guard 2 + Self.exifHeader.count + tiff.count <= Self.maximumLength else {
      throw .noOrientationTag(
        "this JPEG's EXIF segment is too full to take an orientation tag")
    }
    var result = bytes
    result.replaceSubrange(exif.range, with: Self.segment(tiff))
    return result
  }

  /// An APP1 segment holding `tiff` as its EXIF block.
  private static func segment(_ tiff: [UInt8]) -> [UInt8] {
    let length = 2 + exifHeader.count + tiff.count
    return [0xFF, app1, UInt8(length >> 8), UInt8(length & 0xFF)] + exifHeader + tiff
  }
}
