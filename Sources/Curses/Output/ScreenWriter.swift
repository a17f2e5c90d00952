import TerminalKit

/// Puts frames on the screen: the part of the terminal that differs by
/// `DrawingMethod`.
@MainActor
protocol ScreenWriter: AnyObject {
  /// Draws `frame` over `previous`, the frame now on the screen (nil: unknown,
  /// repaint everything). Writes nothing when the two are equal. Returns the
  /// bytes written, when known (ncurses does not tell).
  func draw(_ frame: Frame, over previous: Frame?) -> Int?
  /// After ncurses has handled a size change (`KEY_RESIZE`), before the next draw.
  func terminalResized()
  /// Frees a kitty image the terminal holds, with the next frame not showing it.
  func forgetImage(_ id: UInt32)
  /// kitty could not load image `id` from its file: it and every later image go directly.
  func kittyTransferFailed(imageID id: UInt32)
  /// Before the terminal ends: frees stored images, undoes image modes.
  func finish()
}
