/// The span of the camera's clock a `date:` value names: a year (`2024`), a month
/// (`2024-08`), a day (`2024-08-03`), or a range of them (`2023..2024`, both ends
/// included).
///
/// In seconds of the wall clock the camera wrote (`TakenTime.wallClock`, read as if it
/// were UTC), so a picture is on the day its camera's clock showed and no time zone is
/// needed.
struct DateSpan: Hashable, Sendable {
  /// The first second of the span.
  let start: Int64
  /// The first second after it.
  let end: Int64

  /// The span `text` names; nil when it names none (month 13, 30 February, `24`).
  init?(_ text: Substring) {
    let ends = Self.ranged(text)
    guard let first = Self.period(ends.0) else { return nil }
    guard let last = ends.1.map(Self.period) else {
      self = first
      return
    }
    guard let last else { return nil }
    start = min(first.start, last.start)
    end = max(first.end, last.end)
  }

  private init(start: Int64, end: Int64) {
    self.start = start
    self.end = end
  }

  /// `text`'s two ends around `..`, or itself and nil.
  private static func ranged(_ text: Substring) -> (Substring, Substring?) {
    guard let dots = text.firstRange(of: "..") else { return (text, nil) }
    return (text[..<dots.lowerBound], text[dots.upperBound...])
  }

  /// A year, month or day: four digits, then one or two for the month and the day.
  private static func period(_ text: Substring) -> DateSpan? {
    let parts = text.split(separator: "-", omittingEmptySubsequences: false)
    guard (1...3).contains(parts.count), parts[0].count == 4,
      parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCIIDigit) }),
      parts.dropFirst().allSatisfy({ $0.count <= 2 })
    else { return nil }
    let numbers = parts.compactMap { Int($0) }
    guard numbers.count == parts.count else { return nil }
    let year = numbers[0]
    let month = numbers.count > 1 ? numbers[1] : nil
    let day = numbers.count > 2 ? numbers[2] : nil
    guard let first = CalendarDay(year: year, month: month ?? 1, day: day ?? 1) else {
      return nil
    }
    let last: CalendarDay?
    switch (month, day) {
    case (nil, _): last = CalendarDay(year: year, month: 12, day: 31)
    case (let month?, nil):
      last = CalendarDay(
        year: year, month: month, day: CalendarDay.length(ofMonth: month, year: year))
    default: last = first
    }
    guard let last else { return nil }
    return DateSpan(
      start: Int64(first.daysSince1970) * 86_400, end: Int64(last.daysSince1970 + 1) * 86_400)
  }

  /// Whether `wallClock` passes `comparison` with the span: in it (`:`, `=`), before its
  /// start (`<`), before its end (`<=`), from its end on (`>`), from its start on (`>=`).
  func holds(_ wallClock: Int64, _ comparison: QueryComparison) -> Bool {
    switch comparison {
    case .matches, .equals: start <= wallClock && wallClock < end
    case .less: wallClock < start
    case .lessOrEqual: wallClock < end
    case .greater: wallClock >= end
    case .greaterOrEqual: wallClock >= start
    }
  }

  /// Whether it is a range of periods (`2023..2024`), which only `:` and `=` take.
  static func isRange(_ text: Substring) -> Bool { text.contains("..") }
}
