import FoundationEssentials
import Pictures
import TerminalKit

/// Dates as the user's locale writes them, everywhere the gallery shows one: with its
/// words (`LocaleWords`), or as ISO 8601 without them (the C locale).
enum DateText {
  /// `date` with its day and time in the locale (`14 Jul 2025, 18:30`), or as
  /// `2025-07-14 18:30` without one; in `timeZone` (the file's times are the machine's;
  /// an EXIF date carries none, and is shown as the camera wrote it).
  static func dateAndTime(
    _ date: Date, _ appearance: Appearance, timeZone: LocalTimeZone
  ) -> String {
    let (day, minutes) = clock(date, timeZone)
    guard let day else { return "" }
    guard let words = appearance.locale else {
      let time = NumberText.padded(minutes / 60, width: 2) + ":"
      return "\(day.isoText) \(time)\(NumberText.padded(minutes % 60, width: 2))"
    }
    let time = words.writeTime(hour: minutes / 60, minute: minutes % 60)
    return "\(words.write(day, month: .short, showsYear: true)), \(time)"
  }

  /// `date`'s day alone: `14 Jul 2025`, or `2025-07-14` without a locale; in `timeZone`
  /// (the state's, `GalleryContent.timeZone`: a pure target never reads the machine's).
  static func day(_ date: Date, _ appearance: Appearance, timeZone: LocalTimeZone)
    -> String
  {
    guard let day = clock(date, timeZone).day else { return "" }
    guard let words = appearance.locale else { return day.isoText }
    return words.write(day, month: .short, showsYear: true)
  }

  /// An EXIF date (`2025:07:14 18:30:00`, the camera's own clock) in the locale; the
  /// text as written when it is no date.
  static func exif(_ text: String, _ appearance: Appearance) -> String {
    guard let date = ExifDate.date(text, timeZone: .utc) else {
      return TextSanitizer.sanitize(text)
    }
    return dateAndTime(date, appearance, timeZone: .utc)
  }

  /// The day `date` falls on in `zone` (nil outside years 1…9999), and the minutes of
  /// that day passed.
  private static func clock(_ date: Date, _ zone: LocalTimeZone) -> (
    day: CalendarDay?, minutes: Int
  ) {
    let offset = zone.secondsEastOfUTC(for: date)
    let seconds = date.timeIntervalSince1970.rounded(.down) + Double(offset)
    guard let day = CalendarDay(date, offsetSeconds: offset) else { return (nil, 0) }
    let intoDay = seconds - Double(day.daysSince1970) * 86_400
    return (day, Int(intoDay) / 60)
  }
}
