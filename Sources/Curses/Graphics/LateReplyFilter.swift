import CNcursesw
import TerminalKit

/// Keeps terminal answers that arrive after detection (a slow link, the
/// `CSI 16 t` asked after a resize) away from the keys.
///
/// ncurses decodes keys it knows (`ESC [ A` is `KEY_UP`) and hands back
/// anything else byte by byte, starting with a bare Escape. So an answer always
/// starts as an Escape from `wget_wch`: the filter then reads on (waiting at
/// most `patience` for the rest of a split answer) and gives the bytes to a
/// `TerminalReplyParser`. An answer is swallowed; anything else is pushed back
/// with `unget_wch` (so ncurses hands out the same characters as before) and
/// the Escape is a key.
@MainActor
struct LateReplyFilter {
  /// How long to wait for the rest of an answer, in milliseconds.
  static let patience: Int32 = 30

  /// After an Escape from `wget_wch`: the answer it starts, or nil when it is
  /// a key (its followers are back in ncurses' queue).
  static func takeReply() -> TerminalReply? {
    var parser = TerminalReplyParser()
    var taken: [wint_t] = []
    var pieces = parser.feed([0x1B])
    wtimeout(gallery_stdscr(), patience)
    defer { wtimeout(gallery_stdscr(), 0) }
    while pieces.isEmpty {
      var value: wint_t = 0
      let result = wget_wch(gallery_stdscr(), &value)
      // A decoded key or nothing more: not an answer. A character beyond ASCII goes on as
      // its UTF-8 (kitty's error text is in its locale's language).
      guard result == gallery_ok(), let scalar = Unicode.Scalar(UInt32(value)) else {
        if result != gallery_err() { pushBack([value], keyCode: result == gallery_key_code_yes()) }
        pushBack(taken)
        return nil
      }
      taken.append(value)
      pieces = parser.feed(Array(String(Character(scalar)).utf8))
    }
    if case .reply(let reply) = pieces.first { return reply }
    pushBack(taken)
    return nil
  }

  /// Puts characters back in ncurses' queue, first one first out.
  private static func pushBack(_ values: [wint_t], keyCode: Bool = false) {
    for value in values.reversed() {
      if keyCode {
        _ = ungetch(Int32(bitPattern: UInt32(value)))
      } else {
        _ = unget_wch(wchar_t(bitPattern: UInt32(value)))
      }
    }
  }
}
