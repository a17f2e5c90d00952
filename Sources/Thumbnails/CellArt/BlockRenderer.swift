import Pictures
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
/// and `docs/performance.md` the pictures). libchafa keeps braille, ASCII, 16 colours and no colour,
/// where its palettes and glyph shapes are what count.
enum BlockRenderer {
  /// Changes whenever the same pixels would be drawn differently (this file, the symbol
  /// tables, or the resampling to 8×8 pixels a cell): part of the art disk cache's keys.
  static let revision = 2

  /// How much each channel's squared difference counts (red, green, blue): green most,
  /// as the eye is most sensitive to it (the weights of a common cheap perceptual
  /// distance).
  static let channelWeights: (Int64, Int64, Int64) = (2, 4, 3)

  /// Whether this renderer draws `symbols` in `mode`: block elements in truecolor or the
  /// 256-colour palette.
  static func draws(_ symbols: SymbolSet, in mode: ColorMode) -> Bool {
    (mode == .truecolor || mode == .indexed256) && prepared[symbols] != nil
  }

  /// Renders opaque `image` into `fit` inside a box of `size` cells with the block
  /// elements of `symbols`, in truecolor or the 256-colour palette (`draws` says which
  /// sets and modes). Safe from any thread.
  ///
  /// `image` is stretched over the fit's cells at 8×8 pixels a cell (area-averaged when
  /// it shrinks, bilinear when it grows); alpha is ignored, as every decoder composites
  /// first. In 256 colours each symbol is scored with its colours as the palette shows
  /// them. O(fit cells × symbols), with a small constant.
  static func render(
    _ image: PixelImage, size: TileSize, fit: CellFit, mode: ColorMode, symbols: SymbolSet,
    isPreview: Bool = false
  ) -> CellArt {
    let size = TileSize(columns: max(0, size.columns), rows: max(0, size.rows))
    var cells = [Cell](repeating: .blank, count: size.columns * size.rows)
    guard fit.columns > 0, fit.rows > 0, fit.column >= 0, fit.row >= 0,
      fit.column + fit.columns <= size.columns, fit.row + fit.rows <= size.rows,
      let prepared = prepared[symbols]
    else { return CellArt(size: size, fit: fit, cells: cells, isPreview: isPreview) }

    let samples = image.resampled(toWidth: fit.columns * 8, height: fit.rows * 8)
    let palette = mode == .indexed256
    var table = SummedAreaTable()
    samples.pixels.withUnsafeBufferPointer { pixels in
      for row in 0..<fit.rows {
        for column in 0..<fit.columns {
          table.load(pixels, width: samples.width, column: column, row: row)
          let choice = prepared.best(in: table, palette: palette)
          cells[(fit.row + row) * size.columns + fit.column + column] = Cell(
            prepared.characters[choice.symbol],
            style: Style(foreground: choice.foreground, background: choice.background))
        }
      }
    }
    return CellArt(size: size, fit: fit, cells: cells, isPreview: isPreview)
  }

  /// Each block set's symbols, prepared once.
  private static let prepared: [SymbolSet: PreparedSymbols] = Dictionary(
    uniqueKeysWithValues: SymbolSet.allCases.compactMap { set in
      BlockSymbols.symbols(for: set).map { (set, PreparedSymbols($0)) }
    })
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

/// A set's symbols, their rectangles as corner offsets into a `SummedAreaTable`, flat.
private struct PreparedSymbols: Sendable {
  let characters: [Character]
  /// Per rectangle: the offsets of its corners (x1,y1), (x0,y1), (x1,y0), (x0,y0).
  private var corners: [Int] = []
  /// Symbol `i`'s rectangles are `rectangleStarts[i]..<rectangleStarts[i + 1]`.
  private var rectangleStarts: [Int] = [0]
  private var areas: [Int64] = []

  init(_ symbols: [BlockSymbol]) {
    characters = symbols.map(\.character)
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
    var foreground: Color
    var background: Color
  }

  typealias Sums = (Int64, Int64, Int64)

