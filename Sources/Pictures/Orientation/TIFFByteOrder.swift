/// The byte order a TIFF structure names in its first two bytes: `II` for little-endian
/// (Intel), `MM` for big-endian (Motorola). Every number in the structure follows it.
enum TIFFByteOrder: Sendable, Hashable {
  case littleEndian
  case bigEndian

  /// The order named by the two bytes at `offset`, or nil when they name none.
  init?(_ bytes: [UInt8], at offset: Int) {
    guard offset >= 0, offset + 2 <= bytes.count, bytes[offset] == bytes[offset + 1] else {
      return nil
    }
    switch bytes[offset] {
    case UInt8(ascii: "I"): self = .littleEndian
    case UInt8(ascii: "M"): self = .bigEndian
    default: return nil
    }
  }

  /// The two bytes that name the order.
  var mark: [UInt8] {
    switch self {
    case .littleEndian: [UInt8(ascii: "I"), UInt8(ascii: "I")]
    case .bigEndian: [UInt8(ascii: "M"), UInt8(ascii: "M")]
    }
  }

  /// The `size`-byte number at `offset`, or nil when it does not lie wholly inside
  /// `bounds` (and `bytes`).
  func number(_ bytes: [UInt8], at offset: Int, size: Int, within bounds: Range<Int>) -> Int? {
    guard offset >= bounds.lowerBound, offset <= bounds.upperBound - size,
      bounds.upperBound <= bytes.count
    else { return nil }
    var value = 0
    for index in 0..<size {
      let byte = bytes[offset + (self == .littleEndian ? size - 1 - index : index)]
      value = value << 8 | Int(byte)
    }
    return value
  }

  /// `value`'s low `size` bytes in this order.
  func bytes(of value: Int, size: Int) -> [UInt8] {
    let big = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
    return self == .bigEndian ? big : big.reversed()
  }
}
