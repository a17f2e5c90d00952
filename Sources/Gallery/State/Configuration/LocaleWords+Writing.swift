/// Days, times and counts written with a locale's words, in plain Swift: what
/// `Date.FormatStyle` did with ICU, in the shapes of the English it wrote (`Sat 14 Mar`,
/// `Saturday, 14 March 2026`, `14 Jul 2025, 18:30`), the order of day, month and year the
/// locale's own date format (`D_FMT`) has.
extension LocaleWords {
  /// The order a locale writes a day's parts in.
  package enum DayOrder: Hashable, Sendable {
    /// `14 March 2026` (`%d/%m/%y`, `%d.%m.%Y`).
    case dayMonthYear
    /// `March 14, 2026` (`%m/%d/%Y`, `%D`).
    case monthDayYear
    /// `2026 March 14` (`%Y-%m-%d`, `%F`, `%Y年%m月%d日`).
    case yearMonthDay
  }

  /// How long a name is written.
  package enum Width: Hashable, Sendable {
    case full
    case short
  }

  /// The order of the day, month and year in `dateFormat`: where each first appears;
  /// day, month, year when it names none of them.
  package var dayOrder: DayOrder {
    var found: [Character] = []
    var escaped = false
    for character in dateFormat {
      if !escaped {
        escaped = character == "%"
        continue
      }
      escaped = false
      let part: String
      switch character {
      case "d", "e": part = "d"
      case "m", "b", "B", "h": part = "m"
      case "y", "Y", "C", "G", "g": part = "y"
      case "D": part = "mdy"
      case "F": part = "ymd"
      case "E", "O", "-", "_", "0", "^", "#":
        escaped = true  // a modifier: the conversion follows
        continue
      default: continue
      }
      for letter in part where !found.contains(letter) { found.append(letter) }
    }
    if let month = found.firstIndex(of: "m"), let day = found.firstIndex(of: "d") {
      if found.first == "y" { return .yearMonthDay }
      return month < day ? .monthDayYear : .dayMonthYear
    }
    return found.first == "y" ? .yearMonthDay : .dayMonthYear
  }

  /// Whether the locale's clock has 12 hours (`%r`, `%I`, `%l` or `%p` in `timeFormat`)
  /// and words for morning and afternoon.
  package var usesTwelveHours: Bool {
    guard !morning.isEmpty, !afternoon.isEmpty else { return false }
    return ["%r", "%I", "%l", "%p"].contains { timeFormat.contains($0) }
  }

  /// `day` in the locale: its weekday when `weekday` gives a width, the day of the month
  /// unless `showsDay` is false (a month's title), the month `month` long, the year when
  /// `showsYear`. `Sat 14 Mar`, `Sat, 14 Mar 2026`, `Saturday, 14 March 2026`,
  /// `March 2026`; `Sat, Mar 14, 2026` where the month comes first; `2026 Mar 14 Sat` where the
  /// year does; `Sa, 14. Mär 2026` where the day has a dot (German's `%d.%m.%Y`).
  package func write(
    _ day: CalendarDay, weekday: Width? = nil, month: Width, showsDay: Bool = true,
    showsYear: Bool
  ) -> String {
    let monthName = name(month == .full ? months : shortMonths, day.month - 1)
    let weekdayName = weekday.map {
      name($0 == .full ? weekdays : shortWeekdays, (day.daysSince1970 % 7 + 11) % 7)
    }
    let year = String(day.year)
    switch dayOrder {
    case .dayMonthYear:
      // `14. Juli` where the locale's date has a dot after the day (`%d.%m.%Y`).
      let dot = dateFormat.contains("%d.") || dateFormat.contains("%e.") ? "." : ""
      var text = showsDay ? "\(day.day)\(dot) \(monthName)" : monthName
      if showsYear { text += " \(year)" }
      guard let weekdayName else { return text }
      // British English's comma after the weekday before a year: `Sat, 14 Mar 2026`.
      return weekdayName + (showsYear ? ", " : " ") + text
    case .monthDayYear:
      var text = showsDay ? "\(monthName) \(day.day)" : monthName
      if showsYear { text += showsDay ? ", \(year)" : " \(year)" }
      return weekdayName.map { "\($0), \(text)" } ?? text
    case .yearMonthDay:
      var text = showsDay ? "\(monthName) \(day.day)" : monthName
      if showsYear { text = "\(year) \(text)" }
      return weekdayName.map { "\(text) \($0)" } ?? text
    }
  }

  /// A time of day, to the minute: `18:30`, or `6:30 PM` on a clock of 12 hours.
  package func writeTime(hour: Int, minute: Int) -> String {
    let minutes = minute < 10 ? "0\(minute)" : "\(minute)"
    guard usesTwelveHours else { return (hour < 10 ? "0\(hour)" : "\(hour)") + ":" + minutes }
    let shown = hour % 12 == 0 ? 12 : hour % 12
    return "\(shown):\(minutes) \(hour < 12 ? morning : afternoon)"
  }

  /// `count` with its thousands grouped by the locale's separator: `5,210`, `5.210`.
  package func writeCount(_ count: Int) -> String {
    let digits = String(count.magnitude)
    guard !thousandsSeparator.isEmpty, digits.count > 3 else {
      return count < 0 ? "-" + digits : digits
    }
    var groups: [Substring] = []
    var end = digits.endIndex
    while end > digits.startIndex {
      let start = digits.index(end, offsetBy: -3, limitedBy: digits.startIndex) ?? digits.startIndex
      groups.insert(digits[start..<end], at: 0)
      end = start
    }
    return (count < 0 ? "-" : "") + groups.joined(separator: thousandsSeparator)
  }

  /// The name at `index`, its spaces around taken off (glibc pads some: ` 1月`).
  private func name(_ names: [String], _ index: Int) -> String {
    guard names.indices.contains(index) else { return "" }
    return String(names[index].drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
