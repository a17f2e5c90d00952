/// The words and forms the user's locale writes dates and counts with, as the C library
/// has them (`LC_TIME`'s month and day names, its date and time formats; `LC_NUMERIC`'s
/// thousands separator): the runtime reads them (`LocaleWords.system()`), the views
/// write with them in plain Swift (`LocaleWords+Writing`).
///
/// Not Foundation's `Locale` and date styles: those need ICU (FoundationInternationalization,
/// about 30 MB of data), which the gallery does not load at start. nil where a locale is
/// asked for is the C and POSIX locales: dates as ISO 8601 (`2025-07-14`), plain digits.
package struct LocaleWords: Hashable, Sendable {
  /// The months' names, January first (`MON_1`…`MON_12`).
  package var months: [String]
  /// The months' short names (`ABMON_1`…): `Jan`, `janv.`, `Mär`.
  package var shortMonths: [String]
  /// The weekdays' names, Sunday first (`DAY_1`…`DAY_7`).
  package var weekdays: [String]
  /// The weekdays' short names, Sunday first (`ABDAY_1`…).
  package var shortWeekdays: [String]
  /// The locale's date format (`D_FMT`, `%d/%m/%y` in `en_GB`): the order of day, month
  /// and year is taken from it.
  package var dateFormat: String
  /// The locale's time format (`T_FMT`, `%T` in `en_GB`, `%r` in `en_US`): whether the
  /// clock has 12 hours is taken from it.
  package var timeFormat: String
  /// The words for morning and afternoon (`AM_STR`, `PM_STR`); empty in a locale of 24
  /// hours.
  package var morning: String
  package var afternoon: String
  /// What groups a count's thousands (`THOUSEP`): `,` in English, `.` in German, none
  /// where the locale writes none.
  package var thousandsSeparator: String

  /// Words for a locale; nil when the name lists are not 12 months and 7 days each.
  package init?(
    months: [String], shortMonths: [String], weekdays: [String], shortWeekdays: [String],
    dateFormat: String, timeFormat: String, morning: String = "", afternoon: String = "",
    thousandsSeparator: String
  ) {
    guard months.count == 12, shortMonths.count == 12, weekdays.count == 7,
      shortWeekdays.count == 7
    else { return nil }
    self.months = months
    self.shortMonths = shortMonths
    self.weekdays = weekdays
    self.shortWeekdays = shortWeekdays
    self.dateFormat = dateFormat
    self.timeFormat = timeFormat
    self.morning = morning
    self.afternoon = afternoon
    self.thousandsSeparator = thousandsSeparator
  }

  /// British English, as glibc's `en_GB.UTF-8` has it: for tests, and a view's previews.
  package static let britishEnglish = LocaleWords(
    englishWithDateFormat: "%d/%m/%y", timeFormat: "%T", morning: "am", afternoon: "pm")

  /// American English, as glibc's `en_US.UTF-8` has it.
  package static let americanEnglish = LocaleWords(
    englishWithDateFormat: "%m/%d/%Y", timeFormat: "%r", morning: "AM", afternoon: "PM")

  private init(
    englishWithDateFormat dateFormat: String, timeFormat: String, morning: String,
    afternoon: String
  ) {
    let months = [
      "January", "February", "March", "April", "May", "June", "July", "August", "September",
      "October", "November", "December",
    ]
    let weekdays = [
      "Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday",
    ]
    self.months = months
    self.shortMonths = months.map { String($0.prefix(3)) }
    self.weekdays = weekdays
    self.shortWeekdays = weekdays.map { String($0.prefix(3)) }
    self.dateFormat = dateFormat
    self.timeFormat = timeFormat
    self.morning = morning
    self.afternoon = afternoon
    self.thousandsSeparator = ","
  }
}
