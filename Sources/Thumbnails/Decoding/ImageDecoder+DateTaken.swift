import Foundation
import Pictures

extension ImageDecoder {
  /// The bytes of a TIFF's start its EXIF directory is looked for in: it lies within the
  /// first few kilobytes.
  static let exifHeadBytes = 128 << 10

  /// When a picture says it was taken (EXIF `DateTimeOriginal`, else `DateTime`, its wall
  /// clock read in `timeZone` unless the file gives its offset from UTC), or a video's
  /// container creation time; nil for a picture without one, a format that carries none
  /// (GIF, BMP, SVG), or a file that cannot be read. For sorting thousands of pictures by
  /// date without decoding them: `details(path:)`'s `taken`, read from the head of the
  /// file.
  package func dateTaken(path: String, timeZone: TimeZone = .current) -> Date? {
    details(path: path).taken?.date(readingWallClockIn: timeZone)
  }
}
