/// Reads a TIFF structure's directories and values in place, bounds-checked against the
/// block that holds it: offsets are from `base`, and nothing at or past `end` is read.
struct TIFFReader {
  /// One directory entry: its tag, type, count and where its value is (from `base`).
  struct Entry {
    var tag: Int
    var type: Int
    var count: Int
    var valueOffset: Int
    /// Where the entry's own four bytes of value (or of offset) are.
    var slot: Int
  }

  let head: FileHead
  let base: Int
  let end: Int
  let littleEndian: Bool

  /// Most entries read from one directory: real ones have a few dozen.
  static let entryLimit = 1000

  /// The reader of the structure starting at `base`; nil without a TIFF byte order mark.
  init?(head: FileHead, base: Int, end: Int) {
    guard let order = head.bytes(at: base, count: 2), base + 8 <= end else { return nil }
    switch (order[0], order[1]) {
    case (0x49, 0x49): littleEndian = true
    case (0x4D, 0x4D): littleEndian = false
    default: return nil
    }
    self.head = head
    self.base = base
    self.end = min(end, head.fileSize)
  }

  func u16(_ offset: Int) -> Int? { value(offset, 2) }
  func u32(_ offset: Int) -> Int? { value(offset, 4) }

  private func value(_ offset: Int, _ width: Int) -> Int? {
    guard offset >= 0, base + offset + width <= end else { return nil }
    return head.integer(at: base + offset, width: width, littleEndian: littleEndian)
  }

  /// Calls `body` with each entry of the directory at `offset`, and sets `next` to the
  /// offset of the one after it (0: none).
  ///
  /// A directory cut short by the end of the block gives the entries that fit (and no
  /// next), as libexif read them: a block truncated in its last directory keeps the
  /// orientation and camera its first entries hold.
  func forEachEntry(of offset: Int, next: inout Int?, _ body: (Entry) -> Void) {
    guard offset >= 8, let stated = u16(offset) else { return }
    let fitting = max(0, (end - (base + offset + 2)) / 12)
    let count = min(stated, fitting, Self.entryLimit)
    // One read for the whole directory when it lies within the head's reach.
    head.ensure(min(base + offset + 2 + count * 12 + 4, end))
    for index in 0..<count {
      let at = offset + 2 + index * 12
      guard let tag = u16(at), let type = u16(at + 2), let count = u32(at + 4) else { return }
      let size = Self.typeSize(type) * count
      let valueOffset: Int
      if size <= 4 {
        valueOffset = at + 8
      } else {
        guard let pointed = u32(at + 8) else { continue }
        valueOffset = pointed
      }
      body(Entry(tag: tag, type: type, count: count, valueOffset: valueOffset, slot: at + 8))
    }
    next = count == stated ? u32(offset + 2 + count * 12) : nil
  }

  /// The stored size a directory gives, when it is a full-size picture (new subfile type
  /// 0 or none) with both sides.
  func size(of offset: Int, next: inout Int?) -> (width: Int, height: Int)? {
    var width: Int?
    var height: Int?
    var primary = true
    forEachEntry(of: offset, next: &next) { entry in
      switch entry.tag {
      case 0x0100: width = integer(entry)
      case 0x0101: height = integer(entry)
      case 0x00FE: primary = integer(entry).map { $0 & 1 == 0 } ?? true
      default: break
      }
    }
    guard primary, let width, let height else { return nil }
    return (width, height)
  }

  /// Bytes of each element of a value of `type` (0 for types not known).
  static func typeSize(_ type: Int) -> Int {
    switch type {
    case 1, 2, 6, 7: 1
    case 3, 8: 2
    case 4, 9, 11, 13: 4
    case 5, 10, 12: 8
    default: 0
    }
  }

  /// The entry's first value as an integer (BYTE, SHORT, LONG and their signed forms).
  func integer(_ entry: Entry) -> Int? { integer(entry, index: 0) }

  private func integer(_ entry: Entry, index: Int) -> Int? {
    guard index < entry.count else { return nil }
    switch entry.type {
    case 1, 7: return value(entry.valueOffset + index, 1)
    case 3: return value(entry.valueOffset + index * 2, 2)
    case 4, 13: return value(entry.valueOffset + index * 4, 4)
    case 8:
      return value(entry.valueOffset + index * 2, 2).map { Int(Int16(truncatingIfNeeded: $0)) }
    case 9:
      return value(entry.valueOffset + index * 4, 4).map { Int(Int32(truncatingIfNeeded: $0)) }
    default: return nil
    }
  }

  /// Up to `limit` integer values of the entry (a list of sub-directories).
  func integers(_ entry: Entry, limit: Int) -> [Int] {
    (0..<min(entry.count, limit)).compactMap { integer(entry, index: $0) }
  }

