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
/// - inside `$(…)` or backquotes: by the same rules, for the quotes inside them;
/// - inside a script for another shell (the argument after `sh -c`, `bash -ec --`,
///   `$SHELL -c`, `eval`'s arguments): that shell reads it as code, so the script is
///   rewritten by the same rules for its own quotes, with references the other shell
///   expands from the exported variables, and handed over in single quotes.
///
/// What cannot be said safely is refused (a `Problem`), when the configuration is read:
/// a placeholder in code another program reads (`CommandWords`), `%m` inside a script,
/// a placeholder in a script the first shell would expand itself (`sh -c "… %f $x"`),
/// inside `${…}` or `$((…))`, and a quote left open.
enum CommandPlaceholders {
  /// `line` with its placeholders replaced; `inScript` when `line` is the script another
  /// shell runs (inside `sh -c '…'`).
  /// `refersToPaths` when an enclosing line does (`ShellText.refersToPaths`).
  static func expand(_ line: String, inScript: Bool = false, refersToPaths: Bool = false)
    throws(UserCommand.Problem) -> String
  {
    var expander = PlaceholderExpander(
      characters: Array(line), inScript: inScript,
      refersToPaths: refersToPaths || ShellText.refersToPaths(line))
    try expander.commands(closer: nil)
    return expander.output
  }
}

/// One pass over a command line, each construct read by its own method: a list of
/// commands (at the top, in `$(…)`, in backquotes), a word, a quoted string.
private struct PlaceholderExpander {
  typealias Problem = UserCommand.Problem

  /// The quotes a placeholder stands in.
  enum Quote {
    case none, single, double
  }

  let characters: [Character]
  let inScript: Bool
  /// Whether the line (or one around it) refers to a path, so that code the shell makes
  /// up could hold a file name.
  let refersToPaths: Bool
  /// Whether a shell function is defined: it may read its arguments as code.
  var definesFunction = false
  var index = 0
  var output = ""

  private func peek(_ offset: Int) -> Character? {
    index + offset < characters.count ? characters[index + offset] : nil
  }

  /// Copies up to `count` characters as they are.
  private mutating func copy(_ count: Int = 1) {
    for _ in 0..<count where index < characters.count {
      output.append(characters[index])
      index += 1
    }
  }

  /// Commands up to `closer` (the `)` of `$(`, a backquote) or the end of the line.
  mutating func commands(closer: Character?) throws(Problem) {
    var words = CommandWords()
    var parentheses = 0
    // Whether a path was written before the command being read, whether that command
    // gets its input from a pipe, and whether a path is in its here-string: a path could
    // reach its input.
    var pathWritten = false
    var pathBefore = false
    var piped = false
    var hereStringFollows = false
    var pathInHereString = false
    func end(_ words: CommandWords) throws(Problem) {
      if (piped && pathBefore) || pathInHereString, let program = words.readsCodeFromInput {
        throw .codeFromInput(program: program)
      }
    }
    while let character = peek(0) {
      if character == closer, closer == "`" || parentheses == 0 {
        try end(words)
        copy()
        return
      }
      let previous = index > 0 ? characters[index - 1] : nil
      switch character {
      case " ", "\t":
        copy()
      case "&" where previous == ">" || previous == "<", "|" where previous == ">":
        copy()  // `2>&1`, `>|`: still a redirection
      case "\n", ";", "&", "|", "(", ")":
        try end(words)
        if character == "(" {
          parentheses += 1
          if !words.isEmpty { definesFunction = true }
        }
        if character == ")" { parentheses -= 1 }
        let isPipe = character == "|" && peek(1) != "|" && previous != "|"
        if character != "(" && character != ")" { piped = isPipe }
        pathBefore = pathWritten
        pathInHereString = false
        words = CommandWords()
        copy()
      case "<", ">":
        // `<<<`, `<<`: the word after is the input.
        if character == "<", previous == "<" { hereStringFollows = true }
        words.redirectionFollows()
        copy()
      case "#":
        // A comment, to the end of the line.
        while let next = peek(0), next != "\n" { copy() }
      default:
        if try word(&words, closer: closer) {
          pathWritten = true
          if hereStringFollows { pathInHereString = true }
        }
        hereStringFollows = false
      }
    }
    try end(words)
    if closer != nil { throw .unclosedQuote }
  }

