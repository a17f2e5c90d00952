import CChafa
import Pictures
import TerminalKit

/// Turns pixels into `CellArt` through libchafa: braille, ASCII, 16 colours and no colour
/// (`CellArtRenderer` sends block elements in truecolor and 256 colours to
/// `BlockRenderer`), and any set when asked directly (the benchmarks and tests compare).
///
/// libchafa 1.12 pitfalls kept here: RGBA8 with stride = width × 4 only; a fresh
/// canvas per render (never `chafa_canvas_new_similar`); both colour out-pointers
/// always passed; one chafa thread, since rendering already runs on our pool.
package enum ChafaRenderer {
  /// Changes whenever the same pixels would be drawn differently (settings, libchafa's
  /// use): part of the art disk cache's keys, so art drawn before is not reused.
  package static let revision = 2

  /// libchafa's work factor, 0–1: how hard it searches for each cell's
  /// symbol (0.5 is its own default). Measured with `gallery-bench cellart`: 0.3 costs
  /// 11% less CPU a tile for a picture 2% less close (5% of cells differ); 0.2 saves 31%
  /// but is 18% less close. Keeping canvases to draw again saved nothing measurable.
  package static let workFactor: Float = 0.3

  /// Renders `image` into `fit` inside a box of `size` cells. Safe from any thread.
  ///
  /// libchafa stretches the pixels over the fit's cells, so `image` should already
  /// have the fit's aspect (`CellFit.pixelTarget`). O(fit cells × symbols tried).
  package static func render(
    _ image: PixelImage, size: TileSize, fit: CellFit, mode: ColorMode, symbols: SymbolSet,
    isPreview: Bool = false, workFactor: Float = workFactor
  ) -> CellArt {
    chafaSingleThreaded
    let size = TileSize(columns: max(0, size.columns), rows: max(0, size.rows))
    var cells = [Cell](repeating: .blank, count: size.columns * size.rows)
    // A fit outside the box (only possible when built by hand) draws nothing.
    guard fit.columns > 0, fit.rows > 0, fit.column >= 0, fit.row >= 0,
      fit.column + fit.columns <= size.columns, fit.row + fit.rows <= size.rows
    else { return CellArt(size: size, fit: fit, cells: cells, isPreview: isPreview) }

    guard let canvas = makeCanvas(fit: fit, mode: mode, symbols: symbols, workFactor: workFactor)
    else { return CellArt(size: size, fit: fit, cells: cells, isPreview: isPreview) }
    defer { chafa_canvas_unref(canvas) }
    image.pixels.withUnsafeBufferPointer { buffer in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, buffer.baseAddress, Int32(image.width),
        Int32(image.height), Int32(image.stride))
    }
    for row in 0..<fit.rows {
      for column in 0..<fit.columns {
        let code = chafa_canvas_get_char_at(canvas, Int32(column), Int32(row))
        var foreground: Int32 = 0
        var background: Int32 = 0
        // get_colors_at packs RGB in every mode; the palette index of an indexed mode
        // comes from get_raw_colors_at (xterm numbering: 16–255 for INDEXED_240).
        if mode.isIndexed {
          chafa_canvas_get_raw_colors_at(
            canvas, Int32(column), Int32(row), &foreground, &background)
        } else {
          chafa_canvas_get_colors_at(canvas, Int32(column), Int32(row), &foreground, &background)
        }
        let character = Unicode.Scalar(code).map(Character.init) ?? " "
        let style = Style(
          foreground: mode.color(foreground), background: mode.color(background))
        cells[(fit.row + row) * size.columns + fit.column + column] = Cell(character, style: style)
      }
    }
    return CellArt(size: size, fit: fit, cells: cells, isPreview: isPreview)
  }

  /// A fresh canvas for `fit`'s cells, its symbol map prepared; nil if libchafa refuses.
  private static func makeCanvas(
    fit: CellFit, mode: ColorMode, symbols: SymbolSet, workFactor: Float
  ) -> OpaquePointer? {
    guard let symbolMap = chafa_symbol_map_new() else { return nil }
    defer { chafa_symbol_map_unref(symbolMap) }
    chafa_symbol_map_add_by_tags(symbolMap, gallery_chafa_tags(symbols.tagBits))
    guard let config = chafa_canvas_config_new() else { return nil }
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_geometry(config, Int32(fit.columns), Int32(fit.rows))
    chafa_canvas_config_set_canvas_mode(config, mode.canvasMode)
    chafa_canvas_config_set_symbol_map(config, symbolMap)
    chafa_canvas_config_set_work_factor(config, workFactor)
    return chafa_canvas_new(config)
  }
}

/// Set once, before the first canvas: chafa's own threads would fight our pool.
private let chafaSingleThreaded: Void = chafa_set_n_threads(1)

extension ColorMode {
  var canvasMode: ChafaCanvasMode {
    switch self {
    case .truecolor: CHAFA_CANVAS_MODE_TRUECOLOR
    case .indexed256: CHAFA_CANVAS_MODE_INDEXED_240
    case .ansi16: CHAFA_CANVAS_MODE_INDEXED_16
    case .monochrome: CHAFA_CANVAS_MODE_FGBG
    }
  }

  var isIndexed: Bool { self == .indexed256 || self == .ansi16 }

  /// A colour libchafa reported for this mode; negative or special indices (256
  /// and up: transparent, the terminal's fg/bg) are the default colour.
  func color(_ value: Int32) -> Color {
    switch self {
    case .monochrome: return .default
    case .truecolor:
      guard value >= 0 else { return .default }
      return .rgb(UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF))
    case .indexed256, .ansi16:
      guard (0...255).contains(value) else { return .default }
      return .indexed(UInt8(value))
    }
  }
}

extension SymbolSet {
  /// libchafa symbol tags (`CHAFA_SYMBOL_TAG_*` bits).
  var tagBits: UInt32 {
    let space: UInt32 = 1 << 0
    let solid: UInt32 = 1 << 1
    let block: UInt32 = 1 << 3
    let quad: UInt32 = 1 << 7
    let horizontalHalf: UInt32 = 1 << 8
    let verticalHalf: UInt32 = 1 << 9
    let braille: UInt32 = 1 << 11
    let ascii: UInt32 = 1 << 14
    let sextant: UInt32 = 1 << 22
    return switch self {
    case .blocks: space | solid | block
    // chafa's "vertical half" tag splits a cell into top and bottom: ▀ ▄.
    case .halfBlocks: space | solid | verticalHalf
    case .quadrants: space | solid | quad | horizontalHalf | verticalHalf
    case .sextants: space | solid | sextant | horizontalHalf | verticalHalf
    case .braille: space | braille
    case .ascii: ascii
    }
  }
}
