import Foundation

/// The title of a timeline section in the user's locale (`LC_TIME`): `Saturday 14 March
/// 2026`, `March 2026`, `2026`; without a locale (C, POSIX) `2026-03-14`, `2026-03`.
package enum TimelineTitle {
  /// The title of `period`.
  package static func title(of period: TimelinePeriod, locale: Locale?) -> String {
    let utc = TimeZone.gmt
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

  /// The short titles of `period`, longest first, for the header of a small day beside
  /// others (a packed section), as wide as its pictures: in British English
  /// `Tue 3 Mar`, `3 Mar`, and where the year changes (`showsYear`) `Tue, 3 Mar 2026`,
  /// `3 Mar 2026`, then `3 Mar`; a month `March`, `Mar` (`March 2026`, `Mar 2026`, `Mar`);
  /// a year itself. Without a locale: `03-03` (`2026-03-03`, `03-03`), `2026-03`.
  package static func shortTitles(of period: TimelinePeriod, locale: Locale?, showsYear: Bool)
    -> [String]
  {
    guard let month = period.month else { return [String(period.year)] }
    guard let locale else {
      guard let day = period.day else { return [title(of: period, locale: nil)] }
      let monthDay = String(format: "%02d-%02d", month, day)
      return showsYear ? [title(of: period, locale: nil), monthDay] : [monthDay]
    }
    let utc = TimeZone.gmt
    let date = period.firstDay.noonUTC
    func formatted(
      weekday: Bool = false, day: Bool = false, month: Date.FormatStyle.Symbol.Month,
      year: Bool
    ) -> String {
      var style = Date.FormatStyle(locale: locale, timeZone: utc).month(month)
      if weekday { style = style.weekday(.abbreviated) }
      if day { style = style.day() }
      if year { style = style.year() }
      style.calendar = Calendar(identifier: .gregorian)
      return date.formatted(style)
    }
    var titles: [String]
    if period.day != nil {
      titles = [
        formatted(weekday: true, day: true, month: .abbreviated, year: showsYear),
        formatted(day: true, month: .abbreviated, year: showsYear),
      ]
      if showsYear { titles.append(formatted(day: true, month: .abbreviated, year: false)) }
    } else {
      titles = [
        formatted(month: .wide, year: showsYear), formatted(month: .abbreviated, year: showsYear),
      ]
      if showsYear { titles.append(formatted(month: .abbreviated, year: false)) }
    }
    return titles
  }

  /// The months' short names for the scrubber, at most four columns each: the locale's
  /// (`Mär`, `janv`), else English (`Mar`).
  package static func shortMonthNames(locale: Locale?) -> [String] {
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
  package static let undated = "No date"

  /// `5,210` in the locale's digits and grouping; plain digits without a locale.
  package static func count(_ count: Int, locale: Locale?) -> String {
    guard let locale else { return String(count) }
    return count.formatted(.number.locale(locale))
  }
}
