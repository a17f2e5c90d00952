import TerminalKit

/// Turns pixels into `CellArt` of block elements, choosing each cell's character and two
/// colours by least squares over every symbol of the set.
///
/// Why not libchafa here: its quick search (any work factor below 0.8) sorts each cell's
/// 64 pixels by every channel to guess two colours, then tries a few symbols near that
/// guess; profiled on a cold `--print`, the sorting alone was a quarter of the CPU. Block
/// elements are unions of rectangles, so with a summed-area table of the cell the best
/// colours and the squared error of every symbol cost a few additions each: every symbol
/// is tried, exactly, in a fraction of the time (`gallery-bench cellart` has the figures,
/// and the README the pictures). libchafa keeps braille, ASCII, 16 colours and no colour,
/// where its palettes and glyph shapes are what count.
enum BlockRenderer {
  /// Changes whenever the same pixels would be drawn differently: part of the art disk
  /// cache's keys.
  static let revision = 1

  /// How much each channel's squared difference counts (red, green, blue): the eye is
  /// most sensitive to green and least to blue.
  static let channelWeights: (Int64, Int64, Int64) = (2, 4, 3)

  /// Renders `image` into `fit` inside a box of `size` cells with `symbols` (blank first),
  /// in truecolor or the 256-colour palette. Safe from any thread.
  ///
  /// `image` is stretched over the fit's cells at 8×8 pixels a cell (area-averaged when
  /// it shrinks, bilinear when it grows). O(fit cells × symbols), with a small constant.
  static func render(
    _ image: PixelImage, size: TileSize, fit: CellFit, mode: ColorMode, symbols: [BlockSymbol],
    isPreview: Bool = false
  ) -> CellArt {
    let size = TileSize(columns: max(0, size.columns), rows: max(0, size.rows))
    var cells = [Cell](repeating: .blank, count: size.columns * size.rows)
    guard fit.columns > 0, fit.rows > 0, fit.column >= 0, fit.row >= 0,
      fit.column + fit.columns <= size.columns, fit.row + fit.rows <= size.rows,
      !symbols.isEmpty
    else { return CellArt(size: size, fit: fit, cells: cells, isPreview: isPreview) }

    let samples = image.resampled(toWidth: fit.columns * 8, height: fit.rows * 8)
    let prepared = PreparedSymbols(symbols)
    var table = SummedAreaTable()
    samples.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<fit.rows {
        for column in 0..<fit.columns {
          table.load(pixels, width: samples.width, column: column, row: row)
          let choice = prepared.best(in: table)
          let style = Style(
            foreground: color(choice.foreground, mode), background: color(choice.background, mode))
          cells[(fit.row + row) * size.columns + fit.column + column] = Cell(
            symbols[choice.symbol].character, style: style)
        }
      }
    }
    return CellArt(size: size, fit: fit, cells: cells, isPreview: isPreview)
  }

  private static func color(_ rgb: (UInt8, UInt8, UInt8), _ mode: ColorMode) -> Color {
    let color = Color.rgb(rgb.0, rgb.1, rgb.2)
    return mode == .truecolor ? color : color.converted(to: mode)
  }
}

/// One cell's 8×8 pixels as running sums: the sum of any rectangle in four lookups.
private struct SummedAreaTable {
  /// `(y × 9 + x) × 3 + channel`: the sum over pixels above and left of corner (x, y).
  var sums = [Int32](repeating: 0, count: 81 * 3)

  /// Loads the cell at `column`, `row` of an RGBA picture `width` pixels wide.
  mutating func load(_ pixels: UnsafeBufferPointer<UInt8>, width: Int, column: Int, row: Int) {
    sums.withUnsafeMutableBufferPointer { sums in
      for y in 0..<8 {
        var rowSum: (Int32, Int32, Int32) = (0, 0, 0)
        var at = ((row &* 8 &+ y) &* width &+ column &* 8) &* 4
        let above = y &* 27
        let here = above &+ 27
        for x in 0..<8 {
          rowSum.0 &+= Int32(pixels[at])
          rowSum.1 &+= Int32(pixels[at &+ 1])
          rowSum.2 &+= Int32(pixels[at &+ 2])
          let corner = (x &+ 1) &* 3
          sums[here &+ corner] = sums[above &+ corner] &+ rowSum.0
          sums[here &+ corner &+ 1] = sums[above &+ corner &+ 1] &+ rowSum.1
          sums[here &+ corner &+ 2] = sums[above &+ corner &+ 2] &+ rowSum.2
          at &+= 4
        }
      }
    }
  }
}

