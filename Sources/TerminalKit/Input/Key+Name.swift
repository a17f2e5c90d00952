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
    for prefix in Self.controlPrefixes where lower.hasPrefix(prefix) {
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

  /// The keys with a name of their own, in the order a list of them is written: each key
  /// with the names `init(name:)` reads as it, its own first (the one `description`
  /// writes), then the short forms. Characters, `ctrl-a` to `ctrl-z` (`controlPrefixes`)
  /// and `f1` to `f63` are named by rule, not here.
  public static let nameTable: [(key: Key, names: [String])] = [
    (.character(" "), ["space"]), (.enter, ["enter", "return"]), (.escape, ["escape", "esc"]),
    (.tab, ["tab"]), (.backTab, ["shift-tab", "backtab"]), (.backspace, ["backspace"]),
    (.up, ["up"]), (.down, ["down"]), (.left, ["left"]), (.right, ["right"]),
    (.pageUp, ["pageup", "pgup", "page-up"]), (.pageDown, ["pagedown", "pgdn", "page-down"]),
    (.home, ["home"]), (.end, ["end"]), (.insert, ["insert", "ins"]),
    (.delete, ["delete", "del"]),
  ]

  /// What `init(name:)` reads before a letter as Ctrl with it, the first as
  /// `description` writes it: `ctrl-l`, `ctrl+l`, `c-l`, `^l`.
  public static let controlPrefixes = ["ctrl-", "ctrl+", "c-", "^"]

  private static let named: [String: Key] = Dictionary(
    nameTable.flatMap { entry in entry.names.map { ($0, entry.key) } },
    uniquingKeysWith: { first, _ in first })
}
