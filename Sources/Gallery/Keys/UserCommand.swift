/// A command of the user's bound to a key (`bind KEY = run COMMAND`, or `run-detached`).
///
/// The command is a line for `/bin/sh`, in which `%f` stands for the focused picture's
/// path, `%m` for the marked paths (or the focused picture's when none is marked), `%d`
/// for the focused picture's folder, and `%%` for a `%`. Each stands for its paths
/// wherever it is written, bare, inside quotes, inside `$(…)` or inside a script for
/// another shell (`sh -c '…'`), however the names are spelt: newlines, spaces, quotes,
/// leading dashes and bytes that are not UTF-8 reach the program as the names of their
/// files (`CommandPlaceholders`). A placeholder in code another program reads
/// (`python3 -c`, `ssh`) is refused (`CommandWords`): the path must be its own argument.
package struct UserCommand: Hashable, Sendable {
  /// Why a command line cannot be run safely; said when the configuration is read.
  package enum Problem: Error, Equatable, Sendable {
    /// `%m` inside a script another shell runs (`sh -c '… %m …'`).
    case listInScript
    /// A placeholder inside a script another shell runs, in an argument the first shell
    /// expands itself (`sh -c "… %f … $x"`).
    case scriptExpandsItself
    /// A placeholder in code another program reads (`python3 -c '… %f'`), or in the
    /// arguments of one that hands them to a shell (`ssh host ls %f`).
    case codeArgument(program: String)
    /// A placeholder mixed with other text for a program that may split or read it
    /// (`scp %f host:'%f'`), or one named by a variable (nil).
    case notAWordOfItsOwn(program: String?)
    /// Code for `program` (nil: a shell) that the shell makes up (`sh -c "$x"`) in a
    /// line that refers to a path: it could hold a file name.
    case madeUpCode(program: String?)
    /// A path piped or given as a here-string to `program`, which reads code (or, for
    /// xargs, quoted words) from its input: `echo %f | sh`.
    case codeFromInput(program: String)
    /// A placeholder in a variable named in capitals (`BASH_ENV=%f`), which programs
    /// may read as a command.
    case placeholderInEnvironment
    /// A placeholder inside `${…}` or `$((…))`.
    case placeholderInExpansion
    /// A placeholder in a substitution that cannot be read safely: backquotes with a
    /// backslash in them, `case` inside `$(…)`.
    case unreadableSubstitution
    /// A quote, `$(`, `${` or backquote is opened and never closed.
    case unclosedQuote

    /// The sentence for the status line, after "config line N: ".
    package var message: String {
      switch self {
      case .listInScript:
        "%m cannot stand inside a script for another shell: pass the paths as its "
          + "arguments (sh -c '… \"$@\"' sh %m)"
      case .scriptExpandsItself:
        "a placeholder inside sh -c \"…\" with $ or ` in it cannot be quoted safely: "
          + "write the script in single quotes"
      case .codeArgument(let program):
        "\(program) would read a file name as code here: pass the path as an argument "
          + "of its own (python3 -c 'import sys; print(sys.argv[1])' %f), or on its "
          + "standard input (ssh host 'cat > copy.jpg' < %f)"
      case .notAWordOfItsOwn(let program):
        "\(program ?? "a program named by a variable") may split or read a word that mixes "
          + "a path with other text: write the placeholder as a word of its own (%f)"
      case .madeUpCode(let program):
        "\(program ?? "the shell") would read as code a word made up with $ or ` here, "
          + "which could hold a file name: write the code out in single quotes and pass "
          + "the path as an argument of its own (sh -c 'echo \"$1\"' sh %f)"
      case .codeFromInput(let program):
        "\(program) reads what it is given on its input as code (or quoted words), and a "
          + "path would go there: pass the path as an argument of its own"
      case .placeholderInEnvironment:
        "a variable in capitals may be read by a program as a command (PAGER, PS4, "
          + "BASH_ENV): name the variable in small letters (f=%f)"
      case .placeholderInExpansion:
        "a placeholder cannot stand inside ${…} or $((…)): set a variable first "
          + "(f=%f; echo \"${f##*/}\")"
      case .unreadableSubstitution:
        "a placeholder cannot stand inside `…` with a backslash, or with case inside "
          + "$(…): write $(…), or put the commands in a script"
      case .unclosedQuote:
        "a quote, $(, ${ or ` is not closed"
      }
    }
  }

  /// The shell line as written, with its `%` signs.
  package let line: String
  /// Whether the gallery goes on at once (`run-detached`) rather than handing the
  /// terminal over and waiting for the command's end (`run`).
  package let isDetached: Bool

  /// A command for `line`, waited for or detached.
  package init(line: String, isDetached: Bool) {
    self.line = line
    self.isDetached = isDetached
  }

  /// The command's first word, for messages (`exiftool`).
  package var name: String {
    let first = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first
    return first.map(String.init) ?? "command"
  }

  /// The line with its placeholders turned into quoted references: to the variables
  /// `gallery_focused` and `gallery_folder` (which the script sets from its first two
  /// arguments and exports) and to `"$@"` (the marked paths, the rest of its arguments).
  package func shellLine() throws(Problem) -> String {
    try CommandPlaceholders.expand(line)
  }
}
