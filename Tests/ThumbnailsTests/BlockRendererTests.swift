import Foundation
import Pictures
import TerminalKit
import TestSupport
import Testing

@testable import Thumbnails

/// The block renderer: exact where a cell is exactly a symbol, never further from the
/// picture than libchafa, and to the characters of its set.
@Suite struct BlockRendererTests {
  static let blockSets: [SymbolSet] = [.blocks, .halfBlocks, .quadrants, .sextants]

  /// A picture of `columns × rows` cells of 8×8 pixels, each cell `mask` in `ink` on
  /// `paper` (a different pair of colours each cell, so no cell borrows from another).
  static func painted(masks: [UInt64], columns: Int) -> PixelImage {
    let rows = (masks.count + columns - 1) / columns
    var pixels = [UInt8](repeating: 0, count: columns * 8 * rows * 8 * 4)
    for (index, mask) in masks.enumerated() {
      let ink: (UInt8, UInt8, UInt8) = (UInt8(40 + index % 7 * 30), 220, UInt8(index * 37 % 256))
      let paper: (UInt8, UInt8, UInt8) = (10, UInt8(index * 53 % 200), 90)
      for y in 0..<8 {
        for x in 0..<8 {
          let inked = mask & (1 << UInt64(y * 8 + x)) != 0
          let colour = inked ? ink : paper
          let at = (((index / columns) * 8 + y) * columns * 8 + (index % columns) * 8 + x) * 4
          pixels[at] = colour.0
          pixels[at + 1] = colour.1
          pixels[at + 2] = colour.2
          pixels[at + 3] = 255
        }
      }
    }
    return PixelImage(width: columns * 8, height: rows * 8, pixels: pixels)
  }

  /// Σ of the renderer's weighted squared differences between two same-sized pictures.
  static func weightedError(_ a: PixelImage, _ b: PixelImage) -> Int {
    let (wr, wg, wb) = BlockRenderer.channelWeights
    var total = 0
    for index in stride(from: 0, to: a.pixels.count, by: 4) {
      let dr = Int(a.pixels[index]) - Int(b.pixels[index])
      let dg = Int(a.pixels[index + 1]) - Int(b.pixels[index + 1])
      let db = Int(a.pixels[index + 2]) - Int(b.pixels[index + 2])
      total += Int(wr) * dr * dr + Int(wg) * dg * dg + Int(wb) * db * db
    }
    return total
  }

  /// 96×48 pixels of seeded noise.
  static func noise(seed: UInt64) -> PixelImage {
    var random = SplitMix64(seed: seed)
    var pixels = [UInt8](repeating: 255, count: 96 * 48 * 4)
    for index in pixels.indices where index % 4 != 3 {
      pixels[index] = UInt8(truncatingIfNeeded: random.next())
    }
    return PixelImage(width: 96, height: 48, pixels: pixels)
  }

  static func render(_ image: PixelImage, _ symbols: SymbolSet, mode: ColorMode = .truecolor)
    -> CellArt
  {
    let fit = CellFit(column: 0, row: 0, columns: image.width / 8, rows: image.height / 8)
    return CellArtRenderer.render(
      image, size: TileSize(columns: fit.columns, rows: fit.rows), fit: fit, mode: mode,
      symbols: symbols)
  }

  @Test(arguments: blockSets)
  func aCellThatIsExactlyASymbolOrItsComplementIsDrawnExactly(symbols: SymbolSet) throws {
    let set = try #require(BlockSymbols.symbols(for: symbols))
    let masks = set.map(\.mask).filter { $0 != 0 } + set.map { ~$0.mask }
    let picture = Self.painted(masks: masks, columns: 8)
    let art = Self.render(picture, symbols)
    let shown = try #require(art.paintedBack(), "a character without known coverage")
    #expect(Self.weightedError(shown, picture) == 0)
  }

