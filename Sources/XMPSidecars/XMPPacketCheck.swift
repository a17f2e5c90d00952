/// The cheap checks a packet passes before Exempi parses it: a size cap, UTF-8, no
/// document type or entity, a bounded nesting, RDF present. One pass over the bytes.
///
/// darktable's sidecar of a picture edited for years holds a few hundred kilobytes of
/// history nested about ten elements deep; the caps are far above both.
package enum XMPPacketCheck {
  /// The largest packet read: 16 MiB.
  package static let byteLimit = 16 << 20
  /// The deepest nesting of elements read.
  package static let depthLimit = 256
  /// RDF's namespace, which every XMP packet declares.
  static let rdfNamespace = Array("http://www.w3.org/1999/02/22-rdf-syntax-ns#".utf8)

  /// Refuses `bytes` unless they may be XMP worth handing to Exempi.
  package static func check(_ bytes: [UInt8]) throws(XMPRefusal) {
    guard bytes.count <= byteLimit else { throw .tooLarge(bytes: bytes.count) }
    if bytes.starts(with: [0xFE, 0xFF]) || bytes.starts(with: [0xFF, 0xFE])
      || bytes.starts(with: [0, 0, 0xFE, 0xFF])
    {
      throw .notUTF8
    }
    guard !bytes.contains(0), String(validating: bytes, as: UTF8.self) != nil else {
      throw .notUTF8
    }
    try checkMarkup(bytes)
    guard contains(bytes, rdfNamespace) else { throw .notXMP }
  }

  /// Walks the tags: refuses a declaration (`<!` other than a comment or CDATA) and a
  /// nesting deeper than the limit. Quoted attribute values may hold `>`.
  private static func checkMarkup(_ bytes: [UInt8]) throws(XMPRefusal) {
    var depth = 0
    var index = 0
    let count = bytes.count
    while index < count {
      guard bytes[index] == UInt8(ascii: "<") else {
        index += 1
        continue
      }
      let next = index + 1 < count ? bytes[index + 1] : 0
      switch next {
      case UInt8(ascii: "!"):
        if has(bytes, "<!--", at: index) {
          index = end(of: "-->", in: bytes, from: index + 4)
        } else if has(bytes, "<![CDATA[", at: index) {
          index = end(of: "]]>", in: bytes, from: index + 9)
        } else {
          throw .declaresEntities
        }
      case UInt8(ascii: "?"):
        index = end(of: "?>", in: bytes, from: index + 2)
      case UInt8(ascii: "/"):
        depth -= 1
        index = end(of: ">", in: bytes, from: index + 2)
      default:
        depth += 1
        guard depth <= depthLimit else { throw .tooDeep(levels: depth) }
        let (after, selfClosing) = endOfTag(bytes, from: index + 1)
        if selfClosing { depth -= 1 }
        index = after
      }
    }
  }

  /// The index after the `>` ending the start tag that begins before `start`, and
  /// whether it was `/>`.
  private static func endOfTag(_ bytes: [UInt8], from start: Int) -> (Int, Bool) {
    var quote: UInt8 = 0
    var index = start
    while index < bytes.count {
      let byte = bytes[index]
      if quote != 0 {
        if byte == quote { quote = 0 }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: ">") {
        return (index + 1, index > start && bytes[index - 1] == UInt8(ascii: "/"))
      }
      index += 1
    }
    return (index, false)
  }

  /// The index just after the first `marker` at or after `start`, or the end.
  private static func end(of marker: String, in bytes: [UInt8], from start: Int) -> Int {
    let pattern = Array(marker.utf8)
    var index = start
    while index + pattern.count <= bytes.count {
      if bytes[index] == pattern[0], bytes[index..<index + pattern.count].elementsEqual(pattern) {
        return index + pattern.count
      }
      index += 1
    }
    return bytes.count
  }

  private static func has(_ bytes: [UInt8], _ text: String, at index: Int) -> Bool {
    let pattern = Array(text.utf8)
    return index + pattern.count <= bytes.count
      && bytes[index..<index + pattern.count].elementsEqual(pattern)
  }

  private static func contains(_ bytes: [UInt8], _ pattern: [UInt8]) -> Bool {
    guard pattern.count <= bytes.count, let first = pattern.first else { return false }
    var index = 0
    while index + pattern.count <= bytes.count {
      if bytes[index] == first, bytes[index..<index + pattern.count].elementsEqual(pattern) {
        return true
      }
      index += 1
    }
    return false
  }
}
