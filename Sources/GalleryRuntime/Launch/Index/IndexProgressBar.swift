import Gallery

/// The line `gallery --index` redraws on standard error while it reads:
/// `indexing ▕██████▌     ▏ 12,400 of 48,000 · 1,830/s`, in eighths of a cell; in ASCII
/// (`indexing [######      ] 12,400 of 48,000 - 1,830/s`) when the locale is not UTF-8.
///
/// A value: what to draw, and the bytes that draw and wipe it in place (a carriage
/// return and erase to the line's end), so the run only writes them.
package struct IndexProgressBar: Hashable, Sendable {
  /// The files done, index answers included.
  package var done: Int
  /// The files to do.
  package var total: Int
  /// Files read from disk a second; nil before there is a rate to speak of.
  package var rate: Int?
  /// The terminal's width in columns: the line never reaches the last one, so it never
  /// wraps and its carriage return always goes back to its start.
  package var width: Int
  /// Block elements, else ASCII.
  package var unicode: Bool
  /// The word before the bar: what is being done.
  package var label: String
  /// What follows the counts (`gallery import`'s bytes, speed and time left), nil for
  /// nothing.
  package var extra: String?
  /// How full the bar is, 0…1, when not `done` of `total` (an import's bytes).
  package var share: Double?

  /// Cells of the bar at most; fewer on a narrow terminal.
  static let barCells = 20

  package init(
    done: Int, total: Int, rate: Int?, width: Int, unicode: Bool, label: String = "indexing",
    extra: String? = nil, share: Double? = nil
  ) {
    self.label = label
    self.extra = extra
    self.share = share
    self.done = done
    self.total = total
    self.rate = rate
    self.width = width
    self.unicode = unicode
  }

  /// The line, fitted to `width - 1` columns: the bar shrinks first, then goes.
  package var line: String {
    let counts =
      CountText.grouped(min(done, total)) + " of " + CountText.grouped(total)
      + (rate.map { (unicode ? " · " : " - ") + CountText.grouped($0) + "/s" } ?? "")
      + (extra.map { (unicode ? " · " : " - ") + $0 } ?? "")
    let room = width - 1 - label.count - 1 - counts.count - 3
    guard room >= 5 else { return String((label + " " + counts).prefix(max(0, width - 1))) }
    return label + " " + bar(cells: min(Self.barCells, room)) + " " + counts
  }

  /// The bytes that draw the line over the previous one.
  package var drawing: String { "\r" + line + "\u{1B}[K" }

  /// The bytes that wipe the line, leaving the cursor at its start.
  package static let wiping = "\r\u{1B}[K"

  /// The bar itself, `cells` wide between its two ends.
  func bar(cells: Int) -> String {
    let fraction =
      share.map { min(1, max(0, $0)) } ?? (total > 0 ? Double(min(done, total)) / Double(total) : 1)
    if !unicode {
      let full = Int(fraction * Double(cells))
      return "[" + String(repeating: "#", count: full)
        + String(repeating: " ", count: cells - full) + "]"
    }
    let eighths = Int(fraction * Double(cells * 8))
    let full = eighths / 8
    let partial = eighths % 8
    // U+258F (one eighth) to U+2589 (seven eighths) grow from the left.
    let parts: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    var text = "▕" + String(repeating: "█", count: full)
    if partial > 0 { text.append(parts[partial - 1]) }
    text += String(repeating: " ", count: cells - full - (partial > 0 ? 1 : 0)) + "▏"
    return text
  }
}