  @Test func everyPatternOfTheCoarseSetsIsASymbolOrItsComplement() throws {
    // Quadrants: 16 patterns of a 2×2 grid; sextants: 64 of a 2×3 grid; halves: 4.
    func coarse(_ bits: Int, columns: Int, bands: [(Int, Int)]) -> UInt64 {
      var mask: UInt64 = 0
      for bit in 0..<(columns * bands.count) where bits & (1 << bit) != 0 {
        let (top, bottom) = bands[bit / columns]
        let left = bit % columns * (8 / columns)
        mask |= BlockRectangle(left, top, left + 8 / columns, bottom).mask
      }
      return mask
    }
    let cases: [(SymbolSet, Int, [(Int, Int)])] = [
      (.halfBlocks, 1, [(0, 4), (4, 8)]), (.quadrants, 2, [(0, 4), (4, 8)]),
      (.sextants, 2, BlockSymbols.sextantBands), (.blocks, 2, [(0, 4), (4, 8)]),
    ]
    for (symbols, columns, bands) in cases {
      let masks = Set(try #require(BlockSymbols.symbols(for: symbols)).map(\.mask))
      for bits in 0..<(1 << (columns * bands.count)) {
        let mask = coarse(bits, columns: columns, bands: bands)
        #expect(masks.contains(mask) || masks.contains(~mask), "\(symbols) lacks \(bits)")
      }
    }
  }

  @Test(arguments: blockSets)
  func noSymbolRepeatsAnotherOrItsComplement(symbols: SymbolSet) throws {
    let set = try #require(BlockSymbols.symbols(for: symbols))
    #expect(set.first?.character == " ")
    #expect(Set(set.map(\.character)).count == set.count)
    var seen: Set<UInt64> = []
    for symbol in set {
      #expect(!seen.contains(symbol.mask) && !seen.contains(~symbol.mask), "\(symbol.character)")
      seen.insert(symbol.mask)
    }
  }

  @Test func sextantsAreTheirUnicodeCharacters() {
    // BLOCK SEXTANT-1 is the upper left sixth; SEXTANT-23456 all but it; ▌ and ▐ are
    // skipped in the range.
    #expect(BlockSymbols.sextantCharacter(1) == "\u{1FB00}")
    #expect(BlockSymbols.sextantCharacter(20) == "\u{1FB13}")
    #expect(BlockSymbols.sextantCharacter(22) == "\u{1FB14}")
    #expect(BlockSymbols.sextantCharacter(62) == "\u{1FB3B}")
    #expect(BlockSymbols.coverage(of: "\u{1FB3B}") == ~BlockSymbols.coverage(of: "\u{1FB00}")!)
  }

  @Test func aFlatPictureIsBlankCellsOfItsColour() {
    let teal = PixelImage(width: 40, height: 24, filledWith: (0, 128, 128, 255))
    for symbols in Self.blockSets {
      for cell in Self.render(teal, symbols).cells {
        #expect(cell.character == " " && cell.style.background == .rgb(0, 128, 128))
      }
    }
  }

  /// The same samples to both (8×8 pixels a cell, so neither resamples): exhaustive least
  /// squares can only come closer than libchafa's search, whatever its work factor.
  @Test(arguments: blockSets)
  func neverFurtherFromThePictureThanLibchafa(symbols: SymbolSet) throws {
    let pictures = [
      Fixtures.scene(width: 96, height: 48), Self.noise(seed: 7),
      Fixtures.quadrants(width: 36, height: 20).resampled(toWidth: 96, height: 48),
    ]
    for picture in pictures {
      let ours = try #require(Self.render(picture, symbols).paintedBack())
      for workFactor: Float in [0.3, 1.0] {
        let fit = CellFit(column: 0, row: 0, columns: 12, rows: 6)
        let chafa = ChafaRenderer.render(
          picture, size: TileSize(columns: 12, rows: 6), fit: fit, mode: .truecolor,
          symbols: symbols, workFactor: workFactor)
        guard let theirs = chafa.paintedBack() else {
          Issue.record("libchafa drew a character without known coverage (\(symbols))")
          continue
        }
        #expect(
          Self.weightedError(ours, picture) <= Self.weightedError(theirs, picture),
          "\(symbols) at libchafa's work factor \(workFactor)")
      }
    }
  }

  @Test func otherSetsAndModesAreLibchafas() {
    let picture = Fixtures.scene(width: 96, height: 48)
    let fit = CellFit(column: 0, row: 0, columns: 12, rows: 6)
    let size = TileSize(columns: 12, rows: 6)
    let cases: [(ColorMode, SymbolSet)] = [
      (.truecolor, .braille), (.truecolor, .ascii), (.indexed256, .braille),
      (.ansi16, .blocks), (.ansi16, .sextants), (.monochrome, .blocks),
    ]
    for (mode, symbols) in cases {
      #expect(!BlockRenderer.draws(symbols, in: mode))
      let drawn = CellArtRenderer.render(
        picture, size: size, fit: fit, mode: mode, symbols: symbols)
      let libchafa = ChafaRenderer.render(
        picture, size: size, fit: fit, mode: mode, symbols: symbols)
      #expect(drawn == libchafa, "\(mode) \(symbols)")
    }
    for symbols in Self.blockSets {
      #expect(BlockRenderer.draws(symbols, in: .truecolor))
      #expect(BlockRenderer.draws(symbols, in: .indexed256))
    }
  }

