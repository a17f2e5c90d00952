/// The words of one simple command read so far, and what the next word is to the
/// program that gets it: plain data, a script for a shell, or code for another program.
///
/// Told one word at a time, as written and with its value (nil when the shell would
/// expand something in it). Any word naming a known program (`CodeProgram`) starts
/// reading that program's arguments, wherever it stands, so wrappers (`env`, `sudo`,
/// `xargs`, `find -exec`, terminals) need no list. When in doubt, a word is code.
struct CommandWords {
  /// What a word is to the program that gets it.
  enum Role: Equatable {
    /// Data: a placeholder in it is the path.
    case plain
    /// A script for a POSIX shell, to be rewritten.
    case script
    /// Code for `program`, or text it hands to a shell: no placeholder may stand in it.
    case code(program: String)
    /// Handed to a program that may split or read it (`program`, nil when named by a
    /// variable): only a placeholder that is a word of its own may stand in it.
    case bareOnly(program: String?)
  }

  private enum Reading {
    /// No known program yet; `expectsCommand` while the command's name is still to come.
    case start(expectsCommand: Bool)
    case shell(String, ShellOptions)
    case eval
    case interpreter(String, CodeProgram.Interpreter, InterpreterOptions)
  }

  /// Where a shell's options stand.
  private struct ShellOptions {
    var runsScript = false
    var pendingArguments = 0
    var optionsEnded = false
    var scriptSeen = false
    /// `-s`, or `-` for the script: the script comes on the standard input.
    var readsInput = false
    /// A word the shell makes up itself stood among the options (`sh $flags`).
    var uncertain = false
  }

  /// Where an interpreter's options stand.
  private struct InterpreterOptions {
    var pendingCode = false
    var pendingArgument = false
    var codeGiven = false
    var optionsEnded = false
    var operands = 0
    /// `-` for the program file: the code comes on the standard input.
    var readsInput = false
    var sticky = false
  }

  private var reading = Reading.start(expectsCommand: true)
  /// A program that joins its arguments into a shell line: every later word is code.
  private var joiner: String?
  /// A program that may split words mixing a path with text; nil program for a variable.
  private var unsure: String??
  private var nextIsRedirection = false
  /// `xargs`, which reads words from the input with quotes of its own and may put them
  /// into a script (`-I`).
  private var feeder: String?
  /// Whether no word has been read yet: a `(` after one defines a function.
  private(set) var isEmpty = true

  /// The program that would read code from the standard input, where a path piped or
  /// given as a here-string would be read as code (`echo %f | sh`); nil for others.
  var readsCodeFromInput: String? {
    if let joiner { return joiner }
    if let feeder { return feeder }
    switch reading {
    case .shell(let name, let options):
      return options.readsInput || !(options.runsScript || options.scriptSeen) ? name : nil
    case .interpreter(let name, let interpreter, let options):
      guard !interpreter.operandsAreData else { return nil }
      return options.readsInput || !(options.codeGiven || options.operands > 0) ? name : nil
    case .eval, .start: return nil
    }
  }

  /// The next word is the target of a redirection (`> %f`): opened by this shell.
  mutating func redirectionFollows() { nextIsRedirection = true }

  /// The role of the next word, `written` (quotes kept) with its `value`; reads it.
  mutating func read(_ written: String, value: String?) -> Role {
    isEmpty = false
    if nextIsRedirection {
      nextIsRedirection = false
      return .plain
    }
    var role = readByProgram(written, value: value)
    if let joiner { role = .code(program: joiner) }
    if role == .plain, let unsure { role = .bareOnly(program: unsure) }
    return role
  }

  private mutating func readByProgram(_ written: String, value: String?) -> Role {
    switch reading {
    case .eval:
      return .script
    case .shell(let name, var options):
      let role = Self.readShell(name, &options, written, value: value)
      reading = .shell(name, options)
      if role != .script { start(written, value: value) }
      return role
    case .interpreter(let name, let interpreter, var options):
      let role = Self.readInterpreter(name, interpreter, &options, written, value: value)
      reading = .interpreter(name, interpreter, options)
      start(written, value: value)
      return role
    case .start(let expectsCommand):
      if expectsCommand {
        if Self.isAssignment(written) || Self.keywords.contains(written) { return .plain }
        reading = .start(expectsCommand: false)
        if value == nil, !CodeProgram.isShellVariable(written) { unsure = .some(nil) }
      }
    }
    start(written, value: value)
    return .plain
  }

  /// Starts reading the arguments of the program `written` names, if it is a known one.
  private mutating func start(_ written: String, value: String?) {
    let program =
      CodeProgram.isShellVariable(written) ? .posixShell : value.flatMap(CodeProgram.named)
    switch program {
    case .posixShell:
      let name = value.flatMap { $0.split(separator: "/").last.map(String.init) } ?? written
      reading = .shell(name, ShellOptions())
    case .eval: reading = .eval
    case .joiner(let name): if joiner == nil { joiner = name }
    case .unsure(let name): if unsure == nil { unsure = .some(name) }
    case .interpreter(let name, let interpreter):
      reading = .interpreter(name, interpreter, InterpreterOptions())
    case nil:
      if value.map({ $0.split(separator: "/").last == "xargs" }) == true { feeder = "xargs" }
    }
  }