  /// The entry's value at `index` as a number: an integer, a (signed) rational, a float.
  func number(_ entry: Entry, index: Int = 0) -> Double? {
    guard index < entry.count, holdsValue(entry) else { return nil }
    switch entry.type {
    case 5, 10:
      guard let top = value(entry.valueOffset + index * 8, 4),
        let bottom = value(entry.valueOffset + index * 8 + 4, 4)
      else { return nil }
      if entry.type == 10 {
        let (signedTop, signedBottom) = (
          Int32(truncatingIfNeeded: top), Int32(truncatingIfNeeded: bottom)
        )
        return signedBottom == 0 ? nil : Double(signedTop) / Double(signedBottom)
      }
      return bottom == 0 ? nil : Double(top) / Double(bottom)
    case 11:
      return value(entry.valueOffset + index * 4, 4).map {
        Double(Float(bitPattern: UInt32(truncatingIfNeeded: $0)))
      }
    case 12:
      return value(entry.valueOffset + index * 8, 8).map {
        Double(bitPattern: UInt64(truncatingIfNeeded: $0))
      }
    default:
      return integer(entry, index: index).map(Double.init)
    }
  }

  /// The entry's values as numbers, when it holds from 1 to `limit` of them, all
  /// readable; nil for more (a tag of a known length given another is not that tag).
  func numbers(_ entry: Entry, limit: Int) -> [Double]? {
    guard entry.count <= limit else { return nil }
    let values = (0..<entry.count).compactMap { number(entry, index: $0) }
    return values.count == entry.count && !values.isEmpty ? values : nil
  }

  /// Degrees from GPS's three rationals (degrees, minutes, seconds); fewer are taken as
  /// given (a file with the degrees alone).
  func degrees(_ entry: Entry) -> Double? {
    guard let degrees = number(entry, index: 0) else { return nil }
    return degrees + (number(entry, index: 1) ?? 0) / 60 + (number(entry, index: 2) ?? 0) / 3600
  }

  /// A pointer's value (a directory's or the thumbnail's offset, its length): the entry's
  /// four bytes as a LONG whatever type or count it claims, as libexif read them.
  func pointer(_ entry: Entry) -> Int? { u32(entry.slot) }

  /// Whether the entry's value is there to read: a known type, at least one value, all of
  /// it within the block (libexif dropped any other entry, as if it were absent).
  func holdsValue(_ entry: Entry) -> Bool {
    let size = Self.typeSize(entry.type) * entry.count
    return size > 0 && entry.valueOffset >= 0 && base + entry.valueOffset + size <= end
  }

  /// An orientation's value as EXIF readers take it: the first value of an integer entry
  /// (BYTE, SHORT, LONG or a signed one) cut to 16 bits, when it is 1 to 8; 0 for any
  /// other value or type (the picture is then shown as stored).
  func orientation(_ entry: Entry) -> Int {
    let value: Int?
    switch entry.type {
    case 1, 6: value = entry.count >= 1 ? self.value(entry.valueOffset, 1) : nil
    case 3, 4, 8, 9: value = integer(entry)
    default: value = nil
    }
    guard let value else { return 0 }
    let short = Int(UInt16(truncatingIfNeeded: value))
    return (1...8).contains(short) ? short : 0
  }

  /// The first byte of an ASCII or BYTE value (a GPS reference: `N`, `S`, `E`, `W`).
  func firstByte(_ entry: Entry) -> UInt8? {
    guard entry.count >= 1 else { return nil }
    return value(entry.valueOffset, 1).map { UInt8(truncatingIfNeeded: $0) }
  }

  /// An ASCII value (whole within the block) up to its first NUL, trimmed of blanks (spaces, tabs, and Unicode's
  /// other spaces, as `CharacterSet.whitespaces`); nil when empty. At most 255 bytes are
  /// read: a camera's name or a date is far shorter.
  func text(_ entry: Entry) -> String? {
    guard entry.type == 2 || entry.type == 7 || entry.type == 1, holdsValue(entry) else {
      return nil
    }
    let count = min(entry.count, 255)
    guard count > 0, entry.valueOffset >= 0, base + entry.valueOffset + count <= end,
      let raw = head.bytes(at: base + entry.valueOffset, count: count)
    else { return nil }
    var length = raw.firstIndex(of: 0) ?? count
    var start = 0
    while start < length, raw[start] == 0x20 || raw[start] == 0x09 { start += 1 }
    while length > start, raw[length - 1] == 0x20 || raw[length - 1] == 0x09 { length -= 1 }
    guard length > start else { return nil }
    let text = String(
      decoding: UnsafeRawBufferPointer(rebasing: raw[start..<length]), as: UTF8.self)
    guard raw[start] >= 0x80 || raw[length - 1] >= 0x80 else { return text }
    // A non-ASCII end may be a blank of its own (a no-break space).
    let scalars = text.unicodeScalars
    guard let first = scalars.firstIndex(where: { !Self.isBlank($0) }),
      let last = scalars.lastIndex(where: { !Self.isBlank($0) })
    else { return nil }
    return String(scalars[first...last])
  }

  /// Tab, or a space of Unicode's `Zs` category.
  private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "\t" || scalar.properties.generalCategory == .spaceSeparator
  }
}
