import Foundation
import Pictures

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
      let head = try? PictureFile.read(path: path, limits: limits, prefix: Self.exifHeadBytes),
      ImageFormat.sniff(head) == .jpeg,
      let text = ExifFields(jpeg: head).dateTaken
    else { return nil }
    return ExifDate.date(text, timeZone: timeZone)
  }
}
