import CompositionalLayout
import Pictures
import TerminalKit

/// A histogram in cells, at any size: red, green and blue over each other on top, as
/// Lightroom draws them (where two overlap, their mix: red and green yellow, all three
/// grey), the luminance under them in grey; each bar in eighths of a row (`▁`…`█`), one
/// column for each `256 ÷ width` levels (one for each level at most, centred when the
/// rectangle is wider), dark on the left.
///
/// Each histogram is scaled to its tallest column apart from the two ends: clipped
/// pixels pile up at 0 and 255, and would flatten everything else; the ends are drawn
/// full height when they are taller.
enum HistogramView {
  static let eighths: [Character] = [" ", "▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
  static let asciiEighths: [Character] = [" ", " ", " ", ".", ".", "o", "o", "#", "#"]

  static func draw(
    _ histogram: ToneHistogram, in rect: CellRect, appearance: Appearance, into frame: inout Frame
  ) {
    guard rect.width > 1, rect.height > 0 else { return }
    frame.fill(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height)
    // A column for each level at most: wider, the histogram is centred.
    let width = min(rect.width, 256)
    let rect = CellRect(
      x: rect.minX + (rect.width - width) / 2, y: rect.minY, width: width, height: rect.height)
    let luminanceRows = rect.height >= 4 ? max(1, rect.height / 3) : 0
    let colourRows = rect.height - luminanceRows
    let glyphs = appearance.unicode ? eighths : asciiEighths
    let light = appearance.theme.tone == .light
    let red = heights(histogram.columns(width, of: .red), rows: colourRows)
    let green = heights(histogram.columns(width, of: .green), rows: colourRows)
    let blue = heights(histogram.columns(width, of: .blue), rows: colourRows)
    for column in 0..<width {
      for row in 0..<colourRows {
        let level = row * 8
        let fills = [red[column], green[column], blue[column]].map { min(8, max(0, $0 - level)) }
        guard let most = fills.max(), most > 0 else { continue }
        // The colour of the channels filling at least half the cell, else of any in it.
        let strong = fills.map { $0 >= 4 }
        let present = strong.contains(true) ? strong : fills.map { $0 > 0 }
        frame.put(
          String(glyphs[most]), x: rect.minX + column, y: rect.maxY - luminanceRows - 1 - row,
          style: Style(foreground: mix(present, light: light)))
      }
    }
    guard luminanceRows > 0 else { return }
    let luminance = heights(histogram.columns(width, of: .luminance), rows: luminanceRows)
    let grey: Color = light ? .rgb(96, 96, 96) : .rgb(176, 176, 176)
    for column in 0..<width {
      for row in 0..<luminanceRows {
        let fill = min(8, max(0, luminance[column] - row * 8))
        guard fill > 0 else { continue }
        frame.put(
          String(glyphs[fill]), x: rect.minX + column, y: rect.maxY - 1 - row,
          style: Style(foreground: grey))
      }
    }
  }

  /// Each column's height in eighths of a row, out of `rows` rows.
  static func heights(_ columns: [UInt32], rows: Int) -> [Int] {
    guard rows > 0, !columns.isEmpty else { return columns.map { _ in 0 } }
    let inner = columns.count > 2 ? columns.dropFirst().dropLast() : columns[...]
    let tallest = Double(max(1, inner.max() ?? 1))
    return columns.map { count in
      let eighths = Double(count) / tallest * Double(rows * 8)
      return min(rows * 8, Int(eighths.rounded()))
    }
  }

  /// The colour of red, green and blue together (`present` in that order): their mix,
  /// darker on a light background.
  static func mix(_ present: [Bool], light: Bool) -> Color {
    let on: UInt8 = light ? 200 : 235
    let off: UInt8 = light ? 0 : 60
    let all = present.allSatisfy { $0 }
    if all { return light ? .rgb(110, 110, 110) : .rgb(200, 200, 200) }
    return .rgb(present[0] ? on : off, present[1] ? on : off, present[2] ? on : off)
  }

  /// `▲ 0.4 %  ▼ 1.2 %` (`^` and `v` without a UTF-8 locale): the clipped highlights and
  /// shadows, to a tenth of a percent, below 0.1 % as `< 0.1 %`, none as `0 %`.
  static func clippingText(_ clipping: Clipping, appearance: Appearance) -> String {
    let up = appearance.unicode ? "▲" : "^"
    let down = appearance.unicode ? "▼" : "v"
    return "\(up) \(percent(clipping.highlights))  \(down) \(percent(clipping.shadows))"
  }

  /// A share as `12.3 %`, `< 0.1 %` or `0 %`.
  static func percent(_ share: Double) -> String {
    guard share > 0 else { return "0 %" }
    let tenths = (share * 1000).rounded()
    guard tenths >= 1 else { return "< 0.1 %" }
    let whole = Int(tenths) / 10
    let tenth = Int(tenths) % 10
    return tenth == 0 ? "\(whole) %" : "\(whole).\(tenth) %"
  }
}
