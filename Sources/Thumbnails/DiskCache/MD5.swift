import FoundationEssentials
import Glibc

/// MD5 (RFC 1321), for the thumbnail spec's file names only; not for security.
///
/// Foundation on Linux has no CryptoKit, and the spec fixes the hash. O(n).
enum MD5 {
  /// The 32-digit lowercase hex digest of `bytes`.
  static func hex<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> String {
    digest(Array(bytes)).map { byte in
      let digits = Array("0123456789abcdef")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }.joined()
  }

  /// The 16-byte digest.
  static func digest(_ input: [UInt8]) -> [UInt8] {
    var message = input
    let bitLength = UInt64(input.count) &* 8
    message.append(0x80)
    while message.count % 64 != 56 { message.append(0) }
    for shift in 0..<8 { message.append(UInt8((bitLength >> (8 * UInt64(shift))) & 0xFF)) }

    var a0: UInt32 = 0x6745_2301
    var b0: UInt32 = 0xefcd_ab89
    var c0: UInt32 = 0x98ba_dcfe
    var d0: UInt32 = 0x1032_5476
    var words = [UInt32](repeating: 0, count: 16)
    for chunk in stride(from: 0, to: message.count, by: 64) {
      for index in 0..<16 {
        let at = chunk + index * 4
        words[index] =
          UInt32(message[at]) | UInt32(message[at + 1]) << 8 | UInt32(message[at + 2]) << 16
          | UInt32(message[at + 3]) << 24
      }
      var a = a0
      var b = b0
      var c = c0
      var d = d0
      for step in 0..<64 {
        var f: UInt32
        let g: Int
        switch step {
        case 0..<16:
          f = (b & c) | (~b & d)
          g = step
        case 16..<32:
          f = (d & b) | (~d & c)
          g = (5 * step + 1) % 16
        case 32..<48:
          f = b ^ c ^ d
          g = (3 * step + 5) % 16
        default:
          f = c ^ (b | ~d)
          g = (7 * step) % 16
        }
        f = f &+ a &+ constants[step] &+ words[g]
        a = d
        d = c
        c = b
        let shift = shifts[step]
        b = b &+ ((f << shift) | (f >> (32 - shift)))
      }
      a0 = a0 &+ a
      b0 = b0 &+ b
      c0 = c0 &+ c
      d0 = d0 &+ d
    }
    return [a0, b0, c0, d0].flatMap { word in (0..<4).map { UInt8((word >> (8 * $0)) & 0xFF) } }
  }

  private static let shifts: [UInt32] =
    [7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22, 7, 12, 17, 22]
    + [5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20, 5, 9, 14, 20]
    + [4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23, 4, 11, 16, 23]
    + [6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21, 6, 10, 15, 21]

  /// floor(abs(sin(i + 1)) × 2^32), computed once.
  private static let constants: [UInt32] = (0..<64).map { index in
    UInt32(truncatingIfNeeded: Int64((abs(sin(Double(index + 1))) * 4_294_967_296).rounded(.down)))
  }
}
