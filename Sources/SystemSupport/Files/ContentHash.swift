/// What a file holds, in 128 bits (XXH3-128 of its bytes): two files with the same size
/// and content hash are copies, byte for byte, for every purpose a library has (a
/// collision of two different files is a chance of one in 2⁶⁴ among 2³² files).
package struct ContentHash: Hashable, Sendable, Comparable {
  /// The hash's high 64 bits.
  package var high: UInt64
  /// The hash's low 64 bits.
  package var low: UInt64

  package init(high: UInt64, low: UInt64) {
    self.high = high
    self.low = low
  }

  /// The 16 bytes, high first, each word big-endian: the hash's canonical form (xxHash's
  /// `XXH128_canonicalFromHash`), as the index keeps it.
  package var bytes: [UInt8] {
    (0..<8).map { UInt8(truncatingIfNeeded: high >> (56 - 8 * $0)) }
      + (0..<8).map { UInt8(truncatingIfNeeded: low >> (56 - 8 * $0)) }
  }

  /// The hash of its 16 canonical bytes; nil when there are not 16.
  package init?(bytes: some Collection<UInt8>) {
    guard bytes.count == 16 else { return nil }
    let words = Array(bytes)
    high = words[0..<8].reduce(0) { $0 << 8 | UInt64($1) }
    low = words[8..<16].reduce(0) { $0 << 8 | UInt64($1) }
  }

  /// The 32 hexadecimal digits, as `xxhsum -H2` prints them.
  package var hex: String {
    bytes.map { byte in
      let digits = Array("0123456789abcdef")
      return String([digits[Int(byte >> 4)], digits[Int(byte & 15)]])
    }.joined()
  }

  package static func < (left: ContentHash, right: ContentHash) -> Bool {
    (left.high, left.low) < (right.high, right.low)
  }
}
