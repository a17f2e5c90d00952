/// The programs known to read one of their arguments as code, and how: the policy that
/// decides which words of a user's command may hold a placeholder.
///
/// A path written into text that a program reads as code (`python3 -c 'print("%f")'`,
/// `ssh host 'ls %f'`) would run a file's name as code. Shells get their script
/// rewritten (`CommandPlaceholders`); the others cannot be made safe, so a placeholder
/// inside their code is refused. The list cannot be complete: the docs say to pass a
/// path to such a program as an argument of its own.
enum CodeProgram: Equatable {
  /// A POSIX shell: its script (after `-c`) is rewritten to refer to the variables.
  case posixShell
  /// `eval`: each argument is a script, read by the shell that runs the command.
  case eval
  /// A program that hands all its arguments to a shell, joined (`ssh`, `watch`, `su`):
  /// no placeholder is safe anywhere after it.
  case joiner(String)
  /// A program that may read a word mixing a path with other text as code or as
  /// several arguments (`scp host:%f`, or one named by a variable): only a bare
  /// placeholder, a word of its own, is safe.
  case unsure(String)
  /// An interpreter: the argument of some options, or its first operand, is code.
  case interpreter(String, Interpreter)

  /// How an interpreter takes its code.
  struct Interpreter: Equatable {
    /// Short options whose argument is code (`-c`, `-e`).
    var codeLetters: Set<Character> = []
    /// Long options whose argument is code (`--eval`).
    var codeLongOptions: Set<String> = []
    /// Short options whose argument is a file or other plain value.
    var argumentLetters: Set<Character> = []
    /// Options naming the file the code is in: the first operand is then no code.
    var fileLetters: Set<Character> = []
    /// Whether the first operand is the code (awk, sed) unless given by option.
    var firstOperandIsCode = false
    /// Whether options may follow operands (GNU sed).
    var permutes = false
    /// Whether every word after a code option is code too (`emacsclient -e`).
    var codeIsSticky = false
    /// Whether a word starting with `+` is code (`vim +cmd`).
    var plusIsCode = false
    /// Whether the operands are files or a program to run, never handed to code.
    var operandsAreData = false
  }

  /// The program a word names (its value with the quotes taken away), nil for others.
  static func named(_ value: String) -> CodeProgram? {
    let name = value.split(separator: "/").last.map(String.init) ?? value
    if posixShells.contains(name) { return .posixShell }
    if name == "eval" { return .eval }
    if joiners.contains(name) { return .joiner(name) }
    if unsure.contains(name) { return .unsure(name) }
    if let interpreter = interpreter(name) { return .interpreter(name, interpreter) }
    return nil
  }

  /// Whether `written` is the user's shell by variable: `$SHELL`, `"${SHELL}"`.
  static func isShellVariable(_ written: String) -> Bool {
    ["$SHELL", "${SHELL}", "\"$SHELL\"", "\"${SHELL}\""].contains(written)
  }

  private static let posixShells: Set<String> = [
    "sh", "bash", "dash", "zsh", "ksh", "ksh93", "mksh", "pdksh", "oksh", "loksh", "ash",
    "yash", "posh", "hush", "rbash",
  ]

  private static let joiners: Set<String> = [
    "ssh", "mosh", "rsh", "autossh", "su", "runuser", "watch", "tmux", "screen", "parallel",
    "at", "batch", "script", "flock", "make", "gmake", "bmake",
  ]

  private static let unsure: Set<String> = ["scp", "rsync", "sftp"]

  private static func interpreter(_ name: String) -> Interpreter? {
    if name.hasPrefix("python") || name.hasPrefix("pypy") {
      return Interpreter(codeLetters: ["c"], argumentLetters: ["W", "X"], fileLetters: ["m"])
    }
    if name.hasPrefix("perl") {
      return Interpreter(codeLetters: ["e", "E"], argumentLetters: ["I"])
    }
    if name.hasPrefix("ruby") || name == "irb" {
      return Interpreter(codeLetters: ["e"], argumentLetters: ["I", "r"])
    }
    if name.hasPrefix("lua") {
      return Interpreter(codeLetters: ["e"], argumentLetters: ["l"])
    }
    if name.hasPrefix("php") {
      return Interpreter(
        codeLetters: ["r", "B", "R", "E"], argumentLetters: ["c", "d", "z"], fileLetters: ["f"])
    }
    switch name {
    case "node", "nodejs", "deno", "bun":
      return Interpreter(
        codeLetters: ["e", "p"], codeLongOptions: ["eval", "print"], argumentLetters: ["r"])
    case "Rscript", "R", "osascript", "julia", "tclsh", "wish", "expect", "guile", "racket":
      return Interpreter(codeLetters: ["e", "E", "c"])
    case "awk", "gawk", "mawk", "nawk", "busybox-awk":
      return Interpreter(
        codeLetters: ["e"], codeLongOptions: ["source"], argumentLetters: ["F", "v"],
        fileLetters: ["f"], firstOperandIsCode: true)
    case "sed", "gsed":
      return Interpreter(
        codeLetters: ["e"], codeLongOptions: ["expression"], argumentLetters: ["l"],
        fileLetters: ["f"], firstOperandIsCode: true, permutes: true)
    case "fish", "csh", "tcsh", "nu", "xonsh", "elvish", "pwsh", "powershell", "rc", "es":
      return Interpreter(codeLetters: ["c", "C"], codeLongOptions: ["command"])
    case "vi", "vim", "nvim", "gvim", "view", "ex", "vimdiff", "nvim-qt":
      return Interpreter(
        codeLetters: ["c"], codeLongOptions: ["cmd"], argumentLetters: ["u", "U", "T", "i"],
        fileLetters: ["S"], plusIsCode: true, operandsAreData: true)
    case "emacs", "emacsclient":
      return Interpreter(
        codeLetters: ["e"], codeLongOptions: ["eval", "execute"], codeIsSticky: true,
        operandsAreData: true)
    case "git":
      // `-c core.pager=…`: some settings are commands for a shell.
      return Interpreter(codeLetters: ["c"], argumentLetters: ["C"], operandsAreData: true)
    case "env":
      return Interpreter(
        codeLetters: ["S"], codeLongOptions: ["split-string"], operandsAreData: true)
    case "xterm", "uxterm", "urxvt", "rxvt", "konsole", "xfce4-terminal", "terminator",
      "tilix", "lxterminal", "mate-terminal", "sakura", "termite", "gnome-terminal":
      // `-e 'COMMAND LINE'`: many of these read it as a shell line.
      return Interpreter(
        codeLetters: ["e", "x"], codeLongOptions: ["command"], operandsAreData: true)
    default:
      return nil
    }
  }
}
