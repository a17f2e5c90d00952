import Pictures
import TerminalKit

/// Decoding ahead while the user is idle: what the state knows of it.
///
/// The run loop measures time: every key, mouse action or resize asks for the `idle`
/// timer again (`Prefetch.idleMilliseconds`), and when it fires the user is idle until the
/// next input. While idle, and once every picture on screen is drawn from the picture
/// itself, the wanted thumbnails go on past the screen (`GalleryState.prefetchWants`),
/// lowest priority first in line, within `Configuration.prefetchBytes`; the next input
/// drops them, and the run loop cancels their work at once.
package struct Prefetch: Hashable, Sendable {
  /// Whether the idle timer fired since the last input.
  package private(set) var isIdle = false
  /// The way the view last scrolled: 1 down, -1 up (down before any scroll).
  package private(set) var travel = 1

  /// The idle timer fired: the user is idle until the next input.
  mutating func noteIdle() { isIdle = true }

  /// An input came: the user is no longer idle.
  mutating func noteInput() { isIdle = false }

  /// The view scrolled from `oldY` to `newY` (content rows); no scroll keeps the way.
  mutating func noteScroll(from oldY: Int, to newY: Int) {
    if newY != oldY { travel = newY > oldY ? 1 : -1 }
  }

  /// How long after the last input the user counts as idle.
  package static let idleMilliseconds = 300
  /// The most bytes the prefetched thumbnails may take, as `estimatedBytes` counts them:
  /// their cell art and about their decoded copy (kept in memory, and written to the disk
  /// cache). About 120 tiles of 38×10, five or six pages of a grid. A small memory budget
  /// lowers it (`GalleryState.Configuration.prefetchBytes`).
  package static let budgetBytes = 24 << 20

  /// What a thumbnail in a box of `size` costs: its cells, and the pixels it is decoded
  /// at (8 a column, `cellAspect` times as many a row), 4 bytes each.
  package static func estimatedBytes(_ size: TileSize, cellAspect: Double) -> Int {
    let cells = size.columns * size.rows * MemoryLayout<Cell>.stride
    let pixels = size.columns * 8 * Int((Double(size.rows * 8) * cellAspect).rounded(.up))
    return cells + pixels * 4
  }
}
