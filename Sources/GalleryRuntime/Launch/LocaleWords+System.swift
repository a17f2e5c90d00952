import Gallery

#if canImport(Glibc)
  import Glibc
#endif

extension LocaleWords {
  /// The words of the locale `environment` sets for dates (`LC_ALL`, else `LC_TIME`,
  /// else `LANG`, as POSIX chooses), as the C library has them, its thousands separator
  /// too (the counts in the timeline's titles are written with the dates); nil for the C
  /// and POSIX locales (dates as ISO 8601), or a locale that is not installed (which the
  /// C library cannot write in either).
  ///
  /// Read through a locale object of its own (`newlocale`, `nl_langinfo_l`): the
  /// program's locale (`setlocale`, which `TerminalLocale` sets) is left as it is, and
  /// with it how the C libraries write numbers.
  package static func system(environment: [String: String]) -> LocaleWords? {
    let name =
      [environment["LC_ALL"], environment["LC_TIME"], environment["LANG"]]
      .compactMap { $0 }.first { !$0.isEmpty } ?? ""
    let base = name.prefix { $0 != "." && $0 != "@" }
    guard !base.isEmpty, base != "C", base != "POSIX" else { return nil }
    guard let locale = newlocale(LC_TIME_MASK | LC_NUMERIC_MASK, name, nil) else { return nil }
    defer { freelocale(locale) }
    func text(_ item: Int32) -> String {
      nl_langinfo_l(nl_item(item), locale).map { String(cString: $0) } ?? ""
    }
    func texts(_ first: Int32, count: Int32) -> [String] {
      (0..<count).map { text(first + $0) }
    }
    return LocaleWords(
      months: texts(Int32(MON_1), count: 12), shortMonths: texts(Int32(ABMON_1), count: 12),
      weekdays: texts(Int32(DAY_1), count: 7), shortWeekdays: texts(Int32(ABDAY_1), count: 7),
      dateFormat: text(Int32(D_FMT)), timeFormat: text(Int32(T_FMT)),
      morning: text(Int32(AM_STR)), afternoon: text(Int32(PM_STR)),
      thousandsSeparator: text(Int32(THOUSEP)))
  }
}
