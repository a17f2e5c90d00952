/// Text's blank ends taken off, in plain Swift: FoundationEssentials has no
/// `trimmingCharacters(in:)` (its character sets' Unicode data come with ICU).
extension StringProtocol {
  /// The text without the spaces and tabs at its ends (Unicode's space separators, as
  /// Foundation's `.whitespaces`); line breaks stay.
  package func trimmingSpaces() -> String {
    trimming {
      $0.unicodeScalars.allSatisfy {
        $0 == "\t" || $0.properties.generalCategory == .spaceSeparator
      }
    }
  }

  /// The text without the white space at its ends, line breaks too (`.whitespacesAndNewlines`).
  package func trimmingWhitespace() -> String {
    trimming(\.isWhitespace)
  }

  private func trimming(_ isBlank: (Character) -> Bool) -> String {
    guard let first = firstIndex(where: { !isBlank($0) }),
      let last = lastIndex(where: { !isBlank($0) })
    else { return "" }
    return String(self[first...last])
  }
}
