/// Why the terminal could not be set up.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// Neither standard input and output nor a controlling terminal (`/dev/tty`) can be
  /// read and drawn on.
  case notATerminal
  /// `TERM` is not set.
  case terminalTypeUnset
  /// `TERM` names a terminal type with no terminfo entry.
  case unknownTerminalType(String)
  /// The wake-up pipe could not be created.
  case cannotCreatePipe

  public var description: String {
    switch self {
    case .notATerminal:
      return "no terminal to draw on (standard output is not one, and there is no /dev/tty); "
        + "use --print to render to a file or pipe"
    case .terminalTypeUnset:
      return "TERM is not set; set it to your terminal's type, for example TERM=xterm-256color"
    case .unknownTerminalType(let name):
      return
        "unknown terminal type '\(name)' (no terminfo entry); install ncurses-term or set TERM to a known type such as xterm-256color"
    case .cannotCreatePipe:
      return "could not create the event pipe (too many open files?)"
    }
  }
}
