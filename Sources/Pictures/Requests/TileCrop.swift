/// Part of a tile, in cells from its top-left.
package struct TileCrop: Hashable, Sendable {
  package var column: Int
  package var row: Int
  package var columns: Int
  package var rows: Int

  package init(column: Int, row: Int, columns: Int, rows: Int) {
    self.column = column
    self.row = row
    self.columns = columns
    self.rows = rows
  }
}
