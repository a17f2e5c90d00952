/// Frames as plain text for golden tests: the characters in one picture, the
/// styles in another, so a test reads like the screen and a diff of it is legible.
extension Frame {
  /// The characters, one line per row, with the right half of a wide character
  /// omitted (so each line looks as wide as on screen) and trailing spaces kept.
  public var text: String {
    var lines: [String] = []
    lines.reserveCapacity(height)
    for row in 0..<height {
      var line = ""
      for column in 0..<width {
        if let character = cells[row * width + column].character { line.append(character) }
      }
      lines.append(line)
    }
    return lines.joined(separator: "\n")
  }

  /// A picture of styles: each cell becomes the letter its style has in `legend`
  /// (`.` for the plain style; others `A`, `B`, … in order of first appearance,
  /// unless `legend` already names them). The continuation of a wide character
  /// repeats its letter, so every line has exactly `width` characters.
  public func styleMask(legend: [Style: Character] = [:]) -> (
    mask: String, legend: [Style: Character]
  ) {
    var legend = legend
    legend[.plain] = legend[.plain] ?? "."
    let letters = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
    var next = 0
    var lines: [String] = []
    for row in 0..<height {
      var line = ""
      for column in 0..<width {
        let style = cells[row * width + column].style
        if let letter = legend[style] {
          line.append(letter)
          continue
        }
        while next < letters.count && legend.values.contains(letters[next]) { next += 1 }
        let letter = next < letters.count ? letters[next] : "?"
        legend[style] = letter
        line.append(letter)
      }
      lines.append(line)
    }
    return (lines.joined(separator: "\n"), legend)
  }

  /// A frame from golden text: each line a row, wide characters taking two
  /// columns, short lines padded with blanks. Useful to build expected frames.
  public init(text: String, style: Style = .plain) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    let width = lines.map { $0.displayWidth }.max() ?? 0
    self.init(width: width, height: lines.count)
    for (row, line) in lines.enumerated() {
      put(line, x: 0, y: row, style: style, truncation: .clip)
    }
  }
}
