/// How the terminal puts frames on the screen.
package enum DrawingMethod: String, Sendable, CaseIterable {
  /// `escapes` when the terminal's terminfo entry takes ECMA-48 cursor
  /// addressing (every terminal emulator in use today), else `curses`.
  case automatic
  /// The frame diff as escape sequences (`ANSIWriter`), written in one go, with
  /// the lines of a vertical scroll moved by the terminal itself. Several times
  /// faster than `curses` on frames where most cells change: no per-cell calls,
  /// no `tparm` per colour change, and a scroll writes only its new rows.
  case escapes
  /// Each changed cell through `wadd_wch`, then `doupdate`: for terminals that
  /// do not speak ECMA-48, which ncurses drives through terminfo.
  case curses
}
