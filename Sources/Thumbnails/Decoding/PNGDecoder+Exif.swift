extension PNGDecoder {
  /// The payload of the first `eXIf` chunk (a TIFF structure), found before the chunk
  /// that ends `bytes` or `IEND`; nil when there is none. O(chunks).
  static func exif(_ bytes: [UInt8]) -> ArraySlice<UInt8>? {
    var offset = 8
    while offset + 8 <= bytes.count {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      let type = bytes[(offset + 4)..<(offset + 8)]
      let end = offset + 8 + length
      if type.elementsEqual("IEND".utf8) || end > bytes.count { return nil }
      if type.elementsEqual("eXIf".utf8) { return bytes[(offset + 8)..<end] }
      offset = end + 4
    }
    return nil
  }
}
