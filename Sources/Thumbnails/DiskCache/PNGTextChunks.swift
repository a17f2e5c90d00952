/// Reads `tEXt` chunks from PNG bytes (png_image does not expose them).
enum PNGTextChunks {
  /// Keyword → text of every `tEXt` chunk before the image data; Latin-1 decoded.
  static func read(_ bytes: [UInt8]) -> [String: String] {
    var result: [String: String] = [:]
    var offset = 8
    while offset + 8 <= bytes.count {
      let length =
        Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8
        | Int(bytes[offset + 3])
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      let dataStart = offset + 8
      guard length >= 0, dataStart + length <= bytes.count else { break }
      if type == "IEND" { break }
      if type == "tEXt" {
        let data = bytes[dataStart..<(dataStart + length)]
        if let separator = data.firstIndex(of: 0) {
          let key = String(decoding: data[data.startIndex..<separator], as: UTF8.self)
          let value = String(
            String.UnicodeScalarView(data[(separator + 1)...].map { Unicode.Scalar($0) }))
          result[key] = value
        }
      }
      offset = dataStart + length + 4
    }
    return result
  }
}
