/// The CRC-32 PNG ends each chunk with (ISO 3309, the reflected polynomial 0xEDB88320),
/// a byte at a time through a table of 256.
///
/// `package`: the fuzz target mends the checksums of mutated chunks with it, to reach
/// what lies behind them.
package enum CRC32 {
  private static let table: [UInt32] = (0..<256).map { index in
    var value = UInt32(index)
    for _ in 0..<8 {
      value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
    }
    return value
  }

  /// The checksum of `bytes`.
  package static func checksum<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8)
    }
    return crc ^ 0xFFFF_FFFF
  }
}
