import TerminalKit

/// The editing keys of a one-line prompt in the status line (the filter, "go to date"):
/// a character goes in, Backspace takes the last one out, Ctrl-U empties it.
enum PromptText {
  /// `text` after `key`, nil when `key` is no editing key (Enter, Esc, a move: the
  /// prompt's own to handle).
  static func edited(_ text: String, by key: Key) -> String? {
    switch key {
    case .character(let character): text + String(character)
    case .backspace: String(text.dropLast())
    case .control("u"): ""
    default: nil
    }
  }
}
