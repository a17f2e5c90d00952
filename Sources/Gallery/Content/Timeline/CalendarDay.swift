import FoundationEssentials
import TerminalKit

/// A day of the Gregorian calendar: the day a picture was taken, on its own clock.
///
/// Made from a moment and the time zone's offset then, with integer arithmetic on days
/// since 1970 (no `Calendar` per picture: grouping 100,000 pictures stays a few
/// milliseconds). Years 1 to 9999.
package struct CalendarDay: Hashable, Comparable, Sendable {
  /// The year, 1…9999.
  package let year: Int
  /// The month, 1…12.
  package let month: Int
  /// The day of the month, 1…31.
  package let day: Int

  /// A day from its parts; nil when they are no day (31 February, month 13).
  package init?(year: Int, month: Int, day: Int) {
    guard (1...9999).contains(year), (1...12).contains(month),
      (1...Self.length(ofMonth: month, year: year)).contains(day)
    else { return nil }
    self.year = year
    self.month = month
    self.day = day
  }

  /// The day `days` days after 1 January 1970 (before it, when negative).
  ///
  /// The civil-from-days conversion: eras of 400 years, years starting in March so the
  /// leap day is the last of its year.
  package init(daysSince1970 days: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let shiftedMonth = (5 * dayOfYear + 2) / 153
    day = dayOfYear - (153 * shiftedMonth + 2) / 5 + 1
    month = shiftedMonth < 10 ? shiftedMonth + 3 : shiftedMonth - 9
    year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
  }

  /// The day `date` falls on where the clock is `offset` seconds ahead of UTC; nil
  /// outside years 1…9999 (a date that is no camera's).
  package init?(_ date: Date, offsetSeconds offset: Int) {
    let seconds = date.timeIntervalSince1970 + Double(offset)
    guard seconds.isFinite, seconds > -62_135_596_800, seconds < 253_402_300_800 else {
      return nil
    }
    self.init(daysSince1970: Int((seconds / 86_400).rounded(.down)))
  }

  /// Days since 1 January 1970: the inverse of `init(daysSince1970:)`.
  package var daysSince1970: Int {
    let shiftedYear = month <= 2 ? year - 1 : year
    let era = (shiftedYear >= 0 ? shiftedYear : shiftedYear - 399) / 400
    let yearOfEra = shiftedYear - era * 400
    let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
  }

  /// Noon of the day in UTC: a moment that is this day in any formatting done in UTC.
  package var noonUTC: Date {
    Date(timeIntervalSince1970: Double(daysSince1970) * 86_400 + 43_200)
  }

  /// `2026-03-14`.
  package var isoText: String {
    "\(NumberText.padded(year, width: 4))-\(NumberText.padded(month, width: 2))-"
      + NumberText.padded(day, width: 2)
  }

  /// The days of `month` in `year`.
  package static func length(ofMonth month: Int, year: Int) -> Int {
    switch month {
    case 2: isLeap(year) ? 29 : 28
    case 4, 6, 9, 11: 30
    default: 31
    }
  }

  /// Whether `year` has 29 February.
  package static func isLeap(_ year: Int) -> Bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
  }

  package static func < (lhs: CalendarDay, rhs: CalendarDay) -> Bool {
    (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
  }
}
