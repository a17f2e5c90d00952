import Pictures

/// A block element and the part of a cell it covers, on an 8×8 grid.
///
/// `mask` bit `y × 8 + x` is set where the character draws in its foreground colour
/// (x from the left, y from the top); the rest of the cell shows the background.
/// `rectangles` covers the same pixels, as half-open `(x0, y0, x1, y1)` boxes.
struct BlockSymbol: Hashable, Sendable {
  let character: Character
  let mask: UInt64
  let rectangles: [BlockRectangle]

  init(_ character: Character, _ rectangles: [BlockRectangle]) {
    self.character = character
    self.rectangles = rectangles
    self.mask = rectangles.reduce(0) { $0 | $1.mask }
  }

  /// Pixels covered, 0–64.
  var area: Int { mask.nonzeroBitCount }
}

/// A half-open box of a cell's 8×8 pixels.
struct BlockRectangle: Hashable, Sendable {
  let x0: Int
  let y0: Int
  let x1: Int
  let y1: Int

  init(_ x0: Int, _ y0: Int, _ x1: Int, _ y1: Int) {
    self.x0 = x0
    self.y0 = y0
    self.x1 = x1
    self.y1 = y1
  }

  var mask: UInt64 {
    var bits: UInt64 = 0
    for y in y0..<y1 {
      for x in x0..<x1 { bits |= 1 << UInt64(y * 8 + x) }
    }
    return bits
  }
}

/// The block elements each block-shaped `SymbolSet` draws with.
///
/// Only one of a character and its complement is listed (▀, not ▄; ▐, not ▌): with both
/// colours free, a mask and its complement draw the same cell with the colours swapped,
/// so listing both would only double the search. The lists are those libchafa itself
/// emits for the same tags, so the art keeps its familiar characters.
package enum BlockSymbols {
  /// The symbols of `set`, blank first; nil for sets that are not block elements
  /// (braille, ASCII), which libchafa draws.
  static func symbols(for set: SymbolSet) -> [BlockSymbol]? {
    switch set {
    case .blocks: blocks
    case .halfBlocks: halfBlocks
    case .quadrants: quadrants
    case .sextants: sextants
    case .braille, .ascii: nil
    }
  }

  /// The coverage of a block element any set draws (or its complement, ▄ ▌ █ …), nil
  /// for other characters. For measuring how close art comes to its picture.
  package static func coverage(of character: Character) -> UInt64? {
    coverageByCharacter[character]
  }

  /// The character of a code point known to be valid (the block elements' own).
  private static func character(_ code: UInt32) -> Character {
    Unicode.Scalar(code).map(Character.init) ?? " "
  }

  static let blank = BlockSymbol(" ", [])
  static let upperHalf = BlockSymbol("\u{2580}", [BlockRectangle(0, 0, 8, 4)])
  static let rightHalf = BlockSymbol("\u{2590}", [BlockRectangle(4, 0, 8, 8)])

  static let halfBlocks = [blank, upperHalf]

  static let quadrantSymbols: [BlockSymbol] = [
    BlockSymbol("\u{2596}", [BlockRectangle(0, 4, 4, 8)]),  // ▖ lower left
    BlockSymbol("\u{2597}", [BlockRectangle(4, 4, 8, 8)]),  // ▗ lower right
    BlockSymbol("\u{2598}", [BlockRectangle(0, 0, 4, 4)]),  // ▘ upper left
    BlockSymbol("\u{259D}", [BlockRectangle(4, 0, 8, 4)]),  // ▝ upper right
    BlockSymbol("\u{259E}", [BlockRectangle(4, 0, 8, 4), BlockRectangle(0, 4, 4, 8)]),  // ▞
  ]

  static let quadrants = [blank, upperHalf, rightHalf] + quadrantSymbols

  /// Halves, quadrants, the lower eighths ▁ ▂ ▃ ▅ ▆ (▄ and ▇ are ▀ and ▔ reversed), the
  /// left eighths ▏ ▎ ▍ ▋ ▊ (▌ and ▉ are ▐ and ▕ reversed), ▔ and ▕.
  static let blocks: [BlockSymbol] =
    quadrants
    + [1, 2, 3, 5, 6].map { eighths in
      BlockSymbol(
        character(0x2580 + UInt32(eighths)),
        [BlockRectangle(0, 8 - eighths, 8, 8)])
    }
    + [1, 2, 3, 5, 6].map { eighths in
      BlockSymbol(
        character(0x2590 - UInt32(eighths)),
        [BlockRectangle(0, 0, eighths, 8)])
    }
    + [
      BlockSymbol("\u{2594}", [BlockRectangle(0, 0, 8, 1)]),  // ▔
      BlockSymbol("\u{2595}", [BlockRectangle(7, 0, 8, 8)]),  // ▕
    ]

  /// The rows of a sextant's three bands on 8 pixels: 3, 2 and 3 (a third is 2⅔).
  static let sextantBands = [(0, 3), (3, 5), (5, 8)]

  /// Sextants (U+1FB00–U+1FB3B) whose lower right sixth is empty, ▐ and ▀: every
  /// pattern of the 2×3 grid up to its complement (▌ is ▐ reversed).
  static let sextants: [BlockSymbol] =
    [blank, upperHalf, rightHalf]
    + (1..<32).filter { $0 != 21 }.map { pattern in
      var rectangles: [BlockRectangle] = []
      for bit in 0..<6 where pattern & (1 << bit) != 0 {
        let band = sextantBands[bit / 2]
        let x0 = bit % 2 == 0 ? 0 : 4
        rectangles.append(BlockRectangle(x0, band.0, x0 + 4, band.1))
      }
      return BlockSymbol(sextantCharacter(pattern), rectangles)
    }

  /// The sextant character of a 2×3 pattern (bit 0 upper left, bit 1 upper right, …,
  /// bit 5 lower right), 1–62 but not 21 or 42 (▌ and ▐ are not sextants).
  static func sextantCharacter(_ pattern: Int) -> Character {
    let skipped = (pattern > 21 ? 1 : 0) + (pattern > 42 ? 1 : 0)
    return character(0x1FB00 + UInt32(pattern - 1 - skipped))
  }

  private static let coverageByCharacter: [Character: UInt64] = {
    var table: [Character: UInt64] = ["\u{2588}": ~0, "\u{2584}": ~upperHalf.mask]
    let reversed: [(Character, Character)] = [
      ("\u{258C}", "\u{2590}"), ("\u{2587}", "\u{2594}"), ("\u{2589}", "\u{2595}"),
      ("\u{2599}", "\u{259D}"), ("\u{259B}", "\u{2597}"), ("\u{259C}", "\u{2596}"),
      ("\u{259F}", "\u{2598}"), ("\u{259A}", "\u{259E}"),
    ]
    for symbol in blocks + sextants { table[symbol.character] = symbol.mask }
    for (character, complement) in reversed { table[character] = ~(table[complement] ?? 0) }
    for pattern in 32..<63 where pattern != 42 {
      table[sextantCharacter(pattern)] = ~(table[sextantCharacter(63 - pattern)] ?? 0)
    }
    return table
  }()
}
