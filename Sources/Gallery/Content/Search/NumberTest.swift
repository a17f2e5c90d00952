/// One numeric value of a query, with its operator: `iso>=3200`, `focal:24-70`.
///
/// The value, or both ends of a range, are rounded to the field's scale when parsed, and
/// a picture's number when compared.
struct NumberTest: Hashable, Sendable {
  enum Bound: Hashable, Sendable {
    case equal(Double)
    case less(Double, orEqual: Bool)
    case greater(Double, orEqual: Bool)
    /// Both ends included, the lower first.
    case between(Double, Double)
  }

  let bound: Bound
  let scale: NumberScale

  /// The test `comparison` makes of `low` (and `high`, for a range), rounded to `scale`.
  init(_ comparison: QueryComparison, _ low: Double, to high: Double? = nil, scale: NumberScale) {
    self.scale = scale
    let low = scale.rounded(low)
    if let high {
      let high = scale.rounded(high)
      bound = .between(min(low, high), max(low, high))
      return
    }
    switch comparison {
    case .matches, .equals: bound = .equal(low)
    case .less: bound = .less(low, orEqual: false)
    case .lessOrEqual: bound = .less(low, orEqual: true)
    case .greater: bound = .greater(low, orEqual: false)
    case .greaterOrEqual: bound = .greater(low, orEqual: true)
    }
  }

  /// Whether `value`, rounded to the scale, passes.
  func holds(_ value: Double) -> Bool {
    let value = scale.rounded(value)
    switch bound {
    case .equal(let wanted): return value == wanted
    case .less(let limit, let orEqual): return orEqual ? value <= limit : value < limit
    case .greater(let limit, let orEqual): return orEqual ? value >= limit : value > limit
    case .between(let low, let high): return low <= value && value <= high
    }
  }
}
