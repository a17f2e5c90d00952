import Foundation
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

  /// `art` painted back into 8×8 pixels a cell (truecolor), as the picture it shows.
  static func paintBack(_ art: CellArt) -> PixelImage? {
    let fit = art.fit
    var pixels = [UInt8](repeating: 255, count: fit.columns * 8 * fit.rows * 8 * 4)
    for row in 0..<fit.rows {
      for column in 0..<fit.columns {
        let cell = art[fit.column + column, fit.row + row]
        let character = cell.character ?? " "
        // A blank's foreground is never seen (libchafa leaves it unset).
        guard let mask = character == " " ? 0 : BlockSymbols.coverage(of: character),
          case .rgb(let br, let bg, let bb) = cell.style.background
        else { return nil }
        var (fr, fg, fb) = (br, bg, bb)
        if mask != 0 {
          guard case .rgb(let r, let g, let b) = cell.style.foreground else { return nil }
          (fr, fg, fb) = (r, g, b)
        }
        for y in 0..<8 {
          for x in 0..<8 {
            let inked = mask & (1 << UInt64(y * 8 + x)) != 0
            let at = ((row * 8 + y) * fit.columns * 8 + column * 8 + x) * 4
            pixels[at] = inked ? fr : br
            pixels[at + 1] = inked ? fg : bg
            pixels[at + 2] = inked ? fb : bb
          }
        }
      }
    }
    return PixelImage(width: fit.columns * 8, height: fit.rows * 8, pixels: pixels)
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
    let shown = try #require(Self.paintBack(art), "a character without known coverage")
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
    var random = SplitMix64(seed: 7)
    var noise = [UInt8](repeating: 255, count: 96 * 48 * 4)
    for index in noise.indices where index % 4 != 3 {
      noise[index] = UInt8(truncatingIfNeeded: random.next())
    }
    let pictures = [
      Fixtures.scene(width: 96, height: 48), PixelImage(width: 96, height: 48, pixels: noise),
      Fixtures.quadrants(width: 36, height: 20).resampled(toWidth: 96, height: 48),
    ]
    for picture in pictures {
      let ours = try #require(Self.paintBack(Self.render(picture, symbols)))
      for workFactor: Float in [0.3, 1.0] {
        let fit = CellFit(column: 0, row: 0, columns: 12, rows: 6)
        let chafa = ChafaRenderer.render(
          picture, size: TileSize(columns: 12, rows: 6), fit: fit, mode: .truecolor,
          symbols: symbols, workFactor: workFactor)
        guard let theirs = Self.paintBack(chafa) else {
          Issue.record("libchafa drew a character without known coverage (\(symbols))")
          continue
        }
        #expect(
          Self.weightedError(ours, picture) <= Self.weightedError(theirs, picture),
          "\(symbols) at libchafa's work factor \(workFactor)")
      }
    }
  }

  @Test func twoHundredFiftySixColoursComeFromTheCubeAndGreys() {
    let art = Self.render(Fixtures.scene(width: 64, height: 32), .blocks, mode: .indexed256)
    for cell in art.cells {
      for color in [cell.style.foreground, cell.style.background] {
        guard case .indexed(let index) = color else {
          Issue.record("expected an indexed colour, got \(color)")
          continue
        }
        #expect(index >= 16)
      }
    }
  }

  @Test func otherSetsAndModesAreLibchafas() {
    let picture = Fixtures.scene(width: 64, height: 32)
    let braille = Self.render(picture, .braille).cells.compactMap(\.character)
    #expect(braille.allSatisfy { $0 == " " || ("\u{2800}"..."\u{28FF}").contains($0) })
    let ascii = Self.render(picture, .ascii).cells.compactMap(\.character)
    #expect(ascii.allSatisfy { $0.isASCII })
    let sixteen = Self.render(picture, .blocks, mode: .ansi16)
    #expect(
      sixteen.cells.allSatisfy {
        if case .indexed(let index) = $0.style.background { index < 16 } else { false }
      })
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
