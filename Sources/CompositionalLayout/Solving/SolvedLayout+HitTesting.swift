extension SolvedLayout {
  /// The item under `point` (content coordinates), for mouse clicks; nil over empty cells.
  ///
  /// When items overlap, the one with the highest zIndex wins (the first found on a tie).
  /// O(log n + items near the point).
  public func indexPath(at point: CellPoint, orthogonalOffsets: [Int: Int] = [:])
    -> ItemIndexPath?
  {
    let cell = CellRect(x: point.x, y: point.y, width: 1, height: 1)
    return attributes(in: cell, orthogonalOffsets: orthogonalOffsets)
      .filter { $0.category == .item }
      .max { $0.zIndex < $1.zIndex }?.indexPath
  }

  /// The section whose frame holds row `y` (column `y` in a horizontal layout), or nil
  /// between and outside sections. O(log n).
  public func section(atRow y: Int) -> Int? {
    var low = 0
    var high = solvedSections.count
    while low < high {
      let middle = (low + high) / 2
      if solvedSections[middle].frame.maxY <= y { low = middle + 1 } else { high = middle }
    }
    guard low < solvedSections.count, solvedSections[low].frame.minY <= y else { return nil }
    return low
  }
}
