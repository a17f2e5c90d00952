import CNcursesw

/// The SIGINT/SIGTERM/SIGHUP trap, and the note that SIGCONT leaves. The C side keeps static state, which exists
/// once per translation unit, so every `gallery_trap_*` call lives in this file.
enum SignalTrap {
  /// Bytes for an emergency restore from inside a signal handler: leave the
  /// alternate screen, show the cursor, reset attributes, stop mouse reports.
  static let emergencyReset =
    "\u{1B}[0m\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?25h\u{1B}[?1049l\r\n"

  /// Saves the tty modes and installs the handlers; a signal writes to `wakeFD`.
  static func install(wakeFD: Int32, ttyFD: Int32) {
    _ = gallery_trap_install(wakeFD, ttyFD, emergencyReset)
  }

  /// The signal that arrived, or nil.
  static var pending: Int32? {
    let signal = gallery_trap_take()
    return signal == 0 ? nil : signal
  }

  /// Whether the process was continued (SIGCONT, after Ctrl-Z) since the last look.
  static func takeContinued() -> Bool { gallery_trap_take_continued() != 0 }

  static func uninstall() { gallery_trap_uninstall() }

  /// Dies by `signal` with its default action, so the parent shell sees it.
  static func reraise(_ signal: Int32) { gallery_trap_reraise(signal) }
}
