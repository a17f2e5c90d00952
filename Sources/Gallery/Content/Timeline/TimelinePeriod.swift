import TerminalKit

/// The stretch of time a timeline section holds: a day, a month or a year.
///
/// Ordered by time; a year comes before its months, a month before its days, so a
/// period compares with the periods of another grouping too (a "go to date" of a month
/// finds its first day).
package struct TimelinePeriod: Hashable, Comparable, Sendable {
  /// The year.
  package let year: Int
  /// The month, nil for a year.
  package let month: Int?
  /// The day of the month, nil for a month or a year.
  package let day: Int?

  package init(year: Int, month: Int? = nil, day: Int? = nil) {
    self.year = year
    self.month = month
    self.day = month == nil ? nil : day
  }

  /// The period of `grouping` that `day` falls in; nil for the folders and the duplicates.
  package init?(_ day: CalendarDay, grouping: SectionGrouping) {
    switch grouping {
    case .folder, .duplicates: return nil
    case .day: self.init(year: day.year, month: day.month, day: day.day)
    case .month: self.init(year: day.year, month: day.month)
    case .year: self.init(year: day.year)
    }
  }

  /// Whether `day` falls within the period.
  package func contains(_ day: CalendarDay) -> Bool {
    day.year == year && (month.map { $0 == day.month } ?? true)
      && (self.day.map { $0 == day.day } ?? true)
  }

  /// Whether `other` lies within this period (a day of this month, this very day).
  package func contains(_ other: TimelinePeriod) -> Bool {
    other.year == year && (month.map { $0 == other.month } ?? true)
      && (day.map { $0 == other.day } ?? true)
  }

  /// The first day of the period.
  package var firstDay: CalendarDay {
    CalendarDay(year: year, month: month ?? 1, day: day ?? 1)
      ?? CalendarDay(daysSince1970: 0)
  }

  /// The section identifier: `day:2026-03-14`, `month:2026-03`, `year:2026`; never a
  /// folder's path (those start with `/`).
  package var sectionID: String {
    let year = NumberText.padded(year, width: 4)
    let monthText = month.map { NumberText.padded($0, width: 2) }
    if let monthText, let day {
      return "day:\(year)-\(monthText)-\(NumberText.padded(day, width: 2))"
    }
    if let monthText { return "month:\(year)-\(monthText)" }
    return "year:\(year)"
  }

  package static func < (lhs: TimelinePeriod, rhs: TimelinePeriod) -> Bool {
    (lhs.year, lhs.month ?? 0, lhs.day ?? 0) < (rhs.year, rhs.month ?? 0, rhs.day ?? 0)
  }
}
