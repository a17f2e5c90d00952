import TerminalKit

/// The editing keys of a one-line prompt in the status line (the filter, "go to date"):
/// a character goes in, Backspace takes the last one out, Ctrl-W the last word (up to a
/// space or a `/`, as a path is edited), Ctrl-U empties it.
enum PromptText {
  /// `text` after `key`, nil when `key` is no editing key (Enter, Esc, a move: the
  /// prompt's own to handle).
  static func edited(_ text: String, by key: Key) -> String? {
    switch key {
    case .character(let character): text + String(character)
    case .backspace: String(text.dropLast())
    case .control("u"): ""
    case .control("w"): withoutLastWord(text)
    default: nil
    }
  }

  /// `text` without its last word and the separators after it: `~/Albums/2025` gives
  /// `~/Albums/`, `~/Albums/` gives `~/`.
  static func withoutLastWord(_ text: String) -> String {
    let separators: Set<Character> = [" ", "/"]
    var kept = Substring(text)
    while let last = kept.last, separators.contains(last) { kept.removeLast() }
    while let last = kept.last, !separators.contains(last) { kept.removeLast() }
    return String(kept)
  }
}
