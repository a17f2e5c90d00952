#if canImport(Glibc)
  import Glibc
#endif

/// The files a lookup asks for, found by a row's key bytes without making a `String` of
/// each row's path: a 64-bit hash of the bytes to the stamp's position, confirmed byte
/// for byte against the stamp's path. A scan meets every row under a folder, most of
/// them asked for, so this is its inner loop.
struct WantedPaths {
  private var positions: [UInt64: Int] = [:]
  /// The real bytes of the paths whose text differs from them (escapes), by position.
  private var escaped: [Int: [UInt8]] = [:]
  /// Paths whose hashes met another's (never seen in practice): found by their text.
  private var collided: [String: Int] = [:]
  private let stamps: [IndexStamp]

  init(_ stamps: [IndexStamp]) {
    self.stamps = stamps
    positions.reserveCapacity(stamps.count)
    for (position, stamp) in stamps.enumerated() {
      var text = stamp.path
      let hash = text.withUTF8 { utf8 -> UInt64 in
        guard utf8.contains(0xF4) else { return Self.hash(UnsafeRawBufferPointer(utf8)) }
        let bytes = IndexPath.bytes(stamp.path)
        escaped[position] = bytes
        return bytes.withUnsafeBytes(Self.hash)
      }
      if let other = positions.updateValue(position, forKey: hash), other != position {
        collided[stamps[other].path] = other
        collided[stamp.path] = position
        positions[hash] = -1
      }
    }
  }

  /// The position of the stamp whose path's bytes are `key`, if one is asked for.
  func position(ofKey key: UnsafeRawBufferPointer) -> Int? {
    guard let position = positions[Self.hash(key)] else { return nil }
    guard position >= 0 else { return collided[IndexPath.string(key)] }
    if let bytes = escaped[position] {
      return bytes.withUnsafeBytes { Self.same($0, key) } ? position : nil
    }
    var text = stamps[position].path
    return text.withUTF8 { Self.same(UnsafeRawBufferPointer($0), key) } ? position : nil
  }

  /// FNV-1a, 64 bits: quick over the short keys paths are, and the table re-hashes it.
  private static func hash(_ bytes: UnsafeRawBufferPointer) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in bytes {
      hash ^= UInt64(byte)
      hash &*= 0x0000_0100_0000_01b3
    }
    return hash
  }

  private static func same(_ first: UnsafeRawBufferPointer, _ second: UnsafeRawBufferPointer)
    -> Bool
  {
    guard first.count == second.count else { return false }
    guard let one = first.baseAddress, let two = second.baseAddress else { return true }
    return memcmp(one, two, first.count) == 0
  }
}
