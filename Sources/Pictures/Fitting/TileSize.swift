/// The size of a thumbnail tile in terminal cells.
///
/// Named apart from the layout engine's `CellSize`: this target does not depend on the
/// layout, and the app imports both.
package struct TileSize: Hashable, Sendable, CustomStringConvertible {
  package var columns: Int
  package var rows: Int

  package init(columns: Int, rows: Int) {
    self.columns = columns
    self.rows = rows
  }

  package var description: String { "\(columns)x\(rows)" }
}
