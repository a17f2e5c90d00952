import CNcursesw

/// Where the terminal is read and drawn: standard input and output, or the controlling
/// terminal itself (`/dev/tty`) when one of them is taken by something else — a list of
/// pictures on standard input (`gallery -`), marked paths on standard output (`-o`).
struct TerminalDevice {
  /// The descriptor keys are read from.
  let input: Int32
  /// The descriptor frames are written to.
  let output: Int32
  /// The streams ncurses is given.
  let inputStream: UnsafeMutablePointer<FILE>
  let outputStream: UnsafeMutablePointer<FILE>

  /// Standard input and output when both are the terminal, else `/dev/tty`.
  ///
  /// - Throws: `TerminalError.notATerminal` when neither works (no controlling terminal).
  static func open() throws(TerminalError) -> TerminalDevice {
    if gallery_isatty(0) != 0, gallery_isatty(1) != 0 {
      return TerminalDevice(
        input: 0, output: 1, inputStream: gallery_stdin(), outputStream: gallery_stdout())
    }
    let tty = gallery_open_tty()
    guard tty >= 0, gallery_isatty(tty) != 0 else { throw .notATerminal }
    let second = gallery_dup_cloexec(tty)
    guard second >= 0, let reading = fdopen(tty, "r"), let writing = fdopen(second, "w") else {
      throw .notATerminal
    }
    return TerminalDevice(
      input: tty, output: second, inputStream: reading, outputStream: writing)
  }
}
