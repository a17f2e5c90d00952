/// The size of a terminal: its cells, and the shape of one cell.
public struct TerminalSize: Hashable, Sendable {
  /// Columns.
  public var width: Int
  /// Rows.
  public var height: Int
  /// Pixel height ÷ pixel width of one cell: what keeps a square picture square. 2 when
  /// the terminal does not report pixels.
  public var cellAspect: Double
  /// One cell's size in pixels, when the terminal says: what pictures in pixels are
  /// drawn at.
  public var cellPixels: CellPixelSize?

  public init(width: Int, height: Int, cellAspect: Double = 2, cellPixels: CellPixelSize? = nil) {
    self.width = width
    self.height = height
    self.cellAspect = cellAspect
    self.cellPixels = cellPixels
  }
}
