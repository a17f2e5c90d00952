/// Exact-area anti-aliasing: each edge adds its signed area to an accumulation buffer,
/// and a running sum along each row gives the covered fraction of every pixel.
///
/// Coverage is `min(1, |winding area|)`, the non-zero rule with soft edges. Cost is
/// proportional to the rows and columns the path touches, not to the canvas.
struct Coverage {
  let width: Int
  let height: Int
  /// Row stride: two spare columns catch area pushed past the right edge.
  private let stride: Int
  private var cells: [Float]

  init(width: Int, height: Int) {
    self.width = width
    self.height = height
    stride = width + 2
    cells = Array(repeating: 0, count: stride * height)
  }

  /// Adds the path's edges, calls `body(x, y, coverage)` for each touched pixel with
  /// non-zero coverage, and leaves the buffer clean for the next path.
  mutating func fill(_ path: Path, _ body: (Int, Int, Float) -> Void) {
    var minRow = height
    var maxRow = -1
    var minX = Double(width)
    var maxX = 0.0
    for contour in path.contours where contour.count > 2 {
      for point in contour {
        minX = min(minX, point.x)
        maxX = max(maxX, point.x)
      }
      for i in contour.indices {
        let a = contour[i]
        let b = contour[(i + 1) % contour.count]
        if let rows = addEdge(a, b) {
          minRow = min(minRow, rows.lowerBound)
          maxRow = max(maxRow, rows.upperBound)
        }
      }
    }
    guard minRow <= maxRow else { return }
    let firstColumn = max(0, Int(minX.rounded(.down)))
    let lastColumn = min(stride - 1, Int(maxX.rounded(.up)) + 1)
    guard firstColumn <= lastColumn else {
      clear(rows: minRow...maxRow)
      return
    }
    for y in minRow...maxRow {
      var sum: Float = 0
      let base = y * stride
      for x in firstColumn...lastColumn {
        sum += cells[base + x]
        cells[base + x] = 0
        let cover = min(1, abs(sum))
        if cover > 1.0 / 1024, x < width { body(x, y, cover) }
      }
    }
  }

  private mutating func clear(rows: ClosedRange<Int>) {
    for y in rows {
      for x in 0..<stride { cells[y * stride + x] = 0 }
    }
  }

  /// Accumulates one edge; returns the rows it touched.
  private mutating func addEdge(_ p: Point, _ q: Point) -> ClosedRange<Int>? {
    if p.y == q.y { return nil }
    let direction: Double = p.y < q.y ? 1 : -1
    let (top, bottom) = p.y < q.y ? (p, q) : (q, p)
    let yStart = max(0, top.y)
    let yEnd = min(Double(height), bottom.y)
    if yStart >= yEnd { return nil }
    let slope = (bottom.x - top.x) / (bottom.y - top.y)
    let limit = Double(width) + 1
    var x = top.x + (yStart - top.y) * slope
    let firstRow = Int(yStart.rounded(.down))
    let lastRow = min(height - 1, Int(yEnd.rounded(.up)) - 1)
    guard firstRow <= lastRow else { return nil }
    for row in firstRow...lastRow {
      let rowTop = max(Double(row), yStart)
      let rowBottom = min(Double(row + 1), yEnd)
      let dy = rowBottom - rowTop
      if dy <= 0 { continue }
      let xNext = x + slope * dy
      let d = Float(dy * direction)
      // Clamped to the canvas: area left of it collapses onto column 0, right of it
      // falls into the spare columns.
      let x0 = min(max(min(x, xNext), 0), limit)
      let x1 = min(max(max(x, xNext), 0), limit)
      addSpan(row: row, x0: x0, x1: x1, d: d)
      x = xNext
    }
    return firstRow...lastRow
  }

  /// Spreads `d` (signed height) across one row for an edge running from x0 to x1.
  private mutating func addSpan(row: Int, x0: Double, x1: Double, d: Float) {
    let base = row * stride
    let x0Floor = x0.rounded(.down)
    let i0 = Int(x0Floor)
    let x1Ceil = x1.rounded(.up)
    let i1 = Int(x1Ceil)
    if i1 <= i0 + 1 {
      // Within one pixel: the part of that pixel left of the edge's mid-point is uncovered.
      let mid = Float(0.5 * (x0 + x1) - x0Floor)
      add(base, i0, d * (1 - mid))
      add(base, i0 + 1, d * mid)
      return
    }
    let s = 1 / (x1 - x0)
    let f0 = x0 - x0Floor
    let a0 = 0.5 * s * (1 - f0) * (1 - f0)
    let f1 = x1 - x1Ceil + 1
    let am = 0.5 * s * f1 * f1
    add(base, i0, d * Float(a0))
    if i1 == i0 + 2 {
      add(base, i0 + 1, d * Float(1 - a0 - am))
    } else {
      let a1 = s * (1.5 - f0)
      add(base, i0 + 1, d * Float(a1 - a0))
      if i0 + 2 <= i1 - 2 {
        for i in (i0 + 2)...(i1 - 2) { add(base, i, d * Float(s)) }
      }
      let a2 = a1 + Double(i1 - i0 - 3) * s
      add(base, i1 - 1, d * Float(1 - a2 - am))
    }
    add(base, i1, d * Float(am))
  }

  private mutating func add(_ base: Int, _ column: Int, _ value: Float) {
    if column >= 0, column < stride { cells[base + column] += value }
  }
}
