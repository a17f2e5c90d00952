/// A piece of text looked for in a camera's, a lens's or a folder's name, case and
/// diacritics never counting (`cafe` finds `Café`, `x100v` finds `X100V`).
///
/// Folded once when the query is parsed; a haystack in ASCII is compared byte by byte as
/// it is, without allocating, one with other letters folded first. With
/// `ignoringSeparators`, spaces, hyphens and underscores count for nothing on either side
/// (`z6` finds `NIKON Z 6`); with `wholeNumbers`, a needle that starts or ends with a
/// digit does not find the middle of a number (`35` finds `XF35mmF1.4 R`, not `135mm`).
struct FoldedNeedle: Hashable, Sendable {
  /// The folded bytes looked for, separators left out when they do not count.
  let bytes: [UInt8]
  let ignoresSeparators: Bool
  let wholeNumbers: Bool

  /// The needle for `text`; its bytes are empty when nothing is left of it to look for.
  init(_ text: String, ignoringSeparators: Bool, wholeNumbers: Bool) {
    ignoresSeparators = ignoringSeparators
    self.wholeNumbers = wholeNumbers
    let folded = Array(NameFilter.folded(text, caseToo: true).utf8)
    bytes = ignoringSeparators ? folded.filter { !Self.isSeparator($0) } : folded
  }

  /// Whether it occurs in `first`, or in `first` and `second` joined by a space (a
  /// camera's make and model), or, `exactly`, is the whole of it.
  func occurs(in first: String, _ second: String? = nil, exactly: Bool = false) -> Bool {
    var first = first
    var second = second ?? ""
    if Self.isASCII(&first) && Self.isASCII(&second) {
      guard second.utf8.isEmpty else {
        let count = first.utf8.count + 1 + second.utf8.count
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { joined in
          var end = joined.initialize(fromContentsOf: first.utf8)
          joined[end] = 0x20
          end += 1
          _ = joined[end...].initialize(fromContentsOf: second.utf8)
          return find(in: UnsafeBufferPointer(joined), lowering: true, exactly: exactly)
        }
      }
      return first.withUTF8 { find(in: $0, lowering: true, exactly: exactly) }
    }
    let text = second.isEmpty ? first : first + " " + second
    return Array(NameFilter.folded(text, caseToo: true).utf8).withUnsafeBufferPointer {
      find(in: $0, lowering: false, exactly: exactly)
    }
  }

  /// Whether it occurs in the folders of `path`: the path up to its last `/`.
  func occurs(inFoldersOf path: String) -> Bool {
    var path = path
    if Self.isASCII(&path) {
      return path.withUTF8 { bytes in
        let end = bytes.lastIndex(of: 0x2F) ?? 0
        return find(in: UnsafeBufferPointer(rebasing: bytes[..<end]), lowering: true)
      }
    }
    let folders = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    return Array(NameFilter.folded(folders, caseToo: true).utf8).withUnsafeBufferPointer {
      find(in: $0, lowering: false)
    }
  }

  /// Whether the bytes occur in `haystack` (are the whole of it, `exactly`); with
  /// `lowering`, its ASCII capitals count as small letters (the needle is folded already).
  private func find(
    in haystack: UnsafeBufferPointer<UInt8>, lowering: Bool, exactly: Bool = false
  ) -> Bool {
    let needle = bytes
    guard !needle.isEmpty else { return true }
    var start = 0
    while start < haystack.count {
      defer { start += 1 }
      if ignoresSeparators && Self.isSeparator(haystack[start]) { continue }
      var index = start
      var matched = 0
      while matched < needle.count && index < haystack.count {
        var byte = haystack[index]
        index += 1
        if ignoresSeparators && Self.isSeparator(byte) { continue }
        if lowering, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
        guard byte == needle[matched] else { break }
        matched += 1
      }
      guard matched == needle.count else {
        if exactly { return false }
        continue
      }
      if exactly {
        return haystack[index...].allSatisfy { ignoresSeparators && Self.isSeparator($0) }
      }
      if wholeNumbers {
        if Self.isDigit(needle[0]), start > 0, Self.isDigit(haystack[start - 1]) { continue }
        if let last = needle.last, Self.isDigit(last), index < haystack.count,
          Self.isDigit(haystack[index])
        {
          continue
        }
      }
      return true
    }
    return false
  }

  private static func isSeparator(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x2D || byte == 0x5F
  }

  private static func isDigit(_ byte: UInt8) -> Bool { byte >= 0x30 && byte <= 0x39 }

  private static func isASCII(_ text: inout String) -> Bool {
    text.withUTF8 { $0.allSatisfy { $0 < 0x80 } }
  }
}
