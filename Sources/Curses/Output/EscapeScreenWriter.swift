import CNcursesw
import TerminalKit

/// Writes frame diffs as escape sequences straight to the terminal.
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
  /// The terminal's descriptor: standard output, or `/dev/tty`.
  private let output: Int32

  /// Whether sixel pictures are drawn: the cursor is then asked to stay to the
  /// right of each one (`CSI ? 8452 h`), so a picture on the last rows never
  /// scrolls the screen.
  private let sixel: Bool
  /// The files kitty images travel by, when they go by file.
  private let files: KittyTransferFiles?
  /// Whether they still do: not once kitty could not read one, or one could not be written.
  private var filesWork = true
  /// The most frames kitty may have left unread when a frame is written by file. Further
  /// behind (a video's frames coming faster than it draws them), a frame's pictures travel
  /// in its bytes, whose write waits for kitty: the video keeps to kitty's pace (the
  /// player leaves out the frames it cannot show) and no files pile up.
  static let mostUnread = 4

  init(
    mode: ColorMode, output: Int32, images: ImageWriter = ImageWriter(), sixel: Bool = false,
    kittyFiles: KittyTransferFiles? = nil
  ) {
    var images = images
    if let kittyFiles { images.kittyTransfer = .temporaryFile(prefix: kittyFiles.prefix) }
    files = kittyFiles
    writer = ANSIWriter(mode: mode, images: images)
    self.output = output
    movesLines = gallery_terminal_has_scroll_regions() != 0
    self.sixel = sixel
    // Lets ncurses do its first refresh (clear the screen) and send what it has
    // queued (keypad and mouse modes, the hidden cursor) before any frame.
    _ = wnoutrefresh(gallery_stdscr())
    _ = doupdate()
    if sixel { write(Array("\u{1B}[?8452h".utf8)) }
  }

  func forgetImage(_ id: UInt32) {
    writer.images.forget(imageID: id)
  }

  func kittyTransferFailed(imageID id: UInt32) {
    filesWork = false
    writer.images.transferFailed(imageID: id)
  }

  func finish() {
    files?.removeAll()
    var bytes = writer.images.releaseAll()
    if sixel { bytes += Array("\u{1B}[?8452l".utf8) }
    if !bytes.isEmpty { write(bytes) }
  }

  private func write(_ bytes: [UInt8]) {
    _ = bytes.withUnsafeBufferPointer { gallery_write_all(output, $0.baseAddress, $0.count) }
  }

  func draw(_ frame: Frame, over previous: Frame?) -> Int? {
    files?.sweep()
    if let files, filesWork {
      writer.images.kittyTransfer =
        files.unreadFrames > Self.mostUnread ? .direct : .temporaryFile(prefix: files.prefix)
    }
    var bytes = writer.update(from: previous, to: frame, scrolling: movesLines)
    let named = writer.takeFiles()
    if let files, !named.isEmpty, !files.write(named) {
      // A file not whole must not be named: this frame and the rest go directly.
      filesWork = false
      writer.images.kittyTransfer = .direct
      bytes = writer.update(from: nil, to: frame, scrolling: movesLines)
      _ = writer.takeFiles()
    }
    guard !bytes.isEmpty else { return 0 }
    // ncurses assumes the plain style whenever it writes (endwin, a resize).
    writer.reset(into: &bytes)
    // Ctrl-Z waits until the frame is whole: ncurses' handler leaves the
    // alternate screen, and the rest of a frame would land on the shell's screen.
    gallery_block_stop_signal(1)
    write(bytes)
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
