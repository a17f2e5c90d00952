import CompositionalLayout

extension GalleryState {
  /// Pictures looked at on each side of the focus in an orthogonal row: enough for the
  /// stacks of the browse preset (three per group) and a showcase row (one).
  static let orthogonalReach = 8

  /// Left or right in an orthogonal row: the nearest picture beside `path` on the same
  /// rows (the stack next to it in the browse preset, the neighbour in a plain row);
  /// nil at the row's end. Frames are those of the whole row, scrolled or not.
  func orthogonalNeighbour(of path: ItemIndexPath, right: Bool) -> ItemIndexPath? {
    guard let origin = frame(of: path) else { return nil }
    var candidates: [(ItemIndexPath, CellRect)] = []
    for distance in 1...Self.orthogonalReach {
      let candidate = ItemIndexPath(
        item: path.item + (right ? distance : -distance), section: path.section)
      guard picture(at: candidate) != nil, let frame = frame(of: candidate) else { continue }
      let beside = right ? frame.minX >= origin.maxX : frame.maxX <= origin.minX
      let sharesRows = frame.minY < origin.maxY && frame.maxY > origin.minY
      if beside && sharesRows { candidates.append((candidate, frame)) }
    }
    return candidates.min { a, b in
      let da = right ? a.1.minX - origin.maxX : origin.minX - a.1.maxX
      let db = right ? b.1.minX - origin.maxX : origin.minX - b.1.maxX
      if da != db { return da < db }
      return abs(a.1.minY - origin.minY) < abs(b.1.minY - origin.minY)
    }?.0
  }
}
