/// Standard base64 (RFC 4648, with padding), as the kitty and iTerm2 protocols
/// want it. O(n).
enum Base64 {
  static let alphabet = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/".utf8)

  /// Appends the encoding of `bytes` to `out`.
  static func encode(_ bytes: some Collection<UInt8>, into out: inout [UInt8]) {
    out.reserveCapacity(out.count + (bytes.count + 2) / 3 * 4)
    var iterator = bytes.makeIterator()
    while let first = iterator.next() {
      let second = iterator.next()
      let third = iterator.next()
      let value = UInt32(first) << 16 | UInt32(second ?? 0) << 8 | UInt32(third ?? 0)
      out.append(alphabet[Int(value >> 18 & 63)])
      out.append(alphabet[Int(value >> 12 & 63)])
      out.append(second == nil ? UInt8(ascii: "=") : alphabet[Int(value >> 6 & 63)])
      out.append(third == nil ? UInt8(ascii: "=") : alphabet[Int(value & 63)])
    }
  }

  static func encode(_ bytes: some Collection<UInt8>) -> [UInt8] {
    var out: [UInt8] = []
    encode(bytes, into: &out)
    return out
  }
}
