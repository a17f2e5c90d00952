/// A picture as shown: its placement and the part of it on screen, in cells.
struct ShownImage: Hashable, Sendable {
  var placement: ImagePlacement
  /// The shown part, in cells from the picture's top-left.
  var cropX: Int
  var cropY: Int
  var columns: Int
  var rows: Int

  var image: TerminalImage { placement.image }
  var left: Int { placement.x + cropX }
  var top: Int { placement.y + cropY }

  /// Whether the picture's cell at (`column`, `row`) of `frame` is one it owns (the frame
  /// marks a picture's cells with its id and row).
  static func owns(_ placement: ImagePlacement, _ frame: Frame, column: Int, row: Int) -> Bool {
    frame.cells[row * frame.width + column]
      == Cell.imageMarker(imageID: placement.image.id, row: row - placement.y)
  }

  /// The frame's cells the picture covers (clipped to `frame` and `rows`), by index.
  func addCells(to cells: inout Set<Int>, frame: Frame, within rows: ClosedRange<Int>? = nil) {
    let top = max(self.top, rows?.lowerBound ?? 0, 0)
    let bottom = min(self.top + self.rows, (rows?.upperBound ?? Int.max - 1) + 1, frame.height)
    let left = max(0, self.left)
    let right = min(frame.width, self.left + columns)
    guard top < bottom, left < right else { return }
    for row in top..<bottom {
      for column in left..<right { cells.insert(row * frame.width + column) }
    }
  }
}

/// What a frame needs besides its cell runs, gathered from every protocol.
struct ImagePlan {
  /// Written before the scroll: kitty deletions.
  var before: [UInt8] = []
  /// Written after the pictures are drawn: the kitty placements they replace.
  var after: [UInt8] = []
  /// kitty transmissions: first, while the old pictures still show; after a full
  /// redraw's clear (kitty frees stored images on a clear).
  var transmissions: [UInt8] = []
  /// Files the transmissions name, to write before them (`KittyTransfer.temporaryFile`).
  var files: [KittyFile] = []
  /// Cells to rewrite from the new frame with the runs (stale pixels).
  var dirty: [Int] = []
  /// Pictures to draw after the runs, in frame order.
  var draws: [ShownImage] = []
}
