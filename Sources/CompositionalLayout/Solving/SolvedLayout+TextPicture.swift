extension SolvedLayout {
  /// The letters that stand for items in a text picture, in item order (cycling).
  public static let pictureLetters = Array(
    "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

  /// A picture of the solved layout as text, one character per cell, rows joined by "\n".
  ///
  /// Each item's frame is painted with a letter (item i of each section: letter i, cycling
  /// through A–Z then a–z), headers, footers and badges with `#`, decorations with `:`,
  /// empty cells with `.`. Items paint over supplementary items, which paint over
  /// decorations. Covers `rect`, or the whole content when nil. For tests and debugging:
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
    let all = attributes(in: area, orthogonalOffsets: orthogonalOffsets)
    for attribute in all {
      if case .decoration = attribute.category { paint(attribute.frame, ":") }
    }
    for attribute in all {
      if case .supplementary = attribute.category { paint(attribute.frame, "#") }
    }
    for attribute in all where attribute.category == .item {
      let letters = Self.pictureLetters
      paint(attribute.frame, letters[attribute.indexPath.item % letters.count])
    }
    return grid.map { String($0) }.joined(separator: "\n")
  }
}
