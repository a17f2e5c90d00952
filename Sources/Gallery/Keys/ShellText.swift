/// Small readings of shell text: a word's value, whether it holds a placeholder, and
/// quoting.
enum ShellText {
  /// The value of the one word `written` once the shell has taken its quotes away; nil
  /// when the shell would expand something in it (`$`, a backquote, a pattern) or a
  /// quote is left open.
  static func literalValue(_ written: String) -> String? {
    let characters = Array(written)
    var value = ""
    var quote: Character?
    var index = 0
    while index < characters.count {
      let character = characters[index]
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      switch quote {
      case nil:
        if character == "'" || character == "\"" {
          quote = character
        } else if character == "\\" {
          if let next, next != "\n" { value.append(next) }
          index += 1
        } else if "$`*?[".contains(character) {
          return nil
        } else {
          value.append(character)
        }
      case "'":
        if character == "'" { quote = nil } else { value.append(character) }
      default:
        if character == "\"" {
          quote = nil
        } else if character == "\\", let next, "$`\"\\\n".contains(next) {
          if next != "\n" { value.append(next) }
          index += 1
        } else if character == "$" || character == "`" {
          return nil
        } else {
          value.append(character)
        }
      }
      index += 1
    }
    return quote == nil ? value : nil
  }

  /// Whether `text` holds `%f`, `%d` or `%m` (not `%%f`).
  static func hasPlaceholder<Text: Sequence<Character>>(_ text: Text) -> Bool {
    var characters = text.makeIterator()
    while let character = characters.next() {
      guard character == "%" else { continue }
      if let next = characters.next(), "fdm".contains(next) { return true }
    }
    return false
  }

  /// Whether `text` refers to a path, by placeholder, by the variables the script sets
  /// or by its arguments (`$@`, `$1`): code made up from it could hold a file name.
  static func refersToPaths(_ text: String) -> Bool {
    if hasPlaceholder(text) || text.contains("gallery_") { return true }
    let characters = Array(text)
    for (index, character) in characters.enumerated() where character == "$" {
      var next = index + 1 < characters.count ? characters[index + 1] : nil
      if next == "{", index + 2 < characters.count { next = characters[index + 2] }
      if let next, next == "@" || next == "*" || next.isNumber { return true }
    }
    return false
  }

  /// Whether `written` sets a variable named in capitals (`PAGER=…`, `BASH_ENV=…`): the
  /// environment's, which programs and shells may read as a command (`PS4`, `LESSOPEN`).
  static func setsEnvironmentVariable(_ written: String) -> Bool {
    guard let equals = written.firstIndex(of: "="), equals != written.startIndex else {
      return false
    }
    let name = written[..<equals]
    return name.first?.isNumber == false
      && name.allSatisfy { $0 == "_" || ($0.isASCII && ($0.isUppercase || $0.isNumber)) }
  }

  /// Whether `written` is one placeholder and nothing else, a word of its own (bare or
  /// alone in quotes).
  static func isBarePlaceholder(_ written: String) -> Bool {
    ["%f", "%d", "%m"].contains { placeholder in
      [placeholder, "\"\(placeholder)\"", "'\(placeholder)'"].contains(written)
    }
  }

  /// `text` as one single-quoted word of the shell: each `'` in it closed, escaped and
  /// opened again.
  static func singleQuoted(_ text: String) -> String {
    var quoted = "'"
    for character in text {
      if character == "'" { quoted += "'\\''" } else { quoted.append(character) }
    }
    return quoted + "'"
  }
}
