/// One word of a query's text: what stands between spaces, quotes taken off.
///
/// A quote runs to the next quote (or to the end of the text, while it is being typed)
/// and keeps what is in it as it is: spaces, operators, `|` and `-` are then text
/// (`lens:"XF 35"`, `"-draft"`). In quotes, `\"` is a quote and `\\` a backslash; any
/// other backslash stays, so a name's escaped byte (`caf\xe9`) is typed as shown.
struct QueryWord {
  /// One character of the word, whether it was in quotes, and where it is in the text.
  struct Letter {
    let character: Character
    let isQuoted: Bool
    let range: Range<String.Index>

    /// Whether it is `character` outside quotes, where it has a meaning.
    func isBare(_ character: Character) -> Bool { !isQuoted && self.character == character }
  }

  /// The characters, quotes and escapes taken off.
  let letters: ArraySlice<Letter>
  /// Where the word is in the text, quotes included.
  let range: Range<String.Index>

  /// The words of `text`, split at spaces outside quotes.
  static func words(of text: String) -> [QueryWord] {
    var words: [QueryWord] = []
    var letters: [Letter] = []
    var start: String.Index?
    var quoted = false
    var index = text.startIndex
    func close(at end: String.Index) {
      if let start { words.append(QueryWord(letters: letters[...], range: start..<end)) }
      start = nil
      letters = []
    }
    while index < text.endIndex {
      let character = text[index]
      let next = text.index(after: index)
      if !quoted && character.isWhitespace {
        close(at: index)
      } else {
        if start == nil { start = index }
        if character == "\"" {
          quoted.toggle()
        } else if quoted, character == "\\", next < text.endIndex,
          text[next] == "\"" || text[next] == "\\"
        {
          let after = text.index(after: next)
          letters.append(Letter(character: text[next], isQuoted: true, range: index..<after))
          index = after
          continue
        } else {
          letters.append(Letter(character: character, isQuoted: quoted, range: index..<next))
        }
      }
      index = next
    }
    close(at: text.endIndex)
    return words
  }

  /// The text of `letters`.
  static func text(_ letters: ArraySlice<Letter>) -> String {
    String(letters.map(\.character))
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
    let plain =
      !text.isEmpty
      && !text.contains { $0.isWhitespace || $0 == "\"" || (!asName && $0 == "|") }
      && !(asName && (text.hasPrefix("-") || looksLikeField(text)))
    guard !plain else { return text }
    var escaped = "\""
    for character in text {
      if character == "\"" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped + "\""
  }

  /// Whether bare `text` starts with letters and an operator, as a field term does.
  private static func looksLikeField(_ text: String) -> Bool {
    let name = text.prefix { $0.isASCII && $0.isLetter }
    guard let operatorCharacter = text.dropFirst(name.count).first else { return false }
    return !name.isEmpty && ":=<>".contains(operatorCharacter)
  }
}
