/// What a "go to date" prompt asks for (`T`): a year, a month or a day, as people write
/// them: `2025`, `2025-08`, `2025-08-14`, `aug 2025`, `August 2025`, `14 aug 2025`,
/// `aug 14 2025`, in English or in the locale's month names.
package enum DateQuery {
  /// The period `text` names; nil when it names none (a month 13, a word that is no
  /// month, no year).
  package static func period(_ text: String, locale: LocaleWords?) -> TimelinePeriod? {
    let words = text.lowercased()
      .split(whereSeparator: { " ,./-".contains($0) })
      .map(String.init)
    guard !words.isEmpty, words.count <= 3 else { return nil }
    var year: Int?
    var month: Int?
    var numbers: [Int] = []
    for word in words {
      if let number = Int(word) {
        if word.count == 4 && year == nil {
          year = number
        } else {
          numbers.append(number)
        }
      } else if month == nil, let named = monthNumber(word, locale: locale) {
        month = named
      } else {
        return nil
      }
    }
    guard let year, (1...9999).contains(year) else { return nil }
    var day: Int?
    switch (month, numbers.count) {
    case (nil, 0): return TimelinePeriod(year: year)
    case (nil, 1): month = numbers[0]
    case (nil, 2):
      // `2025-08-14`; `14/08/2025` where the first cannot be a month.
      let dayFirst = numbers[0] > 12
      month = dayFirst ? numbers[1] : numbers[0]
      day = dayFirst ? numbers[0] : numbers[1]
    case (_?, 0): break
    case (_?, 1): day = numbers[0]
    default: return nil
    }
    guard let month, (1...12).contains(month) else { return nil }
    guard let day else { return TimelinePeriod(year: year, month: month) }
    guard CalendarDay(year: year, month: month, day: day) != nil else { return nil }
    return TimelinePeriod(year: year, month: month, day: day)
  }

  /// The month a word names (at least its first three letters), in English or in
  /// `locale`; nil for none.
  static func monthNumber(_ word: String, locale: LocaleWords?) -> Int? {
    guard word.count >= 3 else { return nil }
    for names in monthNames(locale: locale) {
      if let index = names.firstIndex(where: { $0.hasPrefix(word) || word.hasPrefix($0) }) {
        return index + 1
      }
    }
    return nil
  }

  /// The months' names, lowercased, their dots taken off: English first, then the
  /// locale's full and short names.
  static func monthNames(locale: LocaleWords?) -> [[String]] {
    let english = [
      "january", "february", "march", "april", "may", "june", "july", "august", "september",
      "october", "november", "december",
    ]
    var lists = [english]
    if let locale {
      for names in [locale.months, locale.shortMonths] {
        lists.append(names.map { $0.lowercased().filter { $0 != "." && $0 != " " } })
      }
    }
    return lists
  }
}
