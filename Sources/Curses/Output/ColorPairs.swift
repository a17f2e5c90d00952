import CNcursesw
import TerminalKit

/// Colour pairs allocated on demand per (foreground, background).
///
/// Uses ncurses' `alloc_pair` (6.1+), which returns the existing pair for a
/// combination, allocates a new extended pair otherwise, and reuses the least
/// recently used one when all are taken. Pair numbers go to curses through the
/// `opts` pointer, never ORed into attributes, so numbers past 255 work.
///
/// Numbers are cached per combination so `alloc_pair` (a tree search) and the
/// colour conversions run once per new combination, not once per cell. A cached
/// number is only valid while ncurses never recycles a pair, so the table must
/// never fill: `reserve(cells:)` before each frame empties it (and the cache)
/// when the frame's cells could overflow it; the caller then redraws every cell.
struct ColorPairs {
  let mode: ColorMode
  let terminalColors: Int
  /// Pairs ncurses can hold, not counting pair 0.
  let capacity: Int
  /// Pair numbers by `key(foreground:background:)`.
  private var cache: [UInt64: Int32] = [:]
  /// Pairs allocated since the table was last emptied (cache misses; an upper
  /// bound on the pairs in use).
  private(set) var allocated = 0
  /// False when the table is too small to hold one frame's worth of pairs:
  /// every cell then asks `alloc_pair`, which may recycle.
  private var isCaching: Bool

  /// Both colours packed in one integer: hashing the enums costs more than
  /// the lookup itself.
  private static func key(foreground: Color, background: Color) -> UInt64 {
    code(foreground) << 32 | code(background)
  }

  /// 0 for the default, 1 << 24 + index, or 2 << 24 + 0xRRGGBB.
  private static func code(_ color: Color) -> UInt64 {
    switch color {
    case .default: return 0
    case .indexed(let index): return 1 << 24 | UInt64(index)
    case .rgb(let r, let g, let b):
      return 2 << 24 | UInt64(r) << 16 | UInt64(g) << 8 | UInt64(b)
    }
  }

  init(mode: ColorMode, terminalColors: Int, capacity: Int) {
    self.mode = mode
    self.terminalColors = terminalColors
    self.capacity = max(0, capacity - 1)
    isCaching = mode != .monochrome
  }

  /// Makes room for a frame of `cells` cells. Returns true when the pair table
  /// was emptied: every pair on the screen is then stale and the frame must be
  /// drawn in full.
  mutating func reserve(cells: Int) -> Bool {
    guard isCaching else { return false }
    // Indexed modes have at most (colours + default)² combinations.
    let combinations =
      mode == .truecolor ? Int.max : (terminalColors + 1) * (terminalColors + 1)
    let needed = min(cells, max(0, combinations - allocated))
    guard allocated + needed > capacity else { return false }
    cache.removeAll(keepingCapacity: true)
    allocated = 0
    if min(cells, combinations) > capacity {
      // Even an empty table cannot hold a frame: leave recycling to ncurses.
      isCaching = false
      return false
    }
    reset_color_pairs()
    return true
  }

  /// The pair number for a foreground and background; 0 (the defaults) in
  /// monochrome.
  mutating func pair(foreground: Color, background: Color) -> Int32 {
    guard mode != .monochrome else { return 0 }
    guard isCaching else { return allocate(foreground: foreground, background: background) }
    let key = Self.key(foreground: foreground, background: background)
    if let pair = cache[key] { return pair }
    let pair = allocate(foreground: foreground, background: background)
    cache[key] = pair
    allocated += 1
    return pair
  }

  private func allocate(foreground: Color, background: Color) -> Int32 {
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
