import CompositionalLayout
import Pictures

/// Where the detail view puts things on a screen: the picture's box on top, the details
/// below it, the status line last.
public struct DetailLayout: Hashable, Sendable {
  /// Rows of details under the picture.
  public static let infoRows = 5
  public let screen: CellSize

  public init(screen: CellSize) { self.screen = screen }

  /// The rectangle of the picture: the width less a column each side, the rows above
  /// the details.
  public var artRect: CellRect {
    CellRect(
      x: 1, y: 0, width: max(0, screen.width - 2), height: max(0, screen.height - 1 - Self.infoRows)
    )
  }

  /// The box the picture's cell art fills; nil when there is no room.
  public var artBox: TileSize? {
    let rect = artRect
    return rect.width > 0 && rect.height > 0
      ? TileSize(columns: rect.width, rows: rect.height) : nil
  }
}
