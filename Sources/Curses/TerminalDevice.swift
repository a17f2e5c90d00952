import CNcursesw

/// The terminal the program draws on and reads keys from: standard input and output when
/// both are terminals, else the controlling terminal opened as `/dev/tty` (as `less` and
/// `fzf` do), so that standard output can be a pipe for what the program prints when it
/// ends (`gallery -o | xargs …`).
struct TerminalDevice {
  /// The stream ncurses writes to and the one it reads from.
  let outputStream: UnsafeMutablePointer<FILE>
  let inputStream: UnsafeMutablePointer<FILE>
  /// Their descriptors.
  let output: Int32
  let input: Int32
  /// Whether `/dev/tty` was opened here (and is closed by `close()`).
  let isControllingTerminal: Bool

  /// Standard input and output when both are terminals, else `/dev/tty`.
  ///
  /// - Throws: `TerminalError.noTerminal` when standard output or input is not a terminal
  ///   and there is no controlling terminal (a cron job, `setsid`, a pipeline without a
  ///   terminal), with the reason `/dev/tty` gave.
  static func open() throws(TerminalError) -> TerminalDevice {
    if gallery_isatty(1) != 0, gallery_isatty(0) != 0,
      let output = gallery_stdout(), let input = gallery_stdin()
    {
      return TerminalDevice(
        outputStream: output, inputStream: input, output: 1, input: 0, isControllingTerminal: false)
    }
    var error: Int32 = 0
    guard let tty = gallery_open_controlling_terminal(&error) else {
      throw .noTerminal(reason: String(cString: strerror(error)))
    }
    let descriptor = fileno(tty)
    return TerminalDevice(
      outputStream: tty, inputStream: tty, output: descriptor, input: descriptor,
      isControllingTerminal: true)
  }

  /// Closes `/dev/tty` when it was opened here; after ncurses has ended.
  func close() {
    if isControllingTerminal { fclose(outputStream) }
  }
}
