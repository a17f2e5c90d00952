import Foundation
import Pictures
import TerminalKit

/// Dates as the user's locale writes them, everywhere the gallery shows one.
enum DateText {
  /// `date` with its day and time in the locale (`14 Jul 2025, 18:30`), or as
  /// `2025-07-14 18:30` without one; in `timeZone` (the file's times are the machine's;
  /// an EXIF date carries none, and is shown as the camera wrote it).
  static func dateAndTime(
    _ date: Date, _ appearance: Appearance, timeZone: TimeZone
  ) -> String {
    guard let locale = appearance.locale else {
      var calendar = Calendar(identifier: .gregorian)
      calendar.timeZone = timeZone
      let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
      return String(
        format: "%04d-%02d-%02d %02d:%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0,
        parts.hour ?? 0, parts.minute ?? 0)
    }
    var style = Date.FormatStyle(date: .abbreviated, time: .shortened, locale: locale)
    style.timeZone = timeZone
    return date.formatted(style)
  }

  /// `date`'s day alone: `14 Jul 2025`, or `2025-07-14` without a locale; in `timeZone`
  /// (the state's, `GalleryContent.timeZone`: a pure target never reads the machine's).
  static func day(_ date: Date, _ appearance: Appearance, timeZone: TimeZone)
    -> String
  {
    guard let locale = appearance.locale else {
      return date.formatted(Date.ISO8601FormatStyle(timeZone: timeZone).year().month().day())
    }
    var style = Date.FormatStyle(date: .abbreviated, time: .omitted, locale: locale)
    style.timeZone = timeZone
    return date.formatted(style)
  }

  /// An EXIF date (`2025:07:14 18:30:00`, the camera's own clock) in the locale; the
  /// text as written when it is no date.
  static func exif(_ text: String, _ appearance: Appearance) -> String {
    let utc = TimeZone.gmt
    guard let date = ExifDate.date(text, timeZone: utc) else {
      return TextSanitizer.sanitize(text)
    }
    return dateAndTime(date, appearance, timeZone: utc)
  }
}
