/// Why the terminal could not be set up.
package enum TerminalError: Error, Equatable, CustomStringConvertible {
  /// Standard output or input is not a terminal and there is no controlling terminal
  /// (`/dev/tty`) to draw on instead.
  case noTerminal(reason: String)
  /// `TERM` is not set.
  case terminalTypeUnset
  /// `TERM` names a terminal type with no terminfo entry ncurses takes (none, or only a
  /// generic one such as `unknown`).
  case unknownTerminalType(String)
  /// `TERM` names a terminal type that cannot move the cursor (its terminfo entry has no
  /// `cup`, as `dumb` has not, or is a hardcopy terminal's): nothing can be drawn in place.
  case cannotMoveCursor(String)
  /// The wake-up pipe could not be created.
  case cannotCreatePipe

  package var description: String {
    switch self {
    case .noTerminal(let reason):
      return
        "no terminal to draw on: standard output is not one and /dev/tty cannot be opened (\(reason)); use --print to render to a file or pipe"
    case .terminalTypeUnset:
      return "TERM is not set; set it to your terminal's type, for example TERM=xterm-256color"
    case .unknownTerminalType(let name):
      return "unknown terminal type '\(name)' (no usable terminfo entry); install ncurses-term "
        + "or set TERM to a known type such as xterm-256color"
    case .cannotMoveCursor(let name):
      return "the terminal type '\(name)' cannot move the cursor (its terminfo entry has no cup), "
        + "so the gallery cannot draw on it; set TERM to the real terminal's type, for example "
        + "TERM=xterm-256color, or use --print --format plain to print the gallery once as text"
    case .cannotCreatePipe:
      return "could not create the event pipe (too many open files?)"
    }
  }
}
