/// GIF's block structure walked without decoding: how many frames a file holds.
///
/// giflib keeps a record for every frame it passes, so counting with it would let
/// a file of millions of tiny frames take memory in proportion; this walk takes
/// none and is O(file size).
enum GIFStructure {
  /// The image descriptors in `bytes` (frames begun, the last perhaps cut short).
  static func frameCount(_ bytes: [UInt8]) -> Int {
    guard bytes.count >= 13 else { return 0 }
    var offset = 13
    if bytes[10] & 0x80 != 0 { offset += 3 << (Int(bytes[10] & 0x07) + 1) }
    var frames = 0
    while offset < bytes.count {
      switch bytes[offset] {
      case 0x2C:  // image descriptor: 9 bytes, a colour table, the LZW size, data
        guard offset + 10 <= bytes.count else { return frames + 1 }
        frames += 1
        let packed = bytes[offset + 9]
        offset += 10
        if packed & 0x80 != 0 { offset += 3 << (Int(packed & 0x07) + 1) }
        offset += 1
        offset = skipSubBlocks(bytes, from: offset)
      case 0x21:  // extension: a label, then data sub-blocks
        offset = skipSubBlocks(bytes, from: offset + 2)
      default:  // the trailer (0x3B), or bytes that are no block
        return frames
      }
    }
    return frames
  }

  /// The offset after a chain of sub-blocks (each a length byte and that many bytes,
  /// ended by a zero length) starting at `offset`.
  private static func skipSubBlocks(_ bytes: [UInt8], from offset: Int) -> Int {
    var offset = offset
    while offset < bytes.count {
      let length = Int(bytes[offset])
      offset += 1 + length
      if length == 0 { break }
    }
    return offset
  }
}
