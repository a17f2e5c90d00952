/// The first directory (IFD0) of a TIFF structure inside a file: the whole of a TIFF or
/// camera raw file, or the EXIF block of a JPEG or PNG.
///
/// Every number read is bounded by the structure's own bytes, so a broken one throws
/// rather than reading past its end. Offsets in a TIFF count from its header, which is
/// why a directory can be appended at the end and every other offset stays right.
struct TIFFDirectory {
  /// The orientation tag's number.
  static let orientationTag = 0x0112
  /// The TIFF type SHORT, an unsigned 16-bit number.
  private static let shortType = 3
  /// An entry: tag, type, count and a four-byte value or offset.
  private static let entrySize = 12

  let byteOrder: TIFFByteOrder
  /// Where the structure lies in the file; its header is at `bounds.lowerBound`.
  let bounds: Range<Int>
  /// The directory's offset from the header.
  let offset: Int
  let entryCount: Int
  /// Where in the file the orientation entry's value is, when the directory has one.
  let orientationValueOffset: Int?
  /// Where in the file the XMP packet (tag 700, XMLPacket) lies, when the directory has
  /// one that fits the structure.
  let xmp: Range<Int>?
  /// Where in the file the XMP packet (tag 700) lies by its entry, whether or not the
  /// bytes given reach that far (a raw file's packet may lie past the head read): for
  /// reading it, never for patching.
  let xmpPlace: Range<Int>?
  /// EXIF's `Rating` (0x4746), the stars a camera or Windows wrote, when IFD0 holds it
  /// as one number.
  let rating: Int?
  /// EXIF's `RatingPercent` (0x4749), when IFD0 holds it as one number.
  let ratingPercent: Int?
  /// XMLPacket's tag number.
  private static let xmpTag = 700
  private static let ratingTag = 0x4746
  private static let ratingPercentTag = 0x4749

  /// The directory of the TIFF structure in `bounds` of `bytes`.
  ///
  /// `checksMagic`: whether the header's second number must be 42, as in every EXIF
  /// block; a camera raw file's header may carry its own (ORF, RW2), which the caller
  /// checks.
  ///
  /// - Throws: `.malformed` when the header, the directory or its orientation entry does
  ///   not fit the bytes or makes no sense.
  init(_ bytes: [UInt8], in bounds: Range<Int>, checksMagic: Bool = true)
    throws(OrientationRewriteError)
  {
    guard bounds.lowerBound >= 0, bounds.upperBound <= bytes.count, bounds.count >= 8,
      let order = TIFFByteOrder(bytes, at: bounds.lowerBound)
    else { throw .malformed("its TIFF header is cut short or names no byte order") }
    func number(_ at: Int, _ size: Int) -> Int? {
      order.number(bytes, at: bounds.lowerBound + at, size: size, within: bounds)
    }
    if checksMagic, number(2, 2) != 42 {
      throw .malformed("its TIFF header does not hold the number 42")
    }
    guard let offset = number(4, 4), offset >= 8, let count = number(offset, 2) else {
      throw .malformed("its first directory lies outside the file")
    }
    // The entries and the offset of the next directory must all be there.
    guard number(offset + 2 + count * Self.entrySize, 4) != nil else {
      throw .malformed("its first directory runs past the end")
    }
    var valueOffset: Int?
    var xmp: Range<Int>?
    var xmpPlace: Range<Int>?
    var ratings: [Int: Int] = [:]
    for index in 0..<count {
      let entry = offset + 2 + index * Self.entrySize
      let tag = number(entry, 2)
      if tag == Self.xmpTag, let length = number(entry + 4, 4), length > 4,
        let start = number(entry + 8, 4)
      {
        if start <= bounds.count - length {
          xmp = (bounds.lowerBound + start)..<(bounds.lowerBound + start + length)
        }
        xmpPlace = (bounds.lowerBound + start)..<(bounds.lowerBound + start + length)
      }
      if let tag, tag == Self.ratingTag || tag == Self.ratingPercentTag, ratings[tag] == nil,
        number(entry + 4, 4) == 1
      {
        // A SHORT (3) or a LONG (4), in the first bytes of the value field.
        switch number(entry + 2, 2) {
        case Self.shortType: ratings[tag] = number(entry + 8, 2)
        case 4: ratings[tag] = number(entry + 8, 4)
        default: break
        }
      }
      guard number(entry, 2) == Self.orientationTag, valueOffset == nil else { continue }
      guard number(entry + 2, 2) == Self.shortType, number(entry + 4, 4) == 1 else {
        throw .malformed("its orientation tag holds something other than one number")
      }
      valueOffset = bounds.lowerBound + entry + 8
    }
    self.xmp = xmp
    self.xmpPlace = xmpPlace
    rating = ratings[Self.ratingTag]
    ratingPercent = ratings[Self.ratingPercentTag]
    byteOrder = order
    self.bounds = bounds
    self.offset = offset
    entryCount = count
    orientationValueOffset = valueOffset
  }

