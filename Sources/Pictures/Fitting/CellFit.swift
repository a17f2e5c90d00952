/// Where a picture lands inside a box of cells: aspect kept, centred, never upscaled.
package struct CellFit: Hashable, Sendable {
  /// Column of the picture's left edge inside the box.
  package var column: Int
  /// Row of the picture's top edge inside the box.
  package var row: Int
  /// Columns the picture covers.
  package var columns: Int
  /// Rows the picture covers.
  package var rows: Int

  package init(column: Int, row: Int, columns: Int, rows: Int) {
    self.column = column
    self.row = row
    self.columns = columns
    self.rows = rows
  }

  /// Fits a `width`×`height` pixel picture into `box`.
  ///
  /// A cell is `cellAspect` times as tall as it is wide (pixel height / pixel
  /// width, 2.0 for most fonts), so a picture of aspect w/h covers c columns and
  /// r rows with c / (r × cellAspect) ≈ w / h. The picture is never shown larger
  /// than one source pixel per `cellPixelWidth` (a terminal cell's pixel width, 8
  /// by default), and always covers at least 1×1 cell. Rounded to nearest.
  package static func fitting(
    width: Int, height: Int, in box: TileSize, cellAspect: Double = 2.0, cellPixelWidth: Int = 8
  ) -> CellFit {
    guard box.columns > 0, box.rows > 0, width > 0, height > 0 else {
      return CellFit(column: 0, row: 0, columns: 0, rows: 0)
    }
    let aspect = Double(width) / Double(height)
    let cellHeight = Double(cellPixelWidth) * cellAspect
    // The native size in cells caps the box: no upscaling past the source.
    let maxColumns = min(
      box.columns, max(1, Int((Double(width) / Double(cellPixelWidth)).rounded(.up))))
    let maxRows = min(box.rows, max(1, Int((Double(height) / cellHeight).rounded(.up))))
    var columns: Int
    var rows: Int
    if Double(maxColumns) / (Double(maxRows) * cellAspect) > aspect {
      rows = maxRows
      columns = Int((aspect * Double(rows) * cellAspect).rounded())
    } else {
      columns = maxColumns
      rows = Int((Double(columns) / (aspect * cellAspect)).rounded())
    }
    columns = min(max(columns, 1), box.columns)
    rows = min(max(rows, 1), box.rows)
    return CellFit(
      column: (box.columns - columns) / 2, row: (box.rows - rows) / 2, columns: columns,
      rows: rows)
  }

  /// The pixel size worth drawing cell art from for this fit: 8×8 pixels a cell (its
  /// internal resolution), never more than the source.
  package func pixelTarget(sourceWidth: Int, sourceHeight: Int) -> (width: Int, height: Int) {
    (min(sourceWidth, max(1, columns * 8)), min(sourceHeight, max(1, rows * 8)))
  }
}
