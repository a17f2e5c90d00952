import FoundationEssentials
import Glibc
import TerminalKit

/// The small markup of the command line's descriptions (`OptionSpec.manual`) turned into
/// the man page's roff or plain text.
///
/// `**word**` is typed as it is (bold), `*word*` is filled in by the user (italic); a
/// blank line starts a new paragraph. In roff every dash is `\-` (a minus, as options
/// are typed), every backslash `\e`, a character beyond ASCII `\[uXXXX]`, and each
/// sentence starts a new line, as man pages are written; lines are wrapped at
/// `lineWidth` between words, and one that would start with a dot or a quote is guarded
/// with `\&`.
package enum ManualText {
  /// The columns a line of roff is wrapped at.
  static let lineWidth = 78

  /// `text` in roff: fonts as `\fB…\fR` and `\fI…\fR`, a paragraph a `.PP` apart.
  package static func roff(_ text: String) -> String {
    paragraphs(of: text).map { paragraph in
      sentences(of: paragraph).flatMap { sentence in
        wrapped(inline(sentence)).map {
          $0.hasPrefix(".") || $0.hasPrefix("'") ? "\\&" + $0 : $0
        }
      }.joined(separator: "\n")
    }.joined(separator: "\n.PP\n")
  }

  /// One line of markup as roff's inline text: escaped, with font switches; for a
  /// `.TP` tag.
  static func inline(_ text: String) -> String {
    fonts(escaped(text), bold: "\\fB", italic: "\\fI", end: "\\fR")
  }

  /// `line` cut between words so each piece has at most `lineWidth` characters (a
  /// longer word stays whole).
  static func wrapped(_ line: String) -> [String] {
    var lines: [String] = []
    var current = ""
    for word in line.split(separator: " ", omittingEmptySubsequences: true) {
      if !current.isEmpty, current.count + 1 + word.count > lineWidth {
        lines.append(current)
        current = ""
      }
      current += current.isEmpty ? String(word) : " " + word
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// `text` without its markup, on one line a paragraph.
  package static func plain(_ text: String) -> String {
    paragraphs(of: text).map { fonts($0, bold: "", italic: "", end: "") }
      .joined(separator: "\n\n")
  }

  /// The paragraphs: runs of lines between blank ones, each joined into one line.
  static func paragraphs(of text: String) -> [String] {
    text.components(separatedBy: "\n\n").map {
      $0.split(separator: "\n").map { $0.trimmingSpaces() }
        .joined(separator: " ")
    }.filter { !$0.isEmpty }
  }

  /// A paragraph cut after each sentence (". " before a capital letter or a markup
  /// span), so roff ends each sentence with a line.
  static func sentences(of paragraph: String) -> [String] {
    var lines: [String] = []
    var current = ""
    let characters = Array(paragraph)
    var index = 0
    while index < characters.count {
      current.append(characters[index])
      if characters[index] == ".", index + 2 < characters.count, characters[index + 1] == " ",
        characters[index + 2].isUppercase || characters[index + 2] == "*"
      {
        lines.append(current)
        current = ""
        index += 2
        continue
      }
      index += 1
    }
    if !current.isEmpty { lines.append(current) }
    return lines
  }

  /// Backslashes, dashes and characters beyond ASCII as roff writes them.
  static func escaped(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\e"
      case "-": result += "\\-"
      case _ where !scalar.isASCII:
        let hex = String(scalar.value, radix: 16, uppercase: true)
        result += "\\[u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + "]"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// `text` in Markdown, on one line a paragraph: what is typed as it is in code spans,
  /// what is filled in in italics.
  static func markdown(_ text: String) -> String {
    paragraphs(of: text).map {
      fonts($0, bold: { "`\($0)`" }, italic: { "*\($0)*" })
    }.joined(separator: "\n\n")
  }

  /// `**…**` and `*…*` spans with the given font switches around them.
  static func fonts(_ text: String, bold: String, italic: String, end: String) -> String {
    fonts(text, bold: { bold + $0 + end }, italic: { italic + $0 + end })
  }

  /// `**…**` and `*…*` spans, each written as `bold` and `italic` make it.
  static func fonts(
    _ text: String, bold: (Substring) -> String, italic: (Substring) -> String
  ) -> String {
    var result = ""
    var rest = Substring(text)
    while !rest.isEmpty {
      if rest.hasPrefix("**"), let close = rest.dropFirst(2).firstRange(of: "**") {
        result += bold(rest[rest.index(rest.startIndex, offsetBy: 2)..<close.lowerBound])
        rest = rest[close.upperBound...]
      } else if rest.hasPrefix("*"), let close = rest.dropFirst().firstIndex(of: "*") {
        result += italic(rest[rest.index(after: rest.startIndex)..<close])
        rest = rest[rest.index(after: close)...]
      } else {
        result.append(rest.removeFirst())
      }
    }
    return result
  }
}
