import TerminalKit

/// The keys a configuration file names by a word (`bind pagedown = last`), for the man
/// page and the guide: the names come from `Key.description`, the words `Key(name:)`
/// reads back. Characters, `ctrl-a` to `ctrl-z` and `f1` to `f63` are told as ranges.
enum KeyNames {
  /// The keys with a name of their own, in the order the man page lists them.
  static let named: [Key] = [
    .character(" "), .enter, .escape, .tab, .backTab, .backspace, .up, .down, .left, .right,
    .pageUp, .pageDown, .home, .end, .insert, .delete,
  ]

  /// Whether the lists tell `key`: by its name, or in a range (a character, a control
  /// letter, a function key).
  static func tells(_ key: Key) -> Bool {
    switch key {
    case .character(" "): named.contains(key)
    case .character, .function: true
    case .control(let letter): letter >= "a" && letter <= "z"
    default: named.contains(key)
    }
  }

  /// The sentence of the man page and the guide (markup of `OptionSpec.manual`).
  static var manual: String {
    let names = named.map { "**\($0)**" }.joined(separator: ", ")
    return """
      A key is one character (**g**, **G**, **/**, **!**) or a name: \(names), **f1** to \
      **f63**, **ctrl-a** to **ctrl-z**.
      """
  }
}
