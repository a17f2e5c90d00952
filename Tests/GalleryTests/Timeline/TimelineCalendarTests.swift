import Foundation
import Testing

@testable import Gallery

/// The timeline's calendar arithmetic and the "go to date" prompt's words.
@Suite struct TimelineCalendarTests {
  @Test func daysSince1970RoundTripOverFourHundredYears() {
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = TimeZone(identifier: "UTC") ?? .current
    // From 1600: Foundation's calendar is Julian before 1582, the timeline's proleptic.
    for days in stride(from: -135_000, to: 200_000, by: 997) {
      let day = CalendarDay(daysSince1970: days)
      #expect(day.daysSince1970 == days)
      let date = Date(timeIntervalSince1970: Double(days) * 86_400)
      let parts = calendar.dateComponents([.year, .month, .day], from: date)
      #expect([day.year, day.month, day.day] == [parts.year, parts.month, parts.day])
    }
  }

  @Test func aMomentFallsOnTheDayOfItsClock() {
    // 23:30 UTC on 14 March is the 15th an hour ahead, the 14th an hour behind.
    let moment = Date(timeIntervalSince1970: Double(20_526 * 86_400 + 23 * 3600 + 1800))
    #expect(CalendarDay(moment, offsetSeconds: 0)?.isoText == "2026-03-14")
    #expect(CalendarDay(moment, offsetSeconds: 3600)?.isoText == "2026-03-15")
    #expect(CalendarDay(moment, offsetSeconds: -3600)?.isoText == "2026-03-14")
    #expect(CalendarDay(Date(timeIntervalSince1970: -1), offsetSeconds: 0)?.isoText == "1969-12-31")
    #expect(CalendarDay(Date(timeIntervalSince1970: 1e15), offsetSeconds: 0) == nil)
    #expect(CalendarDay(Date(timeIntervalSince1970: .nan), offsetSeconds: 0) == nil)
  }

  @Test func leapYearsAndMonthLengths() {
    #expect(CalendarDay(year: 2024, month: 2, day: 29) != nil)
    #expect(CalendarDay(year: 2025, month: 2, day: 29) == nil)
    #expect(CalendarDay(year: 1900, month: 2, day: 29) == nil)
    #expect(CalendarDay(year: 2000, month: 2, day: 29) != nil)
    #expect(CalendarDay(year: 2025, month: 4, day: 31) == nil)
    #expect(CalendarDay(year: 2025, month: 13, day: 1) == nil)
  }

  @Test func thePromptReadsTheWaysPeopleWriteADate() {
    let english = LocaleWords.britishEnglish
    let cases: [(String, TimelinePeriod?)] = [
      ("2025", TimelinePeriod(year: 2025)),
      ("2025-08", TimelinePeriod(year: 2025, month: 8)),
      ("2025/8", TimelinePeriod(year: 2025, month: 8)),
      ("2025-08-14", TimelinePeriod(year: 2025, month: 8, day: 14)),
      ("aug 2025", TimelinePeriod(year: 2025, month: 8)),
      ("August 2025", TimelinePeriod(year: 2025, month: 8)),
      ("2025 august", TimelinePeriod(year: 2025, month: 8)),
      ("14 aug 2025", TimelinePeriod(year: 2025, month: 8, day: 14)),
      ("Aug 14, 2025", TimelinePeriod(year: 2025, month: 8, day: 14)),
      ("sept 2025", TimelinePeriod(year: 2025, month: 9)),
      ("14/08/2025", TimelinePeriod(year: 2025, month: 8, day: 14)),
      ("2025-13", nil), ("2025-02-30", nil), ("aug", nil), ("soon", nil), ("", nil),
      ("au 2025", nil), ("1 2 3 2025", nil),
    ]
    for (text, expected) in cases {
      #expect(DateQuery.period(text, locale: english) == expected, "\(text)")
    }
    #expect(
      DateQuery.period("août 2025", locale: LocaleWords.french)
        == TimelinePeriod(year: 2025, month: 8))
    #expect(
      DateQuery.period("märz 2026", locale: LocaleWords.german)
        == TimelinePeriod(year: 2026, month: 3))
  }

  @Test func periodsContainTheirDaysAndOrderByTime() {
    let march = TimelinePeriod(year: 2026, month: 3)
    let day = TimelinePeriod(year: 2026, month: 3, day: 14)
    #expect(march.contains(day))
    #expect(!day.contains(march))
    #expect(TimelinePeriod(year: 2026).contains(march))
    #expect(TimelinePeriod(year: 2025) < march)
    #expect(march < day)
    #expect(day.sectionID == "day:2026-03-14")
    #expect(march.sectionID == "month:2026-03")
    #expect(TimelinePeriod(year: 2026).sectionID == "year:2026")
  }
}
