extension Key {
  /// The key a person names in a configuration file: one character as itself (`g`, `G`,
  /// `/`), or a name as `description` writes it (`space`, `enter`, `escape`, `tab`,
  /// `shift-tab`, `backspace`, `up`, `pagedown`, `home`, `f5`, `ctrl-l`). Names are
  /// case-insensitive and take the usual short forms (`esc`, `return`, `pgup`, `pgdn`,
  /// `del`, `ins`, `c-l`); nil for anything else.
  public init?(name: String) {
    if name.count == 1, let character = name.first {
      guard let key = Self.printable(character) else { return nil }
      self = key
      return
    }
    let lower = name.lowercased()
    if let key = Self.named[lower] {
      self = key
      return
    }
    for prefix in ["ctrl-", "ctrl+", "c-", "^"] where lower.hasPrefix(prefix) {
      let rest = lower.dropFirst(prefix.count)
      guard rest.count == 1, let letter = rest.first, letter >= "a", letter <= "z" else {
        return nil
      }
      guard let value = letter.asciiValue,
        let key = Key.fromControlCode(UInt32(value - 0x60))
      else { return nil }
      self = key
      return
    }
    if lower.hasPrefix("f"), let number = Int(lower.dropFirst()), (1...63).contains(number) {
      self = .function(number)
      return
    }
    return nil
  }

  /// A single character as the key it types: printable characters only (a control
  /// character has a name, such as `ctrl-g` or `tab`).
  private static func printable(_ character: Character) -> Key? {
    guard let scalar = character.unicodeScalars.first,
      scalar.properties.generalCategory != .control
    else { return nil }
    return .character(character)
  }

  private static let named: [String: Key] = [
    "space": .character(" "), "enter": .enter, "return": .enter, "escape": .escape,
    "esc": .escape, "tab": .tab, "shift-tab": .backTab, "backtab": .backTab,
    "backspace": .backspace, "up": .up, "down": .down, "left": .left, "right": .right,
    "pageup": .pageUp, "pgup": .pageUp, "page-up": .pageUp, "pagedown": .pageDown,
    "pgdn": .pageDown, "page-down": .pageDown, "home": .home, "end": .end, "insert": .insert,
    "ins": .insert, "delete": .delete, "del": .delete,
  ]
}
