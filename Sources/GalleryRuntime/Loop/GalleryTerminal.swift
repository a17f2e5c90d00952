import Gallery
import TerminalKit

/// What the runtime needs of a terminal: its size, its events, and a place to draw.
///
/// `CursesTerminal` is the real one; the tests drive the runtime with a fake that
/// records frames. Every call happens on the main actor.
@MainActor
package protocol GalleryTerminal: AnyObject {
  associatedtype Waker: TerminalWaking

  /// The size now: columns, rows and the shape of a cell.
  var size: TerminalSize { get }
  /// Wakes a waiting `nextEvent` from any thread.
  var waker: Waker { get }
  /// Waits for the next event: a key, a mouse action, a resize (with the new size), a
  /// wake, or a termination signal; `.timeout` after `timeout` (nil: wait until
  /// something happens).
  func nextEvent(timeout: Duration?) -> TerminalEvent
  /// Draws `frame`, writing only what differs from the frame on screen (everything
  /// after `invalidate()`); returns the bytes written, nil when the terminal cannot tell.
  @discardableResult func draw(_ frame: Frame) -> Int?
  /// Makes the next `draw` repaint the whole screen (Ctrl-L).
  func invalidate()
  /// Writes a control string (the clipboard's OSC 52) between frames; it draws nothing.
  func send(_ control: ControlString)
  /// The terminal device's descriptor, for a program the terminal is handed to; nil
  /// when there is none (a test double).
  var deviceDescriptor: Int32? { get }
  /// Hands the terminal to another program, as Ctrl-Z does; nothing is drawn until
  /// `resume()`.
  func suspend()
  /// Takes the terminal back; the next `draw` repaints the whole screen.
  func resume()
}

/// Wakes a terminal's wait for events from any thread.
package protocol TerminalWaking: Sendable {
  func wake()
}
