import CNcursesw
import TerminalKit

/// Writes frame diffs as escape sequences straight to the terminal device.
///
/// ncurses still owns the terminal's modes, the alternate screen, input and
/// resizing; it never draws, so its own picture of the screen stays blank. Only
/// when it repaints that blank picture (on its first refresh, after a resize,
/// after Ctrl-Z) must this writer repaint everything: `CursesTerminal` asks for
/// a full redraw then.
@MainActor
final class EscapeScreenWriter: ScreenWriter {
  private var writer: ANSIWriter
  /// Whether the terminal takes scroll regions; without, every changed row is written.
  private let movesLines: Bool
  /// Where frames go: standard output, or `/dev/tty`.
  private let output: Int32

  init(mode: ColorMode, output: Int32) {
    writer = ANSIWriter(mode: mode)
    self.output = output
    movesLines = gallery_terminal_has_scroll_regions() != 0
    // Lets ncurses do its first refresh (clear the screen) and send what it has
    // queued (keypad and mouse modes, the hidden cursor) before any frame.
    _ = wnoutrefresh(gallery_stdscr())
    _ = doupdate()
  }

  func draw(_ frame: Frame, over previous: Frame?) -> Int? {
    let diff = FrameDiff(from: previous, to: frame, scrolling: movesLines)
    guard !diff.isEmpty || diff.isFullRedraw else { return 0 }
    var bytes = writer.update(diff)
    // ncurses assumes the plain style whenever it writes (endwin, a resize).
    writer.reset(into: &bytes)
    // Ctrl-Z waits until the frame is whole: ncurses' handler leaves the
    // alternate screen, and the rest of a frame would land on the shell's screen.
    gallery_block_stop_signal(1)
    _ = bytes.withUnsafeBufferPointer { gallery_write_all(output, $0.baseAddress, $0.count) }
    gallery_block_stop_signal(0)
    return bytes.count
  }

  func terminalResized() {
    // ncurses has resized its windows and will repaint them (blank) on the next
    // refresh, which `wget_wch` would do on its own after this frame. Now, then.
    _ = wnoutrefresh(gallery_stdscr())
    _ = doupdate()
  }
}
