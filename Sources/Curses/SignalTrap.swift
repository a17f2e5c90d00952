import CNcursesw

#if canImport(Glibc)
  import Glibc
#endif

/// The trap for quitting signals, and the note that SIGCONT leaves. The C side keeps
/// static state, which exists once per translation unit, so every `gallery_trap_*` call
/// lives in this file (the crash report's too: `CrashReport`).
enum SignalTrap {
  /// Bytes for an emergency restore from inside a signal handler: leave the
  /// alternate screen, show the cursor, reset attributes, stop mouse reports.
  static let emergencyReset =
    "\u{1B}[0m\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1006l\u{1B}[?25h\u{1B}[?1049l\r\n"

  /// Saves the tty modes and installs the handlers of every quitting signal (SIGINT,
  /// SIGTERM, SIGHUP, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM and the rest whose default ends
  /// the process); a signal writes to `wakeFD`.
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

  /// Whether the trap catches `signal` as a request to quit (`gallery_trap_is_quitting`);
  /// workers block the same (`TerminalSignals.quitting`).
  static func isQuitting(_ signal: Int32) -> Bool { gallery_trap_is_quitting(signal) != 0 }

  /// Whether the program holds the terminal: not while another program has it
  /// (`CursesTerminal.suspend()`), whose screen and modes a crash must then leave alone.
  static func setHeld(_ held: Bool) { gallery_trap_set_held(held ? 1 : 0) }

  /// Dies by `signal` with its default action, so the parent shell sees it (no core
  /// dump for a quit asked for, such as Ctrl-\).
  static func reraise(_ signal: Int32) { gallery_trap_reraise(signal) }

  /// Empties what standard error kept while quieted once it holds more than 64 KiB.
  static func trimCapture() { gallery_trap_trim_capture() }
}

/// What the program says when it crashes: a fault (a Swift trap, a C library's crash:
/// SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGSYS) restores the terminal when
/// the program holds it, says which signal and, when Swift said it, the runtime's own
/// "Fatal error" line, then where to send a report; the process then dies by the signal.
///
/// The handlers run on an alternate stack, so a stack overflow is reported too: the main
/// thread's is set here, and every thread the program starts sets its own
/// (`TerminalSignals`). They replace those the Swift runtime installed at start for its
/// backtracer (the last `sigaction` wins), whose interactive mode would take the raw
/// terminal for 30 seconds; with `SWIFT_BACKTRACE` set by the user, the fault is handed on
/// to the backtracer after the report. SIGQUIT, which the backtracer takes too, ends the
/// program quietly (status 131, no core) wherever the browser's own trap is not installed.
///
/// A fault another process sent (`kill -SEGV`) is said to be that, with no request for a
/// report. The runtime's "Fatal error" line is repeated with every control character, C1
/// and direction control and malformed UTF-8 shown as `?`: it can hold a file name.
package enum CrashReport {
  /// The report's last words.
  package static let advice = """
    This is a bug in gallery. Please report it to the project's issue tracker, with the \
    output of `gallery --version` and what you did just before.

    """

  /// `text` as the report repeats the runtime's last words: controls and malformed UTF-8
  /// as `?`.
  static func shownLastWords(_ text: [UInt8]) -> [UInt8] {
    var bytes = text.map { CChar(bitPattern: $0) }
    let count = bytes.withUnsafeMutableBufferPointer {
      gallery_trap_sanitize($0.baseAddress, $0.count)
    }
    return bytes[..<count].map { UInt8(bitPattern: $0) }
  }

  /// The report's last words for a crash the tests forced (`GALLERY_TEST_TRAP`): no bug,
  /// nothing to report.
  package static let forcedAdvice = "(forced by GALLERY_TEST_TRAP)\n"

  /// The report's last words: where to report it, unless the crash was `forced`.
  static func advice(forced: Bool) -> String { forced ? forcedAdvice : advice }

  /// Installs the fault handlers for the life of the process; call it first thing.
  /// `forcedByTestTrap`: a crash will be forced on purpose (`GALLERY_TEST_TRAP`), so the
  /// report asks for no bug report.
  package static func install(environment: [String: String], forcedByTestTrap: Bool = false) {
    let chains = !(environment["SWIFT_BACKTRACE"] ?? "").isEmpty
    _ = gallery_trap_install_faults(advice(forced: forcedByTestTrap), chains ? 1 : 0)
  }

  /// Standard error, while it is the terminal being drawn on, made to write to memory
  /// (libraries print there: libjxl on a damaged file would scribble over the screen); a
  /// crash report goes to standard error as it was, and repeats the runtime's "Fatal
  /// error" line from what was kept. Nothing when standard error is not a terminal.
  package struct QuietStandardError {
    private let saved: Int32
    private let capture: Int32

    package init() {
      guard isatty(2) == 1 else {
        saved = -1
        capture = -1
        return
      }
      saved = fcntl(2, F_DUPFD_CLOEXEC, 0)
      var capture = gallery_trap_make_capture()
      if capture < 0 { capture = open("/dev/null", O_WRONLY | O_CLOEXEC) }
      self.capture = capture
      if saved >= 0, capture >= 0 {
        gallery_trap_report_to(saved, capture)
        dup2(capture, 2)
      }
    }

    /// Puts standard error back.
    package func restore() {
      guard saved >= 0 else { return }
      dup2(saved, 2)
      gallery_trap_report_to(2, -1)
      close(saved)
      if capture >= 0 { close(capture) }
    }
  }
}
