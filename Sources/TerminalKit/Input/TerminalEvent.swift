/// Something the terminal backend reports to the run loop.
public enum TerminalEvent: Hashable, Sendable {
  case key(Key)
  case mouse(MouseEvent)
  /// The terminal has a new size: columns, rows and the shape of a cell (read again
  /// with every resize, since a font change alters it).
  case resize(TerminalSize)
  /// Another thread asked the loop to wake (for example: a thumbnail is ready).
  case wake
  /// What was on the screen is gone (back from Ctrl-Z): the next frame must be drawn
  /// whole, even if nothing else changed.
  case repaint
  /// A termination signal (SIGINT, SIGTERM, SIGHUP) arrived; the terminal has
  /// already been restored. The number is the signal's.
  case terminate(signal: Int32)
  /// The wait ended with nothing to report.
  case timeout
}

extension TerminalEvent {
  /// Whether the user caused it: a key, a mouse action or a resize.
  public var isInput: Bool {
    switch self {
    case .key, .mouse, .resize: return true
    case .wake, .repaint, .terminate, .timeout: return false
    }
  }
}