  /// The orientation the directory names, or nil when it has no orientation tag.
  func orientation(in bytes: [UInt8]) -> ExifOrientation? {
    guard let at = orientationValueOffset,
      let value = byteOrder.number(bytes, at: at, size: 2, within: bounds)
    else { return nil }
    return ExifOrientation(tagValue: value)
  }

  /// `bytes` with the orientation tag's value set to `orientation`, in place: the same
  /// length, every other byte kept. Nil when the directory has no orientation tag.
  func patching(_ bytes: [UInt8], to orientation: ExifOrientation) -> [UInt8]? {
    guard let at = orientationValueOffset else { return nil }
    var patched = bytes
    patched.replaceSubrange(at..<(at + 2), with: byteOrder.bytes(of: orientation.rawValue, size: 2))
    return patched
  }

  /// The structure's bytes with a new first directory appended at their end: a copy of
  /// this one's entries and an orientation entry, sorted by tag, with the same next
  /// directory. The header points at the copy; nothing else moves, so every offset the
  /// entries hold still points where it did.
  ///
  /// - Throws: `.noOrientationTag` when the directory already holds the most entries a
  ///   TIFF directory can.
  func appendingOrientation(_ orientation: ExifOrientation, in bytes: [UInt8])
    throws(OrientationRewriteError) -> [UInt8]
  {
    guard entryCount < 0xFFFF else {
      throw .noOrientationTag("this file's EXIF directory is too full to take an orientation tag")
    }
    var tiff = Array(bytes[bounds])
    // Directories start on a word boundary.
    if tiff.count % 2 == 1 { tiff.append(0) }
    let newOffset = tiff.count
    guard newOffset <= 0xFFFF_FFFF - 2 - (entryCount + 1) * Self.entrySize - 4 else {
      throw .noOrientationTag("this file's EXIF block is too large to take an orientation tag")
    }
    let first = offset + 2
    var entries = (0..<entryCount).map { index in
      let start = first + index * Self.entrySize
      return Array(tiff[start..<(start + Self.entrySize)])
    }
    entries.append(Self.orientationEntry(orientation, byteOrder))
    // By tag, as TIFF asks; entries of the same tag keep their order.
    let sorted = entries.enumerated().sorted { left, right in
      let leftTag = tag(of: left.element)
      let rightTag = tag(of: right.element)
      return leftTag != rightTag ? leftTag < rightTag : left.offset < right.offset
    }
    let next = first + entryCount * Self.entrySize
    tiff += byteOrder.bytes(of: entries.count, size: 2)
    tiff += sorted.flatMap(\.element)
    tiff += tiff[next..<(next + 4)]
    tiff.replaceSubrange(4..<8, with: byteOrder.bytes(of: newOffset, size: 4))
    return tiff
  }

  /// The smallest EXIF block: a header, then a first directory holding `orientation`
  /// alone and no next directory (26 bytes).
  static func minimal(_ orientation: ExifOrientation, _ order: TIFFByteOrder = .bigEndian)
    -> [UInt8]
  {
    order.mark + order.bytes(of: 42, size: 2) + order.bytes(of: 8, size: 4)
      + order.bytes(of: 1, size: 2) + orientationEntry(orientation, order)
      + order.bytes(of: 0, size: 4)
  }

  private static func orientationEntry(_ orientation: ExifOrientation, _ order: TIFFByteOrder)
    -> [UInt8]
  {
    // A SHORT's value sits in the first two of the four value bytes.
    order.bytes(of: orientationTag, size: 2) + order.bytes(of: shortType, size: 2)
      + order.bytes(of: 1, size: 4) + order.bytes(of: orientation.rawValue, size: 2) + [0, 0]
  }

  private func tag(of entry: [UInt8]) -> Int {
    byteOrder.number(entry, at: 0, size: 2, within: 0..<entry.count) ?? 0
  }
}
