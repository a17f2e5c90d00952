/// The largest length or position, in cells, the solver works with (2^30): every input is
/// clamped to it, so sums and products of a few of them cannot overflow `Int`.
let cellLimit = 1 << 30

/// The tallest content, in cells, a section may have (2^46): items past it are dropped.
let contentLimit = 1 << 46

/// `value` clamped to ±`cellLimit`.
@inline(__always)
func clampedCells(_ value: Int) -> Int {
  min(max(value, -cellLimit), cellLimit)
}

/// Converts a length in cells to a whole number of cells, rounding halves away from zero.
///
/// Non-finite input gives 0 and huge values are clamped, so no caller can trap on
/// a degenerate layout (a fraction of an infinite or NaN extent).
@inline(__always)
func roundedCells(_ value: Double) -> Int {
  guard value.isFinite else { return 0 }
  let limit = Double(cellLimit)
  let clamped = min(max(value, -limit), limit)
  // Truncating conversion instead of `rounded()`, which would pull in libm for a pure target.
  return clamped >= 0 ? Int(clamped + 0.5) : -Int(-clamped + 0.5)
}

/// Divides `extent` cells into `count` parts whose edges sit at
/// `round(i × extent / count)`: the parts differ by at most one cell and sum to `extent`.
func evenEdges(extent: Int, count: Int) -> [Int] {
  guard count > 0 else { return [0] }
  return (0...count).map { roundedCells(Double(extent) * Double($0) / Double(count)) }
}