/// The symbols' rectangles as corner offsets into a `SummedAreaTable`, flat.
private struct PreparedSymbols {
  /// Per rectangle: the offsets of its corners (x1,y1), (x0,y1), (x1,y0), (x0,y0).
  private var corners: [Int] = []
  /// Symbol `i`'s rectangles are `rectangleStarts[i]..<rectangleStarts[i + 1]`.
  private var rectangleStarts: [Int] = [0]
  private var areas: [Int64] = []

  init(_ symbols: [BlockSymbol]) {
    for symbol in symbols {
      for box in symbol.rectangles {
        corners += [
          (box.y1 * 9 + box.x1) * 3, (box.y1 * 9 + box.x0) * 3, (box.y0 * 9 + box.x1) * 3,
          (box.y0 * 9 + box.x0) * 3,
        ]
      }
      rectangleStarts.append(corners.count / 4)
      areas.append(Int64(symbol.area))
    }
  }

  struct Choice {
    var symbol: Int
    var foreground: (UInt8, UInt8, UInt8)
    var background: (UInt8, UInt8, UInt8)
  }

  /// The symbol whose best two colours leave the least weighted squared error.
  ///
  /// With a mask's pixels drawn in their mean and the rest in theirs, the error is the
  /// cell's fixed sum of squares less Σ|S_fg|²/n_fg + Σ|S_bg|²/n_bg (S the colour sums,
  /// n the pixel counts); that quantity is maximised, compared as exact fractions so
  /// ties go to the earlier symbol (a flat cell is blank).
  func best(in table: SummedAreaTable) -> Choice {
    let (wr, wg, wb) = BlockRenderer.channelWeights
    return table.sums.withUnsafeBufferPointer { sums in
      corners.withUnsafeBufferPointer { corners in
        let total = (Int64(sums[240]), Int64(sums[241]), Int64(sums[242]))
        var best = 0
        var bestSum = (Int64(0), Int64(0), Int64(0))
        var bestNumerator = wr * total.0 * total.0 + wg * total.1 * total.1 + wb * total.2 * total.2
        var bestDenominator = Int64(64)
        for symbol in 0..<areas.count {
          let area = areas[symbol]
          guard area > 0, area < 64 else { continue }
          var sum = (Int64(0), Int64(0), Int64(0))
          for box in rectangleStarts[symbol]..<rectangleStarts[symbol + 1] {
            let a = corners[box &* 4]
            let b = corners[box &* 4 &+ 1]
            let c = corners[box &* 4 &+ 2]
            let d = corners[box &* 4 &+ 3]
            sum.0 &+= Int64(sums[a] &- sums[b] &- sums[c] &+ sums[d])
            sum.1 &+= Int64(sums[a &+ 1] &- sums[b &+ 1] &- sums[c &+ 1] &+ sums[d &+ 1])
            sum.2 &+= Int64(sums[a &+ 2] &- sums[b &+ 2] &- sums[c &+ 2] &+ sums[d &+ 2])
          }
          let rest = (total.0 &- sum.0, total.1 &- sum.1, total.2 &- sum.2)
          let inside = wr &* sum.0 &* sum.0 &+ wg &* sum.1 &* sum.1 &+ wb &* sum.2 &* sum.2
          let outside = wr &* rest.0 &* rest.0 &+ wg &* rest.1 &* rest.1 &+ wb &* rest.2 &* rest.2
          let numerator = inside &* (64 &- area) &+ outside &* area
          let denominator = area &* (64 &- area)
          if numerator &* bestDenominator > bestNumerator &* denominator {
            best = symbol
            bestSum = sum
            bestNumerator = numerator
            bestDenominator = denominator
          }
        }
        let area = areas[best]
        func mean(_ sum: (Int64, Int64, Int64), _ count: Int64) -> (UInt8, UInt8, UInt8) {
          (
            UInt8(clamping: (sum.0 + count / 2) / count),
            UInt8(clamping: (sum.1 + count / 2) / count),
            UInt8(clamping: (sum.2 + count / 2) / count)
          )
        }
        guard area > 0, area < 64 else {
          let flat = mean(total, 64)
          return Choice(symbol: best, foreground: flat, background: flat)
        }
        let rest = (total.0 - bestSum.0, total.1 - bestSum.1, total.2 - bestSum.2)
        return Choice(
          symbol: best, foreground: mean(bestSum, area), background: mean(rest, 64 - area))
      }
    }
  }
}
