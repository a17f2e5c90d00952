import CNcursesw
import TerminalKit

/// Draws frame diffs cell by cell into ncurses' standard screen and lets
/// `doupdate` write them.
@MainActor
final class CursesScreenWriter: ScreenWriter {
  private var colorPairs: ColorPairs
  private var cellText: [wchar_t]

  init(mode: ColorMode, terminalColors: Int) {
    colorPairs = ColorPairs(
      mode: mode, terminalColors: terminalColors,
      capacity: terminalColors > 0 ? Int(gallery_color_pairs()) : 0)
    cellText = Array(repeating: 0, count: Int(gallery_max_cchar()) + 1)
  }

  func draw(_ frame: Frame, over previous: Frame?) -> Int? {
    // An emptied pair table leaves every pair on the screen stale.
    let pairsReset = colorPairs.reserve(cells: frame.width * frame.height)
    let diff = FrameDiff(from: pairsReset ? nil : previous, to: frame)
    guard !diff.isEmpty || diff.isFullRedraw else { return nil }
    apply(diff)
    if diff.isFullRedraw { _ = clearok(gallery_curscr(), true) }
    _ = wnoutrefresh(gallery_stdscr())
    _ = doupdate()
    return nil
  }

  func terminalResized() {}

  func forgetImage(_ id: UInt32) {}

  func kittyTransferFailed(imageID id: UInt32) {}

  func finish() {}

  /// Writes a diff's cells into the curses screen without refreshing.
  private func apply(_ diff: FrameDiff) {
    if diff.isFullRedraw { _ = werase(gallery_stdscr()) }
    var lastStyle: Style?
    var attributes: attr_t = 0
    var pair: Int32 = 0
    for run in diff.runs {
      var x = run.x
      for cell in run.cells {
        defer { x += 1 }
        guard var character = cell.character else { continue }
        var cell = cell
        // Pictures need escape sequences: their cells are blank here.
        if cell.isImageMarker {
          character = " "
          cell.style = .plain
        }
        if cell.style != lastStyle {
          lastStyle = cell.style
          attributes = Self.attributes(cell.style.attributes)
          pair = colorPairs.pair(
            foreground: cell.style.foreground, background: cell.style.background)
        }
        let scalars = character.unicodeScalars
        if let first = scalars.first, scalars.index(after: scalars.startIndex) == scalars.endIndex {
          // One scalar (nearly every cell: blanks, block elements, ASCII).
          _ = gallery_put_char(
            Int32(run.y), Int32(x), wchar_t(bitPattern: first.value), attributes, pair)
          continue
        }
        var count = 0
        for scalar in scalars where count < cellText.count - 1 {
          cellText[count] = wchar_t(bitPattern: scalar.value)
          count += 1
        }
        cellText[count] = 0
        _ = cellText.withUnsafeBufferPointer { text in
          gallery_put_cell(Int32(run.y), Int32(x), text.baseAddress, attributes, pair)
        }
      }
    }
  }

  static func attributes(_ attributes: TextAttributes) -> attr_t {
    var result = gallery_a_normal()
    if attributes.contains(.bold) { result |= gallery_a_bold() }
    if attributes.contains(.dim) { result |= gallery_a_dim() }
    if attributes.contains(.italic) { result |= gallery_a_italic() }
    if attributes.contains(.underline) { result |= gallery_a_underline() }
    if attributes.contains(.reverse) { result |= gallery_a_reverse() }
    return result
  }
}
