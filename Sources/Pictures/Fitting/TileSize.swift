/// The size of a thumbnail tile in terminal cells.
///
/// Named apart from the layout engine's `CellSize`: this target does not depend on the
/// layout, and the app imports both.
public struct TileSize: Hashable, Sendable, CustomStringConvertible {
  public var columns: Int
  public var rows: Int

  public init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  public var description: String { "\(columns)x\(rows)" }
}
