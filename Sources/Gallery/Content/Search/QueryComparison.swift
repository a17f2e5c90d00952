/// The operator between a field and its value: `camera:x100v`, `iso>=3200`.
package enum QueryComparison: String, CaseIterable, Hashable, Sendable {
  /// `:`: contains (names), is (numbers, dates, kinds).
  case matches = ":"
  /// `=`: is exactly (names, compared without case, accents, spaces or hyphens), is
  /// (numbers, dates).
  case equals = "="
  case less = "<"
  case lessOrEqual = "<="
  case greater = ">"
  case greaterOrEqual = ">="

  /// Whether it orders (`<`, `<=`, `>`, `>=`) rather than matches.
  package var orders: Bool { self != .matches && self != .equals }
}
