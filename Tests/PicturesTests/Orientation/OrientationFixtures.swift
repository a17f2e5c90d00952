/// Files for the orientation tests, built byte by byte: TIFF structures in either byte
/// order, and the JPEGs and PNGs that carry them. Their pixel data is made up; the
/// rewriter never reads it, and the decoding tests (`ThumbnailsTests`) use real pictures.
enum OrientationFixtures {
  enum Order { case little, big }

  /// `value`'s low `size` bytes in `order`.
  static func number(_ value: Int, size: Int, _ order: Order) -> [UInt8] {
    let big = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    return order == .big ? big : big.reversed()
  }

  /// The `size`-byte number at `offset` in `order`.
  static func read(_ bytes: [UInt8], at offset: Int, size: Int, _ order: Order) -> Int {
    let field = bytes[offset..<(offset + size)]
    let ordered = order == .big ? Array(field) : field.reversed()
    return ordered.reduce(0) { $0 << 8 | Int($1) }
  }

  static let make = "Gallery"

  /// A TIFF structure as cameras write EXIF: a first directory of the make (a string kept
  /// out of line), the orientation when given, the resolution (a fraction out of line)
  /// and its unit, then a second directory (a preview's compression), and `padding` zero
  /// bytes of data after all that.
  static func tiff(_ order: Order, orientation: Int?, magic: [UInt8]? = nil, padding: Int = 0)
    -> [UInt8]
  {
    let entryCount = orientation == nil ? 3 : 4
    let first = 8
    let second = first + 2 + entryCount * 12 + 4
    let makeAt = second + 2 + 12 + 4
    let makeBytes = Array(make.utf8) + [0]
    let resolutionAt = makeAt + makeBytes.count
    func entry(_ tag: Int, _ type: Int, _ count: Int, value: [UInt8]) -> [UInt8] {
      number(tag, size: 2, order) + number(type, size: 2, order) + number(count, size: 4, order)
        + value
    }
    func short(_ value: Int) -> [UInt8] { number(value, size: 2, order) + [0, 0] }
    var bytes = order == .big ? Array("MM".utf8) : Array("II".utf8)
    bytes += magic ?? number(42, size: 2, order)
    bytes += number(first, size: 4, order)
    bytes += number(entryCount, size: 2, order)
    bytes += entry(0x010F, 2, makeBytes.count, value: number(makeAt, size: 4, order))
    if let orientation { bytes += entry(0x0112, 3, 1, value: short(orientation)) }
    bytes += entry(0x011A, 5, 1, value: number(resolutionAt, size: 4, order))
    bytes += entry(0x0128, 3, 1, value: short(2))
    bytes += number(second, size: 4, order)
    bytes += number(1, size: 2, order) + entry(0x0103, 3, 1, value: short(6))
    bytes += number(0, size: 4, order)
    bytes += makeBytes
    bytes += number(72, size: 4, order) + number(1, size: 4, order)
    return bytes + [UInt8](repeating: 0, count: padding)
  }

  /// A TIFF with an orientation, as a camera raw file (or a TIFF) starts; nil leaves the
  /// tag out.
  static func tiffFile(_ order: Order, orientation: Int?, magic: [UInt8]? = nil) -> [UInt8] {
    tiff(order, orientation: orientation, magic: magic) + Array(repeating: 0x5A, count: 32)
  }

  static let jfif: [UInt8] =
    [0xFF, 0xE0, 0, 16] + Array("JFIF".utf8) + [0, 1, 2, 0, 0, 1, 0, 1, 0, 0]

  /// A JPEG's SOI; then `jfif`; then an `Exif` APP1 segment holding `exif`; then the
  /// frame's tables, a scan of a few made-up bytes and EOI.
  static func jpeg(exif: [UInt8]?, jfif withJFIF: Bool = false) -> [UInt8] {
    var bytes: [UInt8] = [0xFF, 0xD8]
    if withJFIF { bytes += jfif }
    if let exif { bytes += segment(0xE1, Array("Exif".utf8) + [0, 0] + exif) }
    return bytes + picture
  }

  /// Everything of the fixture JPEG after its APP segments.
  static let picture: [UInt8] =
    segment(0xDB, [0] + [UInt8](repeating: 1, count: 64))
    + segment(0xC0, [8, 0, 2, 0, 3, 1, 1, 0x11, 0])
    + segment(0xDA, [1, 1, 0x00, 0, 63, 0]) + [0x12, 0x34, 0xFF, 0x00, 0x56, 0xFF, 0xD9]

  static func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
    let length = body.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + body
  }

  static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

  /// A PNG: IHDR, an `eXIf` chunk holding `exif` (before the data, or after it with
  /// `exifLast`), made-up IDAT data, IEND.
  static func png(exif: [UInt8]?, exifLast: Bool = false) -> [UInt8] {
    let header = chunk("IHDR", [0, 0, 0, 3, 0, 0, 0, 2, 8, 2, 0, 0, 0])
    let data = chunk("IDAT", [0x78, 0x9C, 0x01, 0x02, 0x03])
    let exifChunk = exif.map { chunk("eXIf", $0) } ?? []
    let middle = exifLast ? data + exifChunk : exifChunk + data
    return pngSignature + header + middle + chunk("IEND", [])
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let body = Array(type.utf8) + data
    return number(data.count, size: 4, .big) + body
      + number(Int(bitwiseCRC(body)), size: 4, .big)
  }

  /// PNG's CRC-32 worked out a bit at a time, to check the rewriter's table-driven one.
  static func bitwiseCRC(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }
}

/// A TIFF structure's first directory as the tests read it back, independently of the
/// rewriter's own reader.
struct ReadDirectory {
  struct Entry: Equatable {
    let tag: Int
    /// The twelve bytes as stored.
    let bytes: [UInt8]
  }

  let order: OrientationFixtures.Order
  let offset: Int
  let entries: [Entry]
  let next: Int

  /// The directory of the TIFF structure starting at `start` of `bytes`.
  init(_ bytes: [UInt8], tiffAt start: Int) {
    let order: OrientationFixtures.Order = bytes[start] == UInt8(ascii: "M") ? .big : .little
    func read(_ at: Int, _ size: Int) -> Int {
      OrientationFixtures.read(bytes, at: start + at, size: size, order)
    }
    let offset = read(4, 4)
    let count = read(offset, 2)
    self.order = order
    self.offset = offset
    entries = (0..<count).map { index in
      let at = start + offset + 2 + index * 12
      return Entry(
        tag: OrientationFixtures.read(bytes, at: at, size: 2, order),
        bytes: Array(bytes[at..<(at + 12)]))
    }
    next = read(offset + 2 + count * 12, 4)
  }

  /// The value of the orientation entry, nil when there is none.
  var orientation: Int? {
    entries.first { $0.tag == 0x0112 }.map {
      OrientationFixtures.read($0.bytes, at: 8, size: 2, order)
    }
  }
}
