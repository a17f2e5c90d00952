@_spi(_Unicode) import Swift
import TerminalKit

/// The text typed after `/`: a picture is shown when its file name contains it.
///
/// Diacritics never count (`osaka` finds `Ōsaka-café.jpg`, and `cafe` finds it too), and
/// case smartly, as in vim and less: a filter in lower case ignores case; one with a
/// capital letter matches case exactly.
package struct NameFilter: Hashable, Sendable {
  /// What was typed.
  package let text: String
  /// Whether case must match: the text has an upper-case letter.
  package let isCaseSensitive: Bool
  /// The bytes looked for: the text, lower-cased unless case must match.
  private let needle: [UInt8]
  /// How `matches(asciiNames:)` answers, worked out once: it is asked per picture.
  private let inASCIINames: ASCIINamesAnswer

  /// No filter: every picture shows.
  package static let none = NameFilter("")

  package init(_ text: String) {
    self.text = text
    isCaseSensitive = text.contains { $0.isUppercase }
    let needle = Array(Self.folded(text, caseToo: !isCaseSensitive).utf8)
    self.needle = needle
    inASCIINames =
      needle.isEmpty
      ? .everyName
      : needle.contains(0)
        ? .askThePicture : needle.allSatisfy({ $0 < 0x80 }) ? .searched : .noName
  }

  /// How a needle is looked for in ASCII names.
  private enum ASCIINamesAnswer: Hashable, Sendable {
    /// Empty: every name matches.
    case everyName
    /// Other letters than ASCII: no ASCII name holds them.
    case noName
    /// Searched in the names' bytes.
    case searched
    /// A zero byte, which the names' ends would meet: the picture is asked.
    case askThePicture
  }

  /// `text` without its diacritics, lower-cased with `caseToo`: what is compared.
  ///
  /// Its canonical decomposition (NFD: `é` is `e` and U+0301) without the marks that sit
  /// on a letter (Unicode's nonspacing marks), as Foundation's `folding(options:)` did;
  /// in plain Swift, which has the decomposition (FoundationEssentials has no folding).
  static func folded(_ text: String, caseToo: Bool) -> String {
    var kept = String.UnicodeScalarView()
    for scalar in text._nfd where scalar.properties.generalCategory != .nonspacingMark {
      kept.append(scalar)
    }
    let folded = String(kept)
    return caseToo ? folded.lowercased() : folded
  }

  /// Whether there is no filter.
  package var isEmpty: Bool { text.isEmpty }

  /// Whether `name` contains the text. O(name × text); an ASCII name is compared as it
  /// is, without allocating, a name with other letters once folded. A name that is not
  /// UTF-8 is compared as it is shown, each such byte as `\xE9` (`caf\xe9` finds it).
  package func matches(_ name: String) -> Bool {
    guard !needle.isEmpty else { return true }
    // Most names are ASCII: their bytes are searched where the string keeps them.
    let inPlace = name.utf8.withContiguousStorageIfAvailable { bytes -> Bool? in
      guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
      return needle.withUnsafeBufferPointer {
        Self.contains(bytes, $0, foldingASCII: !isCaseSensitive)
      }
    }
    if let inPlace, let found = inPlace { return found }
    var name = name
    // An escape is not ASCII, so only a name with other letters is looked at for one.
    if !Self.isASCII(&name), PathBytes.hasEscapes(name) { name = TextSanitizer.sanitize(name) }
    if Self.isASCII(&name) {
      return name.withUTF8 { bytes in
        needle.withUnsafeBufferPointer {
          Self.contains(bytes, $0, foldingASCII: !isCaseSensitive)
        }
      }
    }
    return Array(Self.folded(name, caseToo: !isCaseSensitive).utf8).withUnsafeBufferPointer {
      bytes in
      needle.withUnsafeBufferPointer { Self.contains(bytes, $0, foldingASCII: false) }
    }
  }

  /// Whether the filter matches any of `names`, ASCII names each followed by a zero
  /// byte (`NameColumn`'s); nil when the text looked for holds a zero byte, which the
  /// names' ends would meet. Text of other letters is in no ASCII name.
  func matches(asciiNames names: UnsafeBufferPointer<UInt8>) -> Bool? {
    switch inASCIINames {
    case .everyName: return true
    case .noName: return false
    case .askThePicture: return nil
    case .searched:
      return needle.withUnsafeBufferPointer {
        Self.contains(names, $0, foldingASCII: !isCaseSensitive)
      }
    }
  }

  private static func isASCII(_ name: inout String) -> Bool {
    name.withUTF8 { $0.allSatisfy { $0 < 0x80 } }
  }

  /// Whether `needle` occurs in `haystack`; with `foldingASCII` the haystack's ASCII
  /// capitals count as small letters (the needle is already lower case).
  private static func contains(
    _ haystack: UnsafeBufferPointer<UInt8>, _ needle: UnsafeBufferPointer<UInt8>,
    foldingASCII: Bool
  ) -> Bool {
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) {
      var offset = 0
      while offset < needle.count {
        var byte = haystack[start + offset]
        if foldingASCII, byte >= 0x41, byte <= 0x5A { byte |= 0x20 }
        guard byte == needle[offset] else { break }
        offset += 1
      }
      if offset == needle.count { return true }
    }
    return false
  }
}
