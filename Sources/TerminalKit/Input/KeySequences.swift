/// The escape sequences terminals send for the cursor, page and function keys, in the
/// variants found in the wild: CSI and SS3 forms of the arrows, Home and End as
/// `CSI H`/`CSI F`, `SS3 H`/`SS3 F`, `CSI 1~`/`CSI 4~` (VT220, tmux, screen) and
/// `CSI 7~`/`CSI 8~` (rxvt), and so on.
///
/// A terminfo entry names one variant per key, and a terminal (or tmux inside it) may
/// send another: under `TERM=xterm-256color` inside tmux, End arrives as `CSI 4~`, which
/// xterm's entry does not know. The terminal backend teaches its key decoder every
/// sequence here that the entry leaves unbound, so keys arrive the same whatever `TERM`
/// claims.
public struct KeySequence: Hashable, Sendable {
  /// The bytes, starting with ESC.
  public let bytes: String
  /// The key they stand for.
  public let key: Key

  public init(_ bytes: String, _ key: Key) {
    self.bytes = bytes
    self.key = key
  }

  /// Every variant, in no particular order; no sequence is a prefix of another.
  public static let common: [KeySequence] = {
    var list: [KeySequence] = []
    // Arrows: normal (CSI) and application (SS3) cursor modes.
    for (final, key) in [("A", Key.up), ("B", .down), ("C", .right), ("D", .left)] {
      list.append(KeySequence("\u{1B}[" + final, key))
      list.append(KeySequence("\u{1B}O" + final, key))
    }
    for (final, key) in [("H", Key.home), ("F", .end)] {
      list.append(KeySequence("\u{1B}[" + final, key))
      list.append(KeySequence("\u{1B}O" + final, key))
    }
    // The VT220 editing keypad, with rxvt's Home and End.
    let tilde: [(Int, Key)] = [
      (1, .home), (2, .insert), (3, .delete), (4, .end), (5, .pageUp), (6, .pageDown),
      (7, .home), (8, .end),
    ]
    for (number, key) in tilde { list.append(KeySequence("\u{1B}[\(number)~", key)) }
    list.append(KeySequence("\u{1B}[Z", .backTab))
    // The keypad's Enter in application mode.
    list.append(KeySequence("\u{1B}OM", .enter))
    // F1–F4 as SS3 P–S (xterm) and CSI 11~–14~ (rxvt, VT220); F5–F12.
    for (index, final) in ["P", "Q", "R", "S"].enumerated() {
      list.append(KeySequence("\u{1B}O" + final, .function(index + 1)))
      list.append(KeySequence("\u{1B}[\(11 + index)~", .function(index + 1)))
    }
    for (number, code) in [
      (5, 15), (6, 17), (7, 18), (8, 19), (9, 20), (10, 21), (11, 23), (12, 24),
    ] {
      list.append(KeySequence("\u{1B}[\(code)~", .function(number)))
    }
    return list
  }()
}
