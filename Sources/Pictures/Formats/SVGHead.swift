/// Whether the first bytes of a file are an SVG document: XML whose root element is
/// `<svg>`, found by walking the prolog (a byte-order mark, the XML declaration,
/// processing instructions, comments, the document type) without an XML parser.
///
/// Any XML is not enough: an XHTML page or an RSS feed that holds an `<svg>` element
/// is not a picture. A head that ends inside the prolog is an SVG only when its
/// document type names `svg`.
enum SVGHead {
  /// True when `head` starts an SVG document. O(head).
  static func isSVG(_ head: [UInt8]) -> Bool {
    var index = 0
    if head.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }  // UTF-8's byte-order mark
    var doctypeIsSVG = false
    while true {
      while index < head.count, isSpace(head[index]) { index += 1 }
      guard index < head.count else { return doctypeIsSVG }
      guard head[index] == UInt8(ascii: "<") else { return false }
      let rest = head[(index + 1)...]
      if rest.starts(with: Array("?".utf8)) {
        guard let end = find(Array("?>".utf8), in: head, from: index + 2) else {
          return doctypeIsSVG
        }
        index = end
      } else if rest.starts(with: Array("!--".utf8)) {
        guard let end = find(Array("-->".utf8), in: head, from: index + 4) else {
          return doctypeIsSVG
        }
        index = end
      } else if rest.starts(with: Array("!DOCTYPE".utf8)) {
        var name = index + 9
        while name < head.count, isSpace(head[name]) { name += 1 }
        doctypeIsSVG = isName(Array("svg".utf8), in: head, at: name)
        guard let end = doctypeEnd(head, from: name) else { return doctypeIsSVG }
        index = end
      } else {
        // The root element: `svg`, or `svg` with a namespace prefix (`svg:svg`).
        var name = index + 1
        var scan = name
        while scan < head.count, !isSpace(head[scan]), head[scan] != UInt8(ascii: ">"),
          head[scan] != UInt8(ascii: "/")
        {
          if head[scan] == UInt8(ascii: ":") { name = scan + 1 }
          scan += 1
        }
        return isName(Array("svg".utf8), in: head, at: name)
      }
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  /// Whether `name` stands at `offset`, followed by a space, `>`, `/`, `[` or the end.
  private static func isName(_ name: [UInt8], in head: [UInt8], at offset: Int) -> Bool {
    guard head.count >= offset + name.count,
      head[offset..<(offset + name.count)].elementsEqual(name)
    else { return false }
    let next = offset + name.count
    guard next < head.count else { return true }
    return isSpace(head[next])
      || [UInt8(ascii: ">"), UInt8(ascii: "/"), UInt8(ascii: "[")]
        .contains(head[next])
  }

  /// The index just past `pattern`'s first occurrence from `start`, or nil.
  private static func find(_ pattern: [UInt8], in head: [UInt8], from start: Int) -> Int? {
    var index = start
    while index + pattern.count <= head.count {
      if head[index..<(index + pattern.count)].elementsEqual(pattern) {
        return index + pattern.count
      }
      index += 1
    }
    return nil
  }

  /// The index just past the `>` that closes a document type, skipping its internal
  /// subset (`[ … ]`) and quoted strings; nil when the head ends first.
  private static func doctypeEnd(_ head: [UInt8], from start: Int) -> Int? {
    var index = start
    var depth = 0
    var quote: UInt8?
    while index < head.count {
      let byte = head[index]
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        depth += 1
      } else if byte == UInt8(ascii: "]") {
        depth = max(0, depth - 1)
      } else if byte == UInt8(ascii: ">"), depth == 0 {
        return index + 1
      }
      index += 1
    }
    return nil
  }
}
