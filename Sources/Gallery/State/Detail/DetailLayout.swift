import CompositionalLayout
import Pictures

/// Where the detail view puts things on a screen: the picture's box on top, its
/// histogram under it when shown, the details below, the status line last.
package struct DetailLayout: Hashable, Sendable {
  /// Rows of details under the picture.
  package static let infoRows = 5
  package let screen: CellSize
  /// The most cells a picture may cover (the terminal's largest sixel); nil: no limit.
  package let largest: TileSize?
  /// Rows of the histogram between the picture and the details, none while hidden.
  package let histogramRows: Int

  package init(screen: CellSize, largest: TileSize? = nil, showsHistogram: Bool = false) {
    self.screen = screen
    self.largest = largest
    let room = max(0, screen.height - 1 - Self.infoRows)
    histogramRows = showsHistogram ? min(SurveyLayout.histogramRowsMaximum, room / 4) : 0
  }

  /// The rectangle of the picture: the width less a column each side, the rows above
  /// the details; within `largest`, centred across and at the top.
  package var artRect: CellRect {
    var width = max(0, screen.width - 2)
    var height = max(0, screen.height - 1 - Self.infoRows - histogramRows)
    if let largest {
      width = min(width, largest.columns)
      height = min(height, largest.rows)
    }
    return CellRect(
      x: 1 + (max(0, screen.width - 2) - width) / 2, y: 0, width: width, height: height)
  }

  /// The histogram's rectangle, right under the picture, the width less a column each
  /// side; nil while hidden.
  package var histogramRect: CellRect? {
    guard histogramRows > 0 else { return nil }
    return CellRect(
      x: 1, y: artRect.maxY, width: max(0, screen.width - 2), height: histogramRows)
  }

  /// The box the picture's cell art fills; nil when there is no room.
  package var artBox: TileSize? {
    let rect = artRect
    return rect.width > 0 && rect.height > 0
      ? TileSize(columns: rect.width, rows: rect.height) : nil
  }
}
