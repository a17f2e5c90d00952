/// A command of the user's bound to a key (`bind KEY = run COMMAND`, or `run-detached`).
///
/// The command is a line for `/bin/sh`, in which `%f` stands for the focused picture's
/// path, `%m` for the marked paths (or the focused picture's when none is marked), `%d`
/// for the focused picture's folder, and `%%` for a `%`. Each stands for whole arguments
/// of the shell however the names are spelt: newlines, spaces, leading dashes and bytes
/// that are not UTF-8 reach the program as the names of their files.
public struct UserCommand: Hashable, Sendable {
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
}
