import FoundationEssentials

/// The timeline's words in the user's locale (`LC_TIME`): each period's title, and the
/// months' short names for the scrubber.
///
/// Its rules: a period's title is made once and kept (formatting a date in a locale is
/// slow, and a timeline regroups as dates arrive); a new locale starts afresh.
package struct TimelineTitles: Sendable {
  /// The locale titles and counts are written in; nil writes `2026-03-14`.
  package let locale: LocaleWords?
  /// The months' short names, for the scrubber.
  package let shortMonthNames: [String]
  /// Each period's title made so far.
  private var titles: [TimelinePeriod: String] = [:]

  /// The words of `locale`, none made yet.
  package init(locale: LocaleWords? = nil) {
    self.locale = locale
    shortMonthNames = TimelineTitle.shortMonthNames(locale: locale)
  }

  /// The title of `period`, made the first time it is asked.
  mutating func title(of period: TimelinePeriod) -> String {
    if let known = titles[period] { return known }
    let title = TimelineTitle.title(of: period, locale: locale)
    titles[period] = title
    return title
  }
}
