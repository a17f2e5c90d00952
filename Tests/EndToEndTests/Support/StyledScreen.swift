/// A `capture-pane -e` screen read back into cells with their styles, so two captures
/// of the same picture compare equal however tmux chose to spell their escapes.
struct StyledScreen: Equatable {
  struct Style: Hashable {
    var attributes: Set<Int> = []
    var foreground = "default"
    var background = "default"
  }

  struct Cell: Hashable {
    var character: Character
    var style: Style
  }

  /// Rows of cells, each without its trailing blanks in the default style (tmux leaves
  /// those out for cells nothing was written to).
  let rows: [[Cell]]

  init(capture: String) {
    var style = Style()
    var rows: [[Cell]] = []
    for line in capture.split(separator: "\n", omittingEmptySubsequences: false) {
      var row: [Cell] = []
      var characters = line[...]
      while let character = characters.first {
        if character == "\u{1B}", let end = characters.firstIndex(of: "m") {
          let parameters = characters[characters.index(characters.startIndex, offsetBy: 2)..<end]
          Self.apply(parameters, to: &style)
          characters = characters[characters.index(after: end)...]
          continue
        }
        row.append(Cell(character: character, style: style))
        characters = characters.dropFirst()
      }
      while let last = row.last, last.character == " ", last.style == Style() { row.removeLast() }
      rows.append(row)
    }
    self.rows = rows
  }

  /// The rows that differ from `other`'s.
  func differingRows(from other: StyledScreen) -> [Int] {
    (0..<max(rows.count, other.rows.count)).filter {
      ($0 < rows.count ? rows[$0] : []) != ($0 < other.rows.count ? other.rows[$0] : [])
    }
  }

  /// Applies one SGR's parameters (`1;38;2;10;20;30`, colons allowed) to `style`.
  static func apply(_ parameters: Substring, to style: inout Style) {
    let values = parameters.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == ";" || $0 == ":" }
    ).map { Int($0) ?? 0 }
    var index = 0
    while index < values.count {
      let value = values[index]
      index += 1
      switch value {
      case 0: style = Style()
      case 1...9: style.attributes.insert(value)
      case 21, 22: style.attributes.subtract([1, 2])
      case 23...29: style.attributes.remove(value - 20)
      case 30...37, 90...97: style.foreground = "\(value)"
      case 39: style.foreground = "default"
      case 40...47, 100...107: style.background = "\(value)"
      case 49: style.background = "default"
      case 38, 48:
        let isRGB = index < values.count && values[index] == 2
        let count = isRGB ? 4 : 2
        let color = values[index..<min(values.count, index + count)].map(String.init)
          .joined(separator: ",")
        if value == 38 { style.foreground = color } else { style.background = color }
        index += count
      default: break
      }
    }
  }
}
