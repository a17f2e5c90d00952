import CNcursesw
import TerminalKit

/// Colour pairs allocated on demand per (foreground, background).
///
/// Uses ncurses' `alloc_pair` (6.1+), which returns the existing pair for a
/// combination, allocates a new extended pair otherwise, and reuses the least
/// recently used one when all are taken. Pair numbers go to curses through the
/// `opts` pointer, never ORed into attributes, so numbers past 255 work.
struct ColorPairs {
  let mode: ColorMode
  let terminalColors: Int

  /// The pair number for a foreground and background; 0 (the defaults) in
  /// monochrome.
  mutating func pair(foreground: Color, background: Color) -> Int32 {
    guard mode != .monochrome else { return 0 }
    let fg = number(foreground.converted(to: mode))
    let bg = number(background.converted(to: mode))
    if fg == -1 && bg == -1 { return 0 }
    let pair = alloc_pair(fg, bg)
    return pair < 0 ? 0 : pair
  }

  /// The curses colour number: -1 for the default, a palette index, or in
  /// direct colour `0xRRGGBB` (values under 8 select ANSI colours there, so
  /// near-black rgb is lifted to 8).
  func number(_ color: Color) -> Int32 {
    switch color {
    case .default: return -1
    case .indexed(let index):
      if mode == .truecolor && index >= 8 {
        let (r, g, b) = Color.paletteRGB(index)
        return direct(r, g, b)
      }
      return terminalColors > 0 ? Int32(Int(index) % terminalColors) : -1
    case .rgb(let r, let g, let b): return direct(r, g, b)
    }
  }

  private func direct(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int32 {
    max(8, Int32(r) << 16 | Int32(g) << 8 | Int32(b))
  }
}
