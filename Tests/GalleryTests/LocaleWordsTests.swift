import Gallery
import Testing

extension LocaleWords {
  /// German as glibc's `de_DE.UTF-8` has it: a made-up table (the test machine need not
  /// have the locale installed), to show words of another language reach every date.
  static let german = LocaleWords(
    months: [
      "Januar", "Februar", "März", "April", "Mai", "Juni", "Juli", "August", "September",
      "Oktober", "November", "Dezember",
    ],
    shortMonths: [
      "Jan", "Feb", "Mär", "Apr", "Mai", "Jun", "Jul", "Aug", "Sep", "Okt", "Nov", "Dez",
    ],
    weekdays: [
      "Sonntag", "Montag", "Dienstag", "Mittwoch", "Donnerstag", "Freitag", "Samstag",
    ],
    shortWeekdays: ["So", "Mo", "Di", "Mi", "Do", "Fr", "Sa"],
    dateFormat: "%d.%m.%Y", timeFormat: "%T", thousandsSeparator: ".")!

  /// French as glibc's `fr_FR.UTF-8` has it (its short months with their dots).
  static let french = LocaleWords(
    months: [
      "janvier", "février", "mars", "avril", "mai", "juin", "juillet", "août", "septembre",
      "octobre", "novembre", "décembre",
    ],
    shortMonths: [
      "janv.", "févr.", "mars", "avril", "mai", "juin", "juil.", "août", "sept.", "oct.",
      "nov.", "déc.",
    ],
    weekdays: ["dimanche", "lundi", "mardi", "mercredi", "jeudi", "vendredi", "samedi"],
    shortWeekdays: ["dim.", "lun.", "mar.", "mer.", "jeu.", "ven.", "sam."],
    dateFormat: "%d/%m/%Y", timeFormat: "%T", thousandsSeparator: "\u{202F}")!
}

/// Days, times and counts written with a locale's words (what the C library's `LC_TIME`
/// and `LC_NUMERIC` give), in the order its date format has.
@Suite struct LocaleWordsTests {
  static let saturday = CalendarDay(year: 2026, month: 3, day: 14)

  @Test func britishEnglishWritesTheDayBeforeTheMonth() throws {
    let day = try #require(Self.saturday)
    let words = LocaleWords.britishEnglish
    #expect(words.dayOrder == .dayMonthYear)
    #expect(
      words.write(day, weekday: .full, month: .full, showsYear: true) == "Saturday, 14 March 2026")
    #expect(words.write(day, weekday: .short, month: .short, showsYear: false) == "Sat 14 Mar")
    #expect(
      words.write(day, weekday: .short, month: .short, showsYear: true) == "Sat, 14 Mar 2026")
    #expect(words.write(day, month: .full, showsDay: false, showsYear: true) == "March 2026")
    #expect(words.writeTime(hour: 18, minute: 5) == "18:05")
    #expect(words.writeCount(5210) == "5,210")
    #expect(words.writeCount(1_234_567) == "1,234,567")
    #expect(words.writeCount(-999) == "-999")
  }

  @Test func americanEnglishWritesTheMonthFirstOnATwelveHourClock() throws {
    let day = try #require(Self.saturday)
    let words = LocaleWords.americanEnglish
    #expect(words.dayOrder == .monthDayYear)
    #expect(
      words.write(day, weekday: .full, month: .full, showsYear: true)
        == "Saturday, March 14, 2026")
    #expect(words.write(day, month: .short, showsYear: true) == "Mar 14, 2026")
    #expect(words.writeTime(hour: 18, minute: 30) == "6:30 PM")
    #expect(words.writeTime(hour: 0, minute: 7) == "12:07 AM")
    #expect(words.writeTime(hour: 12, minute: 0) == "12:00 PM")
  }

  @Test func anotherLanguagesWordsAndFormsAreUsed() throws {
    let day = try #require(Self.saturday)
    let german = LocaleWords.german
    #expect(
      german.write(day, weekday: .full, month: .full, showsYear: true)
        == "Samstag, 14. März 2026")
    #expect(german.write(day, month: .short, showsYear: true) == "14. Mär 2026")
    #expect(german.writeCount(5210) == "5.210")
    let french = LocaleWords.french
    #expect(french.write(day, month: .full, showsYear: true) == "14 mars 2026")
    #expect(french.writeCount(5210) == "5\u{202F}210")
  }

  @Test func theOrderComesFromTheDateFormat() {
    func order(_ format: String) -> LocaleWords.DayOrder {
      var words = LocaleWords.britishEnglish
      words.dateFormat = format
      return words.dayOrder
    }
    #expect(order("%Y-%m-%d") == .yearMonthDay)
    #expect(order("%F") == .yearMonthDay)
    #expect(order("%Y年%m月%d日") == .yearMonthDay)
    #expect(order("%D") == .monthDayYear)
    #expect(order("%m/%d/%y") == .monthDayYear)
    #expect(order("%d.%m.%Y") == .dayMonthYear)
    #expect(order("%e %B %Y") == .dayMonthYear)
    #expect(order("%Od.%Om.%EY") == .dayMonthYear)
    #expect(order("") == .dayMonthYear)
  }

  @Test func namesListsOfTheWrongLengthAreRefused() {
    #expect(
      LocaleWords(
        months: ["a"], shortMonths: [], weekdays: [], shortWeekdays: [], dateFormat: "",
        timeFormat: "", thousandsSeparator: "") == nil)
  }
}
