/// The placeholders of a user's command (`%f`, `%d`, `%m`, `%%`) turned into quoted
/// references to the paths, for whatever quotes they stand in.
///
/// The paths never become shell code: they reach the script as its arguments, and the
/// script refers to them by variable (`gallery_focused`, `gallery_folder`, exported) and
/// by `"$@"`. What a placeholder turns into depends on where it stands:
///
/// - bare: `"$gallery_focused"`, one word;
/// - inside single quotes: the quote closed, `"$gallery_focused"`, the quote opened
///   again (`'file: %f'` is `'file: '"$gallery_focused"''`), so the words around it stay
///   as written;
/// - inside double quotes: `${gallery_focused}`;
/// - inside a script for another shell (the argument after `sh -c`, `bash -c`, …): that
///   shell reads it as code, so the script is rewritten by the same rules for its own
///   quotes, with references the other shell expands from the exported variables, and
///   handed over in single quotes. A path written into a script would be read as code.
///
/// What cannot be said safely is refused (a `Problem`), when the configuration is read:
/// `%m` inside such a script (one variable cannot carry several paths), a placeholder in
/// such a script that the first shell would expand itself (`sh -c "… %f $x"`), and a
/// quote left open.
enum CommandPlaceholders {
  /// The quotes a character stands in.
  private enum Quote {
    case none, single, double
  }

  /// The shells whose `-c` argument is a script.
  private static let shells: Set<String> = [
    "sh", "bash", "dash", "zsh", "ksh", "mksh", "ash", "yash", "busybox",
  ]

  /// `line` with its placeholders replaced; `inScript` when `line` is the script another
  /// shell runs (inside `sh -c '…'`).
  static func expand(_ line: String, inScript: Bool = false) throws(UserCommand.Problem) -> String {
    let characters = Array(line)
    var output = ""
    var quote = Quote.none
    // The words of the simple command so far, as written (quotes kept), and the one
    // being read: enough to know the argument after `sh -c`.
    var words: [String] = []
    var word: String?
    var index = 0
    func endWord() {
      if let finished = word { words.append(finished) }
      word = nil
    }
    while index < characters.count {
      let character = characters[index]
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      switch quote {
      case .single:
        if character == "'" { quote = .none }
        if character == "%", let next, let reference = try reference(next, .single, inScript) {
          output += reference
          word? += "%\(next)"
          index += 2
          continue
        }
        output.append(character)
        word?.append(character)
        index += 1
      case .double:
        if character == "\\", let next {
          output += "\\\(next)"
          word? += "\\\(next)"
          index += 2
          continue
        }
        if character == "\"" { quote = .none }
        if character == "%", let next, let reference = try reference(next, .double, inScript) {
          output += reference
          word? += "%\(next)"
          index += 2
          continue
        }
        output.append(character)
        word?.append(character)
        index += 1
      case .none:
        if word == nil, !Self.endsWord(character), Self.isScriptArgument(after: words) {
          let (end, value) = Self.scanWord(characters, from: index)
          let written = String(characters[index..<end])
          if let value {
            output += Self.singleQuoted(try expand(value, inScript: true))
            word = written
            index = end
            continue
          }
          if Self.hasPlaceholder(written) { throw .scriptExpandsItself }
        }
        if Self.endsWord(character) {
          endWord()
          // A new simple command: its own words.
          if ";&|()\n".contains(character) { words = [] }
          output.append(character)
          index += 1
          continue
        }
        if word == nil { word = "" }
        if character == "\\" {
          // Escaped: the next character is itself, a `%` too.
          output.append(character)
          word?.append(character)
          if let next {
            output.append(next)
            word?.append(next)
          }
          index += 2
          continue
        }
        if character == "'" { quote = .single }
        if character == "\"" { quote = .double }
        if character == "%", let next, let reference = try reference(next, .none, inScript) {
          output += reference
          word? += "%\(next)"
          index += 2
          continue
        }
        output.append(character)
        word?.append(character)
        index += 1
      }
    }
    guard quote == .none else { throw .unclosedQuote }
    return output
  }

  /// What `%` followed by `letter` turns into within `quote`; nil when it is no
  /// placeholder (the `%` stays as written).
  private static func reference(_ letter: Character, _ quote: Quote, _ inScript: Bool)
    throws(UserCommand.Problem) -> String?
  {
    let variable: String
    switch letter {
    case "%": return "%"
    case "f": variable = "gallery_focused"
    case "d": variable = "gallery_folder"
    case "m":
      guard !inScript else { throw .listInScript }
      switch quote {
      case .none: return "\"$@\""
      case .single: return "'\"$@\"'"
      case .double: return "$@"
      }
    default: return nil
    }
    switch quote {
    case .none: return "\"$\(variable)\""
    case .single: return "'\"$\(variable)\"'"
    case .double: return "${\(variable)}"
    }
  }

  /// Whether an unquoted `character` ends a word: a blank or an operator.
  private static func endsWord(_ character: Character) -> Bool {
    " \t\n;&|()<>".contains(character)
  }

  /// Whether the next word is a script another shell runs: the word before it is `-c`
  /// (or a cluster of short options ending in `c`: `-ec`), after a shell's name.
  private static func isScriptArgument(after words: [String]) -> Bool {
    guard let option = words.last, option.count >= 2, option.first == "-", option.last == "c",
      option.dropFirst().allSatisfy({ $0.isLetter && $0.isASCII })
    else { return false }
    return words.dropLast().contains { word in
      let name = word.split(separator: "/").last.map(String.init) ?? word
      return shells.contains(name)
    }
  }

  /// The word starting at `start`: where it ends, and its value once the shell has taken
  /// its quotes away, nil when the shell would expand something in it (`$`, a backquote,
  /// a pattern) or a quote is left open.
  private static func scanWord(_ characters: [Character], from start: Int) -> (
    end: Int, value: String?
  ) {
    var value: String? = ""
    var quote = Quote.none
    var index = start
    while index < characters.count {
      let character = characters[index]
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      switch quote {
      case .none:
        if endsWord(character) { return (index, value) }
        if character == "'" {
          quote = .single
        } else if character == "\"" {
          quote = .double
        } else if character == "\\" {
          if let next, next != "\n" { value?.append(next) }
          index += 1
        } else if "$`*?[".contains(character) {
          value = nil
        } else {
          value?.append(character)
        }
      case .single:
        if character == "'" { quote = .none } else { value?.append(character) }
      case .double:
        if character == "\"" {
          quote = .none
        } else if character == "\\", let next, "$`\"\\\n".contains(next) {
          if next != "\n" { value?.append(next) }
          index += 1
        } else if character == "$" || character == "`" {
          value = nil
        } else {
          value?.append(character)
        }
      }
      index += 1
    }
    return (index, quote == .none ? value : nil)
  }

  /// Whether `text` holds `%f`, `%d` or `%m` (not `%%f`).
  private static func hasPlaceholder(_ text: String) -> Bool {
    var characters = text.makeIterator()
    while let character = characters.next() {
      guard character == "%" else { continue }
      if let next = characters.next(), "fdm".contains(next) { return true }
    }
    return false
  }

  /// `text` as one single-quoted word of the shell: each `'` in it closed, escaped and
  /// opened again.
  private static func singleQuoted(_ text: String) -> String {
    var quoted = "'"
    for character in text {
      if character == "'" { quoted += "'\\''" } else { quoted.append(character) }
    }
    return quoted + "'"
  }
}
