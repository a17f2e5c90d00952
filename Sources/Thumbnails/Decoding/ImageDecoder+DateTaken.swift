import Foundation

extension ImageDecoder {
  /// The bytes read from the start of a file for its EXIF date: JPEG keeps EXIF in an
  /// APP1 segment of at most 64 KiB near the start.
  static let exifHeadBytes = 128 << 10

  /// When a JPEG says it was taken (EXIF `DateTimeOriginal`, else `DateTime`), in the
  /// local time zone (EXIF gives none); nil for other formats, a picture without the
  /// field, or a file that cannot be read. Reads only the file's first 128 KiB: for
  /// sorting thousands of pictures by date without decoding them.
  public func dateTaken(path: String, timeZone: TimeZone = .current) -> Date? {
    guard
      let head = try? SafeFileReader.read(path: path, limits: limits, prefix: Self.exifHeadBytes),
      ImageFormat.sniff(head) == .jpeg,
      let text = ExifFields(jpeg: head).dateTaken
    else { return nil }
    return Self.date(exif: text, timeZone: timeZone)
  }

  /// `2024:05:01 12:30:00` (EXIF's form; dashes taken too) as a date in `timeZone`; nil
  /// for anything else, such as the `0000:00:00 00:00:00` some cameras write.
  public static func date(exif text: String, timeZone: TimeZone) -> Date? {
    let fields = text.split(whereSeparator: { ":- T".contains($0) }).map { Int($0) }
    guard fields.count >= 6, fields.allSatisfy({ $0 != nil }) else { return nil }
    let values = fields.compactMap { $0 }
    guard (1...9999).contains(values[0]), (1...12).contains(values[1]),
      (1...31).contains(values[2]), (0...23).contains(values[3]), (0...59).contains(values[4]),
      (0...60).contains(values[5])
    else { return nil }
    var calendar = Calendar(identifier: .gregorian)
    calendar.timeZone = timeZone
    return calendar.date(
      from: DateComponents(
        year: values[0], month: values[1], day: values[2], hour: values[3], minute: values[4],
        second: values[5]))
  }
}
