import Foundation

/// The title of a timeline section in the user's locale (`LC_TIME`): `Saturday 14 March
/// 2026`, `March 2026`, `2026`; without a locale (C, POSIX) `2026-03-14`, `2026-03`.
public enum TimelineTitle {
  /// The title of `period`.
  public static func title(of period: TimelinePeriod, locale: Locale?) -> String {
    let utc = TimeZone(identifier: "UTC") ?? .current
    let date = period.firstDay.noonUTC
    switch (period.month, period.day, locale) {
    case (nil, _, _):
      return String(period.year)
    case (let month?, nil, nil):
      return String(format: "%04d-%02d", period.year, month)
    case (_, _?, nil):
      return period.firstDay.isoText
    case (_, nil, let locale?):
      var style = Date.FormatStyle(locale: locale, timeZone: utc).month(.wide).year()
      style.calendar = Calendar(identifier: .gregorian)
      return date.formatted(style)
    case (_, _?, let locale?):
      var style = Date.FormatStyle(date: .complete, time: .omitted, locale: locale)
      style.timeZone = utc
      style.calendar = Calendar(identifier: .gregorian)
      return date.formatted(style)
    }
  }

  /// The months' short names for the scrubber, at most four columns each: the locale's
  /// (`Mär`, `janv`), else English (`Mar`).
  public static func shortMonthNames(locale: Locale?) -> [String] {
    var names = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    if let locale {
      var calendar = Calendar(identifier: .gregorian)
      calendar.locale = locale
      let symbols = calendar.shortMonthSymbols
      if symbols.count == 12 { names = symbols.map { String($0.filter { $0 != "." }) } }
    }
    return names.map { String($0.prefix(4)) }
  }

  /// The title of the section of pictures without a date.
  public static let undated = "No date"

  /// `5,210` in the locale's digits and grouping; plain digits without a locale.
  public static func count(_ count: Int, locale: Locale?) -> String {
    guard let locale else { return String(count) }
    return count.formatted(.number.locale(locale))
  }
}
