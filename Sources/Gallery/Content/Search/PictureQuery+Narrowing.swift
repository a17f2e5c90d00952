/// Whether one query matches no picture another leaves out, so the pictures it shows can
/// be found among those the other shows rather than in the whole library: typing mostly
/// adds to a query (`camera:x` then `camera:x1`, `iso>=3` then `iso>=32`, a new term).
extension PictureQuery {
  /// Whether every picture this query matches, `previous` matches too, whatever the
  /// pictures and their details: each of `previous`'s terms follows from one of these.
  /// False when either matches everything, and when a term asks about marks or
  /// favourites (they may have changed since `previous` was applied, and count from
  /// the time a filter is typed).
  package func narrows(_ previous: PictureQuery) -> Bool {
    guard !matchesEverything, !previous.matchesEverything, !needs.marks, !needs.favorites,
      !previous.needs.marks, !previous.needs.favorites, !needs.decisions,
      !previous.needs.decisions
    else { return false }
    return previous.terms.allSatisfy { old in terms.contains { $0.implies(old) } }
  }
}

extension QueryTerm {
  /// Whether a picture this term matches always matches `other`: the same term, or one
  /// stricter of the same kind (a longer text containing the other's, a number range
  /// inside the other's). Conservative: false where it is not sure.
  func implies(_ other: QueryTerm) -> Bool {
    if rendered == other.rendered { return true }
    guard !isNegated, !other.isNegated else { return false }
    switch (test, other.test) {
    case (.name(let new), .name(let old)):
      // Case and diacritics change what is compared: plain ASCII, the same case rule.
      return new.isCaseSensitive == old.isCaseSensitive
        && new.text.utf8.allSatisfy { $0 < 0x80 } && old.text.utf8.allSatisfy { $0 < 0x80 }
        && (new.isCaseSensitive ? new.text : new.text.lowercased()).contains(
          old.isCaseSensitive ? old.text : old.text.lowercased())
    case (.text(let field, let needles, let exactly), .text(let oldField, let oldNeedles, false)):
      // Containment holds for `:` alone; a whole number is not found in a longer one.
      return field == oldField && !exactly
        && needles.allSatisfy { needle in
          oldNeedles.contains { needle.contains($0) }
        }
    case (.number(let field, let tests), .number(let oldField, let oldTests)):
      return field == oldField
        && tests.allSatisfy { test in oldTests.contains { test.implies($0) } }
    default:
      return false
    }
  }
}

extension FoldedNeedle {
  /// Whether text holding this needle always holds `other`: the same separators, and
  /// `other`'s bytes in these; a whole number at `other`'s ends is not sure (`35` is not
  /// found in `350`).
  fileprivate func contains(_ other: FoldedNeedle) -> Bool {
    func isDigit(_ byte: UInt8?) -> Bool { byte.map { $0 >= 0x30 && $0 <= 0x39 } ?? false }
    guard ignoresSeparators == other.ignoresSeparators,
      !other.wholeNumbers || !(isDigit(other.bytes.first) || isDigit(other.bytes.last))
    else { return false }
    guard !other.bytes.isEmpty else { return true }
    guard other.bytes.count <= bytes.count else { return false }
    for start in 0...(bytes.count - other.bytes.count)
    where bytes[start..<start + other.bytes.count].elementsEqual(other.bytes) {
      return true
    }
    return false
  }
}

extension NumberTest {
  /// Whether every value this test passes, `other` passes: the same scale, and this
  /// test's values inside `other`'s.
  fileprivate func implies(_ other: NumberTest) -> Bool {
    guard scale == other.scale else { return false }
    // This test's values as a range: its ends, and whether each end is included.
    let low: (Double, Bool)?
    let high: (Double, Bool)?
    switch bound {
    case .equal(let value): (low, high) = ((value, true), (value, true))
    case .less(let limit, let orEqual): (low, high) = (nil, (limit, orEqual))
    case .greater(let limit, let orEqual): (low, high) = ((limit, orEqual), nil)
    case .between(let from, let to): (low, high) = ((from, true), (to, true))
    }
    /// Whether the end `end` (nil: unbounded) lies within the other's `limit`, on the
    /// side `above` says.
    func within(_ end: (Double, Bool)?, _ limit: (Double, Bool)?, above: Bool) -> Bool {
      guard let limit else { return true }
      guard let end else { return false }
      if end.0 == limit.0 { return limit.1 || !end.1 }
      return above ? end.0 > limit.0 : end.0 < limit.0
    }
    switch other.bound {
    case .equal(let value):
      return low.map { $0 == (value, true) } == true && high.map { $0 == (value, true) } == true
    case .less(let limit, let orEqual):
      return within(high, (limit, orEqual), above: false)
    case .greater(let limit, let orEqual):
      return within(low, (limit, orEqual), above: true)
    case .between(let from, let to):
      return within(low, (from, true), above: true) && within(high, (to, true), above: false)
    }
  }
}
