import Foundation
import Pictures
import TerminalKit
import TestSupport
import Testing

@testable import Thumbnails

/// Golden renders: text files in Goldens/, re-recorded with GALLERY_RECORD=1.
@Suite struct CellArtTests {
  static let goldens = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Goldens")

  /// Characters, then one line of `fg/bg` per row.
  static func text(_ art: CellArt) -> String {
    var lines: [String] = [
      "size \(art.size) fit \(art.fit.columns)x\(art.fit.rows)+\(art.fit.column)+\(art.fit.row)"
    ]
    for row in 0..<art.size.rows {
      lines.append(String((0..<art.size.columns).map { art[$0, row].character ?? " " }))
    }
    for row in 0..<art.size.rows {
      lines.append(
        (0..<art.size.columns).map { column in
          let style = art[column, row].style
          return name(style.foreground) + "/" + name(style.background)
        }.joined(separator: " "))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  static func name(_ color: Color) -> String {
    switch color {
    case .default: "-"
    case .indexed(let index): "i\(index)"
    case .rgb(let r, let g, let b): String(format: "#%02x%02x%02x", r, g, b)
    }
  }

  static func render(_ mode: ColorMode, _ symbols: SymbolSet) -> CellArt {
    let picture = Fixtures.scene(width: 64, height: 64)
    let size = TileSize(columns: 12, rows: 4)
    let fit = CellFit.fitting(width: 64, height: 64, in: size)
    let pixels = picture.downscaled(toWidth: fit.columns * 8, height: fit.rows * 8)
    return ChafaRenderer.render(pixels, size: size, fit: fit, mode: mode, symbols: symbols)
  }

  static let cases: [(ColorMode, SymbolSet)] =
    ColorMode.allCases.map { ($0, .blocks) }
    + SymbolSet.allCases.filter { $0 != .blocks }.map { (.truecolor, $0) }

  @Test(arguments: cases)
  func goldenRender(mode: ColorMode, symbols: SymbolSet) throws {
    let actual = Self.text(Self.render(mode, symbols))
    let file = Self.goldens.appendingPathComponent("\(mode.rawValue)-\(symbols.rawValue).txt")
    let expected = try GoldenFile.expected(at: file, actual: actual)
    #expect(actual == expected, "\(GoldenFile.hint(file))")
  }

  @Test func letterboxCellsAreBlankAndThePictureIsNot() {
    let art = Self.render(.truecolor, .blocks)
    #expect(art.fit == CellFit(column: 2, row: 0, columns: 8, rows: 4))
    for row in 0..<4 {
      #expect(art[0, row] == .blank && art[11, row] == .blank)
    }
    #expect(art[5, 1].style.background != .default)
  }

  @Test func colourModesReportColoursInTheirOwnRange() {
    for cell in Self.render(.indexed256, .blocks).cells[2..<10] {
      for color in [cell.style.foreground, cell.style.background] {
        guard case .indexed(let index) = color else {
          Issue.record("expected an indexed colour, got \(color)")
          continue
        }
        #expect(index >= 16)
      }
    }
    for cell in Self.render(.ansi16, .blocks).cells[2..<10] {
      if case .indexed(let index) = cell.style.background {
        #expect(index < 16)
      } else {
        Issue.record("expected an indexed colour")
      }
    }
    #expect(Self.render(.monochrome, .blocks).cells.allSatisfy { $0.style == .plain })
    #expect(
      Self.render(.truecolor, .blocks).cells[2..<10].allSatisfy {
        if case .rgb = $0.style.background { true } else { false }
      })
  }

  @Test func symbolSetsKeepToTheirCharacters() {
    let ascii = Self.render(.truecolor, .ascii).cells.compactMap(\.character)
    #expect(ascii.allSatisfy { $0.isASCII })
    let braille = Self.render(.truecolor, .braille).cells.compactMap(\.character)
    #expect(
      braille.allSatisfy {
        $0 == " " || (0x2800...0x28FF).contains($0.unicodeScalars.first?.value ?? 0)
      })
    let halves = Self.render(.truecolor, .halfBlocks).cells.compactMap(\.character)
    #expect(halves.allSatisfy { " █▀▄".contains($0) })
  }

  @Test func uniformPictureRendersItsColour() {
    let teal = PixelImage(width: 32, height: 32, filledWith: (0, 128, 128, 255))
    let size = TileSize(columns: 4, rows: 2)
    let art = ChafaRenderer.render(
      teal, size: size, fit: CellFit(column: 0, row: 0, columns: 4, rows: 2), mode: .truecolor,
      symbols: .blocks)
    for cell in art.cells {
      let shown = cell.character == "█" ? cell.style.foreground : cell.style.background
      #expect(shown == .rgb(0, 128, 128))
    }
  }
}
