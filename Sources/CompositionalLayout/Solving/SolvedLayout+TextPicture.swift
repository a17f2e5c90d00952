extension SolvedLayout {
  /// The letters that stand for items in a text picture, in item order (cycling).
  public static let pictureLetters = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

  /// A picture of the solved layout as text, one character per cell, rows joined by "\n".
  ///
  /// Each item's frame is painted with a letter (item i of each section: letter i, cycling
  /// through A–Z then a–z), headers, footers and badges with `#`, decorations with `:`,
  /// empty cells with `.`. Elements paint in draw order (zIndex; at equal zIndex
  /// decorations, then items, then supplementary items). Covers `rect`, or the whole content when nil. For tests and debugging:
  /// it visits every element in `rect`.
  public func textPicture(in rect: CellRect? = nil, orthogonalOffsets: [Int: Int] = [:])
    -> String
  {
    let area = rect ?? CellRect(origin: .zero, size: contentSize)
    guard !area.isEmpty else { return "" }
    var grid = [[Character]](
      repeating: [Character](repeating: ".", count: area.width), count: area.height)
    func paint(_ frame: CellRect, _ letter: Character) {
      for y in max(frame.minY, area.minY)..<max(min(frame.maxY, area.maxY), area.minY) {
        for x in max(frame.minX, area.minX)..<max(min(frame.maxX, area.maxX), area.minX) {
          grid[y - area.minY][x - area.minX] = letter
        }
      }
    }
    // Paint in draw order: by zIndex, then decorations, items, supplementary items.
    func rank(_ category: LayoutAttributes.Category) -> Int {
      switch category {
      case .decoration: return 0
      case .item: return 1
      case .supplementary: return 2
      }
    }
    let all = attributes(in: area, orthogonalOffsets: orthogonalOffsets).sorted {
      ($0.zIndex, rank($0.category)) < ($1.zIndex, rank($1.category))
    }
    let letters = Self.pictureLetters
    for attribute in all {
      switch attribute.category {
      case .decoration: paint(attribute.frame, ":")
      case .supplementary: paint(attribute.displayFrame, "#")
      case .item: paint(attribute.frame, letters[attribute.indexPath.item % letters.count])
      }
    }
    return grid.map { String($0) }.joined(separator: "\n")
  }
}
