/// A command of the user's bound to a key (`bind KEY = run COMMAND`, or `run-detached`).
///
/// The command is a line for `/bin/sh`, in which `%f` stands for the focused picture's
/// path, `%m` for the marked paths (or the focused picture's when none is marked), `%d`
/// for the focused picture's folder, and `%%` for a `%`. Each stands for its paths
/// wherever it is written, bare, inside quotes or inside a script for another shell
/// (`sh -c '…'`), however the names are spelt: newlines, spaces, quotes, leading dashes
/// and bytes that are not UTF-8 reach the program as the names of their files, and are
/// never read as shell code (`CommandPlaceholders`).
public struct UserCommand: Hashable, Sendable {
  /// Why a command line cannot be run safely; said when the configuration is read.
  public enum Problem: Error, Equatable, Sendable {
    /// `%m` inside a script another shell runs (`sh -c '… %m …'`).
    case listInScript
    /// A placeholder inside a script another shell runs, in an argument the first shell
    /// expands itself (`sh -c "… %f … $x"`).
    case scriptExpandsItself
    /// A quote is opened and never closed.
    case unclosedQuote

    /// The sentence for the status line, after "config line N: ".
    public var message: String {
      switch self {
      case .listInScript:
        "%m cannot stand inside a script for another shell: pass the paths as its "
          + "arguments (sh -c '… \"$@\"' sh %m)"
      case .scriptExpandsItself:
        "a placeholder inside sh -c \"…\" with $ or ` in it cannot be quoted safely: "
          + "write the script in single quotes"
      case .unclosedQuote:
        "a quote is not closed"
      }
    }
  }

  /// The shell line as written, with its `%` signs.
  public let line: String
  /// Whether the gallery goes on at once (`run-detached`) rather than handing the
  /// terminal over and waiting for the command's end (`run`).
  public let isDetached: Bool

  /// A command for `line`, waited for or detached.
  public init(line: String, isDetached: Bool) {
    self.line = line
    self.isDetached = isDetached
  }

  /// The command's first word, for messages (`exiftool`).
  public var name: String {
    let first = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).first
    return first.map(String.init) ?? "command"
  }

  /// The line with its placeholders turned into quoted references: to the variables
  /// `gallery_focused` and `gallery_folder` (which the script sets from its first two
  /// arguments and exports) and to `"$@"` (the marked paths, the rest of its arguments).
  public func shellLine() throws(Problem) -> String {
    try CommandPlaceholders.expand(line)
  }
}
