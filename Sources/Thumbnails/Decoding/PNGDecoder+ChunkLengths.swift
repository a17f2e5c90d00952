extension PNGDecoder {
  /// Whether a chunk before `IEND` claims more bytes than the data has left.
  ///
  /// libpng allocates a chunk's claimed length before it reads the chunk: a 520-byte
  /// file whose text chunk claimed 1.8 GB took 1.8 GB of memory (found by the png fuzz
  /// target). Such a file is cut short or damaged, and is refused before libpng sees it,
  /// which bounds what it allocates by the size of the file. O(chunks).
  static func chunkRunsPastEnd(_ bytes: [UInt8]) -> Bool {
    var offset = 8
    while offset + 8 <= bytes.count {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      // Length, type, data, CRC.
      if offset + 12 + length > bytes.count { return true }
      if bytes[(offset + 4)..<(offset + 8)].elementsEqual("IEND".utf8) { return false }
      offset += 12 + length
    }
    return false
  }
}
