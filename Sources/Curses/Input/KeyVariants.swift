import CNcursesw
import TerminalKit

/// Teaches ncurses' key decoder the common variants of the cursor, page and function
/// keys (`KeySequence.common`) that the terminfo entry in use does not name, so that a
/// terminal sending `CSI 4~` for End under `TERM=xterm-256color` (tmux does) still gives
/// End, not Escape and three characters.
///
/// Uses ncurses' `define_key`, which adds a sequence to the decoder of the current
/// screen; a sequence the entry already binds (`key_defined` non-zero) is left alone, so
/// the entry always wins where it speaks.
enum KeyVariants {
  /// Adds the missing variants to the current screen's decoder.
  ///
  /// - Returns: the sequences added.
  @MainActor @discardableResult
  static func defineMissing() -> [KeySequence] {
    var added: [KeySequence] = []
    for variant in KeySequence.common {
      guard let code = code(for: variant.key), key_defined(variant.bytes) == 0 else { continue }
      if define_key(variant.bytes, code) == gallery_ok() { added.append(variant) }
    }
    return added
  }

  /// The ncurses key code of `key`, nil for keys that are characters.
  static func code(for key: Key) -> Int32? {
    switch key {
    case .up: gallery_key_up()
    case .down: gallery_key_down()
    case .left: gallery_key_left()
    case .right: gallery_key_right()
    case .pageUp: gallery_key_ppage()
    case .pageDown: gallery_key_npage()
    case .home: gallery_key_home()
    case .end: gallery_key_end()
    case .insert: gallery_key_ic()
    case .delete: gallery_key_dc()
    case .backTab: gallery_key_btab()
    case .enter: gallery_key_enter()
    case .function(let number) where (1...63).contains(number):
      gallery_key_f0() + Int32(number)
    default: nil
    }
  }
}
