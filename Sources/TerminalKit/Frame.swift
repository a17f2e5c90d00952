/// A rectangular grid of cells: what one screen (or part of one) shows.
///
/// Views draw into a frame; a backend writes the difference between two frames
/// to the terminal. Coordinates are cells: x in columns from the left, y in rows
/// from the top. Writes outside the frame are clipped, never a trap.
public struct Frame: Hashable, Sendable {
  public let width: Int
  public let height: Int
  /// Row-major, `width × height` cells.
  public internal(set) var cells: [Cell]
  /// Pictures put with `place(_:x:y:)`, in the order they were put.
  public internal(set) var images: [ImagePlacement] = []

  /// A frame of blank cells; negative sizes give an empty frame.
  public init(width: Int, height: Int, fill: Cell = .blank) {
    self.width = max(0, width)
    self.height = max(0, height)
    self.cells = Array(repeating: fill, count: self.width * self.height)
  }

  /// Whether (x, y) lies inside the frame.
  @inlinable public func contains(x: Int, y: Int) -> Bool {
    x >= 0 && y >= 0 && x < width && y < height
  }

  /// The cell at (x, y); reading outside gives a blank cell, writing there is ignored.
  public subscript(x: Int, y: Int) -> Cell {
    get { contains(x: x, y: y) ? cells[y * width + x] : .blank }
    set { if contains(x: x, y: y) { cells[y * width + x] = newValue } }
  }
}