  /// In 256 colours each symbol is scored with the colours the palette shows: no further
  /// from the picture than libchafa's search over the same palette.
  @Test func twoHundredFiftySixColoursAreNoFurtherThanLibchafas() throws {
    let fit = CellFit(column: 0, row: 0, columns: 12, rows: 6)
    let size = TileSize(columns: 12, rows: 6)
    for picture in [Fixtures.scene(width: 96, height: 48), Self.noise(seed: 11)] {
      let ours = Self.render(picture, .blocks, mode: .indexed256)
      let theirs = ChafaRenderer.render(
        picture, size: size, fit: fit, mode: .indexed256, symbols: .blocks)
      let oursShown = try #require(ours.paintedBack())
      let theirsShown = try #require(theirs.paintedBack())
      #expect(
        Self.weightedError(oursShown, picture) <= Self.weightedError(theirsShown, picture))
    }
  }

  @Test func anOffCentreFitLeavesTheLetterboxBlank() {
    let picture = Fixtures.scene(width: 48, height: 24)
    let fit = CellFit(column: 3, row: 1, columns: 6, rows: 3)
    let art = CellArtRenderer.render(
      picture, size: TileSize(columns: 12, rows: 5), fit: fit, mode: .truecolor,
      symbols: .blocks)
    for row in 0..<5 {
      for column in 0..<12 {
        let inside = (3..<9).contains(column) && (1..<4).contains(row)
        #expect((art[column, row] == .blank) != inside, "cell \(column), \(row)")
      }
    }
    // The picture's own cells are those it gets in a box of its size.
    let alone = Self.render(picture, .blocks)
    #expect(art[3, 1] == alone[0, 0] && art[8, 3] == alone[5, 2])
  }

  @Test(arguments: blockSets)
  func aSymbolsRectanglesDoNotOverlap(symbols: SymbolSet) throws {
    for symbol in try #require(BlockSymbols.symbols(for: symbols)) {
      let area = symbol.rectangles.reduce(0) { $0 + ($1.x1 - $1.x0) * ($1.y1 - $1.y0) }
      #expect(area == symbol.area, "\(symbol.character)")
    }
  }

  /// Every block element's coverage, written out from its Unicode name (x from the left,
  /// y from the top of 8×8), against the tables the renderer uses.
  @Test func blockElementsCoverWhatTheirNamesSay() {
    let names: [Character: (Int, Int) -> Bool] = [
      "▀": { _, y in y < 4 }, "▁": { _, y in y >= 7 }, "▂": { _, y in y >= 6 },
      "▃": { _, y in y >= 5 }, "▄": { _, y in y >= 4 }, "▅": { _, y in y >= 3 },
      "▆": { _, y in y >= 2 }, "▇": { _, y in y >= 1 }, "█": { _, _ in true },
      "▉": { x, _ in x < 7 }, "▊": { x, _ in x < 6 }, "▋": { x, _ in x < 5 },
      "▌": { x, _ in x < 4 }, "▍": { x, _ in x < 3 }, "▎": { x, _ in x < 2 },
      "▏": { x, _ in x < 1 }, "▐": { x, _ in x >= 4 }, "▔": { _, y in y < 1 },
      "▕": { x, _ in x >= 7 }, "▖": { x, y in x < 4 && y >= 4 },
      "▗": { x, y in x >= 4 && y >= 4 }, "▘": { x, y in x < 4 && y < 4 },
      "▝": { x, y in x >= 4 && y < 4 }, "▙": { x, y in !(x >= 4 && y < 4) },
      "▚": { x, y in (x < 4) == (y < 4) }, "▛": { x, y in !(x >= 4 && y >= 4) },
      "▜": { x, y in !(x < 4 && y >= 4) }, "▞": { x, y in (x < 4) != (y < 4) },
      "▟": { x, y in !(x < 4 && y < 4) },
      // BLOCK SEXTANT-1, -2, -1234 (the upper two thirds), -6 (the lower right sixth).
      "\u{1FB00}": { x, y in x < 4 && y < 3 }, "\u{1FB01}": { x, y in x >= 4 && y < 3 },
      "\u{1FB0E}": { _, y in y < 5 }, "\u{1FB1E}": { x, y in x >= 4 && y >= 5 },
    ]
    for (character, covers) in names {
      var expected: UInt64 = 0
      for y in 0..<8 {
        for x in 0..<8 where covers(x, y) { expected |= 1 << UInt64(y * 8 + x) }
      }
      #expect(BlockSymbols.coverage(of: character) == expected, "\(character)")
    }
  }

  @Test func aPictureSmallerThanItsCellsIsEnlargedNotCut() {
    // 3×2 pixels over 4×2 cells: every cell shows the colour of its part of the picture.
    var pixels = [UInt8](repeating: 255, count: 3 * 2 * 4)
    for x in 0..<3 { pixels[x * 4] = 0 }  // a top row without red
    let picture = PixelImage(width: 3, height: 2, pixels: pixels)
    let fit = CellFit(column: 0, row: 0, columns: 4, rows: 2)
    let art = CellArtRenderer.render(
      picture, size: TileSize(columns: 4, rows: 2), fit: fit, mode: .truecolor, symbols: .blocks)
    #expect(art[0, 0].style.background != .default && art[3, 1].style.background != .default)
    #expect(art[0, 0] != art[0, 1], "the top and bottom rows differ")
  }
}