  /// A shell's word. What follows its script is the script's arguments, which it may
  /// read as code (`eval "$1"`): only a bare placeholder may stand there.
  private static func readShell(
    _ name: String, _ options: inout ShellOptions, _ written: String, value: String?
  ) -> Role {
    if options.scriptSeen { return .bareOnly(program: name) }
    if options.uncertain { return .bareOnly(program: nil) }
    if options.pendingArguments > 0 {
      options.pendingArguments -= 1
      return .plain
    }
    guard let value else {
      // An option or a script the shell would make up itself: anything may follow.
      // Conservative: a script (refused if it holds a placeholder) or an option, after
      // which the words are bare-only.
      options.uncertain = true
      if options.runsScript { return .script }
      return .bareOnly(program: nil)
    }
    if !options.optionsEnded, let first = value.first, first == "-" || first == "+" {
      if value == "--" || value == "-" {
        options.optionsEnded = true
        return .plain
      }
      if value.hasPrefix("--") {
        if ["--rcfile", "--init-file"].contains(value) { options.pendingArguments += 1 }
        return .plain
      }
      let letters = value.dropFirst()
      if first == "-", letters.contains("c") { options.runsScript = true }
      if first == "-", letters.contains("s") { options.readsInput = true }
      options.pendingArguments += letters.filter { $0 == "o" || $0 == "O" }.count
      return .plain
    }
    guard options.runsScript else {
      // A script file: the rest are its arguments.
      options.scriptSeen = true
      if value == "-" || value == "/dev/stdin" { options.readsInput = true }
      return .plain
    }
    options.scriptSeen = true
    return .script
  }

  /// An interpreter's word. Its operands other than code reach the code, which may
  /// read them as code too: only a bare placeholder may stand there.
  private static func readInterpreter(
    _ name: String, _ interpreter: CodeProgram.Interpreter, _ options: inout InterpreterOptions,
    _ written: String, value: String?
  ) -> Role {
    let code = Role.code(program: name)
    if options.sticky { return code }
    if options.pendingCode {
      options.pendingCode = false
      options.sticky = interpreter.codeIsSticky
      if !interpreter.permutes { options.optionsEnded = true }
      return code
    }
    if options.pendingArgument {
      options.pendingArgument = false
      return .plain
    }
    guard let value else {
      // Whatever it is, it may be an option taking code: all that follows may be code.
      options.sticky = true
      return code
    }
    if !options.optionsEnded, value.hasPrefix("-"), value.count > 1 {
      if value == "--" {
        options.optionsEnded = true
        return .plain
      }
      let body = value.drop { $0 == "-" }
      let long = body.split(separator: "=", maxSplits: 1).first.map(String.init) ?? ""
      if interpreter.codeLongOptions.contains(long.lowercased()) {
        options.codeGiven = true
        if body.contains("=") {
          options.sticky = interpreter.codeIsSticky
          return code
        }
        options.pendingCode = true
        return .plain
      }
      if value.hasPrefix("--") { return .plain }
      var rest = body[...]
      while let letter = rest.first {
        rest = rest.dropFirst()
        if interpreter.codeLetters.contains(letter) {
          options.codeGiven = true
          if rest.isEmpty {
            options.pendingCode = true
            return .plain
          }
          options.sticky = interpreter.codeIsSticky
          return code
        }
        if interpreter.fileLetters.contains(letter) {
          options.codeGiven = true
          options.pendingArgument = rest.isEmpty
          return .plain
        }
        if interpreter.argumentLetters.contains(letter) {
          options.pendingArgument = rest.isEmpty
          return .plain
        }
      }
      return .plain
    }
    if interpreter.plusIsCode, value.hasPrefix("+") { return code }
    if options.operands == 0, !options.codeGiven, value == "-" || value == "/dev/stdin" {
      options.readsInput = true
    }
    options.operands += 1
    if !interpreter.permutes { options.optionsEnded = true }
    if options.operands == 1, interpreter.firstOperandIsCode, !options.codeGiven {
      options.codeGiven = true
      return code
    }
    return interpreter.operandsAreData ? .plain : .bareOnly(program: name)
  }

  /// Whether `written` sets a variable for the command (`LANG=C`).
  private static func isAssignment(_ written: String) -> Bool {
    guard let equals = written.firstIndex(of: "="), equals != written.startIndex else {
      return false
    }
    return written[..<equals].allSatisfy {
      $0 == "_" || ($0.isASCII && ($0.isLetter || $0.isNumber))
    }
  }

  /// The words that come before a command's name.
  private static let keywords: Set<String> = [
    "if", "then", "else", "elif", "do", "while", "until", "!", "{", "time", "exec", "command",
    "builtin", "nohup", "sudo", "doas",
  ]
}
