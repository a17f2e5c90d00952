/// Converts a length in cells to a whole number of cells, rounding halves away from zero.
///
/// Non-finite input gives 0 and huge values are clamped, so no caller can trap on
/// a degenerate layout (a fraction of an infinite or NaN extent).
@inline(__always)
func roundedCells(_ value: Double) -> Int {
  guard value.isFinite else { return 0 }
  let limit = 1_000_000_000_000.0
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