  /// One word, then what the program that gets it makes of its placeholders; whether it
  /// holds one.
  private mutating func word(_ words: inout CommandWords, closer: Character?) throws(Problem)
    -> Bool
  {
    let start = index
    let before = output
    while let character = peek(0), !" \t\n;&|()<>".contains(character), character != closer {
      switch character {
      case "\\": copy(2)
      case "'": try quoted(.single)
      case "\"": try quoted(.double)
      case "$": try dollar()
      case "`": try backquotes()
      case "%": try placeholder(.none)
      default: copy()
      }
    }
    let written = String(characters[start..<index])
    // `case` patterns end in `)`, which would end a `$(` early here.
    if closer == ")", written == "case", ShellText.hasPlaceholder(characters) {
      throw .unreadableSubstitution
    }
    let value = ShellText.literalValue(written)
    if ShellText.setsEnvironmentVariable(written), ShellText.hasPlaceholder(written) {
      throw .placeholderInEnvironment
    }
    switch words.read(written, value: value) {
    case .plain:
      if definesFunction, ShellText.hasPlaceholder(written), !ShellText.isBarePlaceholder(written) {
        throw .notAWordOfItsOwn(program: "a shell function")
      }
    case .script:
      if let value {
        let script = try CommandPlaceholders.expand(
          value, inScript: true, refersToPaths: refersToPaths)
        output = before + ShellText.singleQuoted(script)
      } else if ShellText.hasPlaceholder(written) {
        throw .scriptExpandsItself
      } else if refersToPaths {
        throw .madeUpCode(program: nil)
      }
    case .code(let program):
      if ShellText.hasPlaceholder(written) { throw .codeArgument(program: program) }
      if value == nil, refersToPaths { throw .madeUpCode(program: program) }
    case .bareOnly(let program):
      if ShellText.hasPlaceholder(written), !ShellText.isBarePlaceholder(written) {
        throw .notAWordOfItsOwn(program: program)
      }
    }
    return ShellText.hasPlaceholder(written)
  }

  /// A string in single or double quotes, from its opening quote.
  private mutating func quoted(_ quote: Quote) throws(Problem) {
    let mark: Character = quote == .single ? "'" : "\""
    copy()
    while let character = peek(0) {
      if character == mark {
        copy()
        return
      }
      if quote == .double {
        switch character {
        case "\\":
          copy(2)
          continue
        case "$":
          try dollar()
          continue
        case "`":
          try backquotes()
          continue
        default: break
        }
      }
      if character == "%" { try placeholder(quote) } else { copy() }
    }
    throw .unclosedQuote
  }

  /// What starts with `$`: a substitution `$(…)` read as commands of its own, an
  /// expansion `${…}` or `$((…))` where no placeholder may stand, or a plain `$`.
  private mutating func dollar() throws(Problem) {
    switch (peek(1), peek(2)) {
    case ("(", "("): try expansion(opening: 3, open: "(", close: ")", depth: 2)
    case ("(", _):
      copy(2)
      try commands(closer: ")")
    case ("{", _): try expansion(opening: 2, open: "{", close: "}", depth: 1)
    default: copy()
    }
  }

  /// `${…}` or `$((…))`, copied to its end; a placeholder inside is refused, since the
  /// shell would read the path as a pattern or an arithmetic expression (code to bash).
  private mutating func expansion(opening: Int, open: Character, close: Character, depth: Int)
    throws(Problem)
  {
    copy(opening)
    var depth = depth
    while let character = peek(0) {
      switch character {
      case "\\":
        copy(2)
        continue
      case "%" where peek(1) == "%":
        output.append("%")
        index += 2
        continue
      case "%" where peek(1).map { "fdm".contains($0) } == true:
        throw .placeholderInExpansion
      case open: depth += 1
      case close: depth -= 1
      default: break
      }
      copy()
      if depth == 0 { return }
    }
    throw .unclosedQuote
  }

  /// A command substitution in backquotes, read as commands of its own. A backslash in
  /// it changes what the quotes inside mean; with a placeholder in there, refused.
  private mutating func backquotes() throws(Problem) {
    var end = index + 1
    var backslash = false
    while end < characters.count, characters[end] != "`" {
      if characters[end] == "\\" {
        backslash = true
        end += 1
      }
      end += 1
    }
    guard end < characters.count else { throw .unclosedQuote }
    guard backslash else {
      // Read apart, so that a quote left open inside cannot run on past its end.
      var body = PlaceholderExpander(
        characters: Array(characters[(index + 1)..<end]), inScript: inScript,
        refersToPaths: refersToPaths)
      body.definesFunction = definesFunction
      try body.commands(closer: nil)
      output += "`" + body.output + "`"
      index = end + 1
      return
    }
    guard !ShellText.hasPlaceholder(characters[(index + 1)..<end]) else {
      throw .unreadableSubstitution
    }
    while index <= end {
      if peek(0) == "%", peek(1) == "%" { index += 1 }
      copy()
    }
  }

  /// A placeholder within `quote`, or a `%` that is none (copied as written).
  private mutating func placeholder(_ quote: Quote) throws(Problem) {
    guard let letter = peek(1), let reference = try reference(letter, quote) else {
      copy()
      return
    }
    output += reference
    index += 2
  }

  /// What `%` followed by `letter` turns into within `quote`; nil when it is no
  /// placeholder (the `%` stays as written).
  private func reference(_ letter: Character, _ quote: Quote) throws(Problem) -> String? {
    let variable: String
    switch letter {
    case "%": return "%"
    case "f": variable = "gallery_focused"
    case "d": variable = "gallery_folder"
    case "m":
      guard !inScript else { throw .listInScript }
      return Self.quotedReference("$@", quote)
    default: return nil
    }
    return Self.quotedReference("$\(variable)", quote)
  }

  /// A reference (`$gallery_focused`, `$@`) quoted as one word from within `quote`.
  private static func quotedReference(_ reference: String, _ quote: Quote) -> String {
    switch quote {
    case .none: "\"\(reference)\""
    case .single: "'\"\(reference)\"'"
    case .double: reference == "$@" ? reference : "${\(reference.dropFirst())}"
    }
  }
}
