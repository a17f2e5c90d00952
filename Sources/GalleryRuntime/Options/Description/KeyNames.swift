import TerminalKit

/// The keys a configuration file names by a word (`bind pagedown = last`), for the man
/// page and the guide, from TerminalKit's own table (`Key.nameTable`): the names
/// `description` writes and `Key(name:)` reads back. Characters, `ctrl-a` to `ctrl-z` and
/// `f1` to `f63` are told as ranges.
enum KeyNames {
  /// The keys with a name of their own, in the order the man page lists them.
  static var named: [Key] { Key.nameTable.map(\.key) }

  /// Whether the lists tell `key`: by its name, or in a range (a character, a control
  /// letter, a function key).
  static func tells(_ key: Key) -> Bool {
    switch key {
    case .character(" "): named.contains(key)
    case .character: true
    case .function(let number): (1...63).contains(number)
    case .control(let letter): letter >= "a" && letter <= "z"
    case .up, .down, .left, .right, .pageUp, .pageDown, .home, .end, .insert, .delete, .tab,
      .backTab, .enter, .escape, .backspace:
      named.contains(key)
    }
  }

  /// The sentence of the man page's `bind` (markup of `OptionSpec.manual`).
  static var manual: String {
    let names = named.map { "**\($0)**" }.joined(separator: ", ")
    return """
      A key is one character (**g**, **G**, **/**, **!**) or a name: \(names), **f1** to \
      **f63**, **ctrl-a** to **ctrl-z**.
      """
  }

  /// The guide's paragraph (its generated KEYS region, markup): every name with its
  /// short forms.
  static var guide: String {
    let names = Key.nameTable.map { entry in
      let own = "**\(entry.names[0])**"
      let others = entry.names.dropFirst().map { "**\($0)**" }
      return others.isEmpty ? own : own + " (" + others.joined(separator: ", ") + ")"
    }
    let control = Key.controlPrefixes.dropFirst().map { "**\($0)x**" }
    let first = Key.controlPrefixes.first ?? ""
    return """
      Keys are named as one character (**g**, **G**, **/**, **!**) or by name, in any \
      case: \(names.joined(separator: ", ")), **f1**…**f63**, **\(first)a**…**\(first)z** \
      (\(control.joined(separator: ", "))).
      """
  }
}
