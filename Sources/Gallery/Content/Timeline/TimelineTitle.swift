import TerminalKit

/// The title of a timeline section in the user's locale (`LC_TIME`'s words,
/// `LocaleWords`): `Saturday, 14 March 2026`, `March 2026`, `2026`; without a locale (C,
/// POSIX) `2026-03-14`, `2026-03`.
package enum TimelineTitle {
  /// The title of `period`.
  package static func title(of period: TimelinePeriod, locale: LocaleWords?) -> String {
    switch (period.month, period.day, locale) {
    case (nil, _, _):
      return String(period.year)
    case (let month?, nil, nil):
      return NumberText.padded(period.year, width: 4) + "-" + NumberText.padded(month, width: 2)
    case (_, _?, nil):
      return period.firstDay.isoText
    case (_, nil, let words?):
      return words.write(period.firstDay, month: .full, showsDay: false, showsYear: true)
    case (_, _?, let words?):
      return words.write(period.firstDay, weekday: .full, month: .full, showsYear: true)
    }
  }

  /// The short titles of `period`, longest first, for the header of a small day beside
  /// others (a packed section), as wide as its pictures: in British English
  /// `Tue 3 Mar`, `3 Mar`, and where the year changes (`showsYear`) `Tue, 3 Mar 2026`,
  /// `3 Mar 2026`, then `3 Mar`; a month `March`, `Mar` (`March 2026`, `Mar 2026`, `Mar`);
  /// a year itself. Without a locale: `03-03` (`2026-03-03`, `03-03`), `2026-03`.
  package static func shortTitles(
    of period: TimelinePeriod, locale: LocaleWords?, showsYear: Bool
  ) -> [String] {
    guard let month = period.month else { return [String(period.year)] }
    guard let words = locale else {
      guard let day = period.day else { return [title(of: period, locale: nil)] }
      let monthDay = NumberText.padded(month, width: 2) + "-" + NumberText.padded(day, width: 2)
      return showsYear ? [title(of: period, locale: nil), monthDay] : [monthDay]
    }
    let day = period.firstDay
    var titles: [String]
    if period.day != nil {
      titles = [
        words.write(day, weekday: .short, month: .short, showsYear: showsYear),
        words.write(day, month: .short, showsYear: showsYear),
      ]
      if showsYear { titles.append(words.write(day, month: .short, showsYear: false)) }
    } else {
      titles = [
        words.write(day, month: .full, showsDay: false, showsYear: showsYear),
        words.write(day, month: .short, showsDay: false, showsYear: showsYear),
      ]
      if showsYear {
        titles.append(words.write(day, month: .short, showsDay: false, showsYear: false))
      }
    }
    return titles
  }

  /// The months' short names for the scrubber, at most four columns each: the locale's
  /// (`Mär`, `janv`), else English (`Mar`).
  package static func shortMonthNames(locale: LocaleWords?) -> [String] {
    var names = [
      "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]
    if let words = locale {
      names = words.shortMonths.map { String($0.filter { $0 != "." && $0 != " " }) }
    }
    return names.map { String($0.prefix(4)) }
  }

  /// The title of the section of pictures without a date.
  package static let undated = "No date"

  /// `5,210` in the locale's digits and grouping; plain digits without a locale.
  package static func count(_ count: Int, locale: LocaleWords?) -> String {
    locale?.writeCount(count) ?? String(count)
  }
}
