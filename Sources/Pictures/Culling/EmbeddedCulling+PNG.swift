extension EmbeddedCulling {
  /// The text of a PNG's XMP `iTXt` chunk, uncompressed, among the chunks before the
  /// first `IDAT` (where exiftool and Exempi put it); and whether the head ended before
  /// the walk reached the pixels.
  ///
  /// Only the head is walked: a chunk that runs past it is the end of what is known.
  static func pngXMP(_ head: [UInt8]) -> (text: Range<Int>?, isCut: Bool) {
    var offset = PNGExifLayout.signature.count
    while offset + 8 <= head.count {
      let length = head[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = head[(offset + 4)..<(offset + 8)]
      guard length <= 0x7FFF_FFFF else { return (nil, false) }
      if type.elementsEqual("IDAT".utf8) || type.elementsEqual("IEND".utf8) {
        return (nil, false)
      }
      let end = offset + 12 + length
      guard end <= head.count else { return (nil, true) }
      if type.elementsEqual("iTXt".utf8), let text = xmpText(head, data: (offset + 8)..<(end - 4)) {
        return (text, false)
      }
      offset = end
    }
    return (nil, true)
  }

  /// The text of the `iTXt` chunk data at `data` when it is the XMP packet, uncompressed:
  /// keyword, NUL, compression flag and method, language tag, NUL, translated keyword,
  /// NUL, then the text; nil for a compressed one, or another chunk. (The orientation's
  /// rewrite and the XMP written inside a picture find the packet with it too.)
  package static func xmpText(_ bytes: [UInt8], data: Range<Int>) -> Range<Int>? {
    guard bytes[data].starts(with: XMPOrientation.pngKeyword + [0]) else { return nil }
    var index = data.lowerBound + XMPOrientation.pngKeyword.count + 1
    guard index + 2 <= data.upperBound, bytes[index] == 0 else { return nil }
    index += 2
    for _ in 0..<2 {
      guard let end = bytes[index..<data.upperBound].firstIndex(of: 0) else { return nil }
      index = end + 1
    }
    return index..<data.upperBound
  }
}