  /// The symbol whose two colours leave the least weighted squared error.
  ///
  /// In truecolor the colours are the means of the symbol's pixels and of the rest, and
  /// the error is the cell's fixed sum of squares less Σ|S_fg|²/n_fg + Σ|S_bg|²/n_bg (S
  /// the colour sums, n the pixel counts): that quantity is maximised, compared as exact
  /// fractions so ties go to the earlier symbol (a flat cell is blank). With `palette`
  /// the means are replaced by their nearest 256-palette entries c, and the error is the
  /// fixed sum less Σ(2 c·S − n|c|²), maximised the same way. O(symbols).
  func best(in table: SummedAreaTable, palette: Bool) -> Choice {
    table.sums.withUnsafeBufferPointer { sums in
      corners.withUnsafeBufferPointer { corners in
        let total: Sums = (Int64(sums[240]), Int64(sums[241]), Int64(sums[242]))
        var best = 0
        var bestSum: Sums = (0, 0, 0)
        var bestScore: Score? = nil
        var bestColors: (UInt8, UInt8)? = nil
        for symbol in 0..<areas.count {
          let area = areas[symbol]
          guard area < 64 else { continue }
          var sum: Sums = (0, 0, 0)
          for box in rectangleStarts[symbol]..<rectangleStarts[symbol + 1] {
            let a = corners[box &* 4]
            let b = corners[box &* 4 &+ 1]
            let c = corners[box &* 4 &+ 2]
            let d = corners[box &* 4 &+ 3]
            sum.0 &+= Int64(sums[a] &- sums[b] &- sums[c] &+ sums[d])
            sum.1 &+= Int64(sums[a &+ 1] &- sums[b &+ 1] &- sums[c &+ 1] &+ sums[d &+ 1])
            sum.2 &+= Int64(sums[a &+ 2] &- sums[b &+ 2] &- sums[c &+ 2] &+ sums[d &+ 2])
          }
          let rest: Sums = (total.0 &- sum.0, total.1 &- sum.1, total.2 &- sum.2)
          var colors: (UInt8, UInt8)? = nil
          let score: Score
          if palette {
            let inside = area > 0 ? Self.nearest(sum, area) : 0
            let outside = Self.nearest(rest, 64 &- area)
            colors = (inside, outside)
            score = Score(
              numerator: (area > 0 ? Self.fit(inside, sum, area) : 0)
                &+ Self.fit(outside, rest, 64 &- area), denominator: 1)
          } else if area == 0 {
            score = Score(numerator: Self.weightedSquare(total), denominator: 64)
          } else {
            score = Score(
              numerator: Self.weightedSquare(sum) &* (64 &- area)
                &+ Self.weightedSquare(rest) &* area,
              denominator: area &* (64 &- area))
          }
          if bestScore.map({ score > $0 }) ?? true {
            best = symbol
            bestSum = sum
            bestScore = score
            bestColors = colors
          }
        }
        let area = areas[best]
        let rest: Sums = (total.0 &- bestSum.0, total.1 &- bestSum.1, total.2 &- bestSum.2)
        if let (inside, outside) = bestColors {
          // A blank's foreground is never seen: the background's colour keeps it plain.
          let foreground = area == 0 ? outside : inside
          return Choice(
            symbol: best, foreground: .indexed(foreground), background: .indexed(outside))
        }
        let background = Self.mean(rest, 64 &- area)
        let foreground = area == 0 ? background : Self.mean(bestSum, area)
        return Choice(
          symbol: best, foreground: .rgb(foreground.0, foreground.1, foreground.2),
          background: .rgb(background.0, background.1, background.2))
      }
    }
  }

  /// A score as an exact fraction, compared by cross-multiplying (for 64 pixels of 8 bits
  /// numerators stay under 2^39 and denominators under 2^11: the products fit in Int64).
  struct Score: Comparable {
    var numerator: Int64
    var denominator: Int64

    static func < (lhs: Score, rhs: Score) -> Bool {
      lhs.numerator &* rhs.denominator < rhs.numerator &* lhs.denominator
    }

    static func == (lhs: Score, rhs: Score) -> Bool {
      lhs.numerator &* rhs.denominator == rhs.numerator &* lhs.denominator
    }
  }

  static func weightedSquare(_ sum: Sums) -> Int64 {
    let (wr, wg, wb) = BlockRenderer.channelWeights
    return wr &* sum.0 &* sum.0 &+ wg &* sum.1 &* sum.1 &+ wb &* sum.2 &* sum.2
  }

  /// The mean colour of `count` pixels whose channels add up to `sum`, rounded.
  static func mean(_ sum: Sums, _ count: Int64) -> (UInt8, UInt8, UInt8) {
    (
      UInt8(clamping: (sum.0 &+ count / 2) / count),
      UInt8(clamping: (sum.1 &+ count / 2) / count),
      UInt8(clamping: (sum.2 &+ count / 2) / count)
    )
  }

  /// The 256-palette entry nearest the mean of `count` pixels summing to `sum`.
  static func nearest(_ sum: Sums, _ count: Int64) -> UInt8 {
    let mean = mean(sum, count)
    return Color.nearest256(mean.0, mean.1, mean.2)
  }

  /// How much drawing `count` pixels summing to `sum` in palette entry `index` takes off
  /// the cell's fixed sum of squares: Σ w (2 c S − n c²), weighted per channel.
  static func fit(_ index: UInt8, _ sum: Sums, _ count: Int64) -> Int64 {
    let (r, g, b) = Color.paletteRGB(index)
    let (wr, wg, wb) = BlockRenderer.channelWeights
    let c = (Int64(r), Int64(g), Int64(b))
    return wr &* c.0 &* (2 &* sum.0 &- count &* c.0) &+ wg &* c.1 &* (2 &* sum.1 &- count &* c.1)
      &+ wb &* c.2 &* (2 &* sum.2 &- count &* c.2)
  }
}
