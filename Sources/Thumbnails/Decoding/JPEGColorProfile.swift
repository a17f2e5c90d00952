/// The ICC profile a JPEG carries in its APP2 `ICC_PROFILE` segments.
enum JPEGColorProfile {
  /// The profile's bytes, its chunks joined in sequence order; nil when absent or
  /// incomplete. Walks the marker segments up to the first scan, O(header size).
  static func profile(_ bytes: [UInt8]) -> [UInt8]? {
    let signature = Array("ICC_PROFILE".utf8) + [0]
    var chunks: [Int: ArraySlice<UInt8>] = [:]
    var expected = 0
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset] == 0xFF {
      let marker = bytes[offset + 1]
      if marker == 0xFF {  // fill byte
        offset += 1
        continue
      }
      if marker == 0xDA || marker == 0xD9 { break }  // start of scan, end of image
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      let end = offset + 2 + length
      guard length >= 2, end <= bytes.count else { break }
      let body = bytes[(offset + 4)..<end]
      if marker == 0xE2, body.count > signature.count + 2, body.starts(with: signature) {
        let sequence = Int(body[body.startIndex + signature.count])
        expected = Int(body[body.startIndex + signature.count + 1])
        chunks[sequence] = body.dropFirst(signature.count + 2)
      }
      offset = end
    }
    guard expected > 0, chunks.count == expected else { return nil }
    var profile: [UInt8] = []
    for sequence in 1...expected {
      guard let chunk = chunks[sequence] else { return nil }
      profile += chunk
    }
    return profile
  }
}
