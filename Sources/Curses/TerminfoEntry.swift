import CNcursesw

/// What the terminfo entry of a terminal type lets a full-screen program do, looked up
/// before anything is written to the terminal or its modes change: a type the gallery
/// cannot draw on is then an error that leaves the terminal exactly as it was, where
/// ncurses would open it, take its modes and draw one line that never moves.
enum TerminfoEntry: Equatable {
  /// The entry moves the cursor anywhere (`cup`): frames can be drawn.
  case addressable
  /// The entry cannot move the cursor: it has no `cup` (`dumb`, `glasstty`) or describes
  /// a hardcopy terminal (`lpr`, `tty33`).
  case cannotMoveCursor
  /// No entry ncurses takes: none, only a generic one (`unknown`, `network`), or no
  /// terminfo database.
  case unusable

  /// Looks `name` up for the terminal on `fd`. ncurses' `setupterm` reads the entry and
  /// the modes of `fd` and writes nothing; what it loaded is freed again.
  static func lookUp(_ name: String, fd: Int32) -> TerminfoEntry {
    switch gallery_terminal_type_check(name, fd) {
    case 0: return .addressable
    case 1: return .cannotMoveCursor
    default: return .unusable
    }
  }

  /// Whether the entry `name` has the `RGB` or `Tc` flag: the terminal takes 24-bit
  /// colour though `COLORTERM` may not say so (over ssh, inside tmux).
  static func hasDirectColorFlag(_ name: String, fd: Int32) -> Bool {
    gallery_terminal_has_direct_color_flag(name, fd) == 1
  }
}
