/// One word of a query's text: what stands between spaces, quotes taken off.
///
/// A quote runs to the next quote (or to the end of the text, while it is being typed)
/// and keeps what is in it as it is: spaces, operators, `|` and `-` are then text
/// (`lens:"XF 35"`, `"-draft"`). In quotes, `\"` is a quote and `\\` a backslash; any
/// other backslash stays, so a name's escaped byte (`caf\xe9`) is typed as shown.
///
/// Read by Unicode scalars, not characters: a combining accent typed after a space or a
/// quote would otherwise make one character with it, and the space would stop splitting
/// or the quote quoting.
struct QueryWord {
  /// One scalar of the word, whether it was in quotes, and where it is in the text.
  struct Letter {
    let scalar: Unicode.Scalar
    let isQuoted: Bool
    let range: Range<String.Index>

    /// Whether it is `scalar` outside quotes, where it has a meaning.
    func isBare(_ scalar: Unicode.Scalar) -> Bool { !isQuoted && self.scalar == scalar }

    /// Whether it is an ASCII letter outside quotes: a field's name is made of them.
    var isBareLetter: Bool { !isQuoted && Self.isASCIILetter(scalar) }

    static func isASCIILetter(_ scalar: Unicode.Scalar) -> Bool {
      ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
  }

  /// The scalars, quotes and escapes taken off.
  let letters: ArraySlice<Letter>
  /// Where the word is in the text, quotes included.
  let range: Range<String.Index>

  /// The words of `text`, split at white space outside quotes.
  static func words(of text: String) -> [QueryWord] {
    let scalars = text.unicodeScalars
    var words: [QueryWord] = []
    var letters: [Letter] = []
    var start: String.Index?
    var quoted = false
    var index = scalars.startIndex
    func close(at end: String.Index) {
      if let start { words.append(QueryWord(letters: letters[...], range: start..<end)) }
      start = nil
      letters = []
    }
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let next = scalars.index(after: index)
      if !quoted && scalar.properties.isWhitespace {
        close(at: index)
      } else {
        if start == nil { start = index }
        if scalar == "\"" {
          quoted.toggle()
        } else if quoted, scalar == "\\", next < scalars.endIndex,
          scalars[next] == "\"" || scalars[next] == "\\"
        {
          let after = scalars.index(after: next)
          letters.append(Letter(scalar: scalars[next], isQuoted: true, range: index..<after))
          index = after
          continue
        } else {
          letters.append(Letter(scalar: scalar, isQuoted: quoted, range: index..<next))
        }
      }
      index = next
    }
    close(at: scalars.endIndex)
    return words
  }

  /// The text of `letters`.
  static func text(_ letters: ArraySlice<Letter>) -> String {
    var text = String.UnicodeScalarView()
    text.append(contentsOf: letters.map(\.scalar))
    return String(text)
  }

  /// Where `letters` are in the text; `fallback` when there are none.
  static func range(
    of letters: ArraySlice<Letter>, or fallback: Range<String.Index>
  ) -> Range<String.Index> {
    guard let first = letters.first, let last = letters.last else { return fallback }
    return first.range.lowerBound..<last.range.upperBound
  }

  /// `text` as a query writes it: as it is when it reads back the same, else in quotes
  /// with its quotes and backslashes escaped. `asName` quotes also what would read as a
  /// field, an operator or a negation.
  static func quoted(_ text: String, asName: Bool) -> String {
    let scalars = text.unicodeScalars
    let plain =
      !scalars.isEmpty
      && !scalars.contains { $0.properties.isWhitespace || $0 == "\"" || (!asName && $0 == "|") }
      && !(asName && (scalars.first == "-" || looksLikeField(scalars)))
    guard !plain else { return text }
    var escaped = String.UnicodeScalarView()
    escaped.append("\"")
    for scalar in scalars {
      if scalar == "\"" || scalar == "\\" { escaped.append("\\") }
      escaped.append(scalar)
    }
    escaped.append("\"")
    return String(escaped)
  }

  /// Whether bare `scalars` start with letters and an operator, as a field term does.
  private static func looksLikeField(_ scalars: String.UnicodeScalarView) -> Bool {
    let name = scalars.prefix(while: Letter.isASCIILetter)
    guard let operatorScalar = scalars.dropFirst(name.count).first else { return false }
    return !name.isEmpty && ":=<>".unicodeScalars.contains(operatorScalar)
  }
}
