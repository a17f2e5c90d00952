import FoundationEssentials
import Glibc
import Pictures

extension ImageDecoder {
  /// The bytes of a TIFF's start its EXIF directory is looked for in: it lies within the
  /// first few kilobytes.
  static let exifHeadBytes = 128 << 10

  /// When a picture says it was taken (EXIF `DateTimeOriginal`, else `DateTime`), its
  /// wall clock read in `timeZone`, or a video's container creation time (a moment in
  /// UTC); nil for a picture without one, a format that carries none (GIF, BMP, SVG), or a
  /// file that cannot be read. For sorting thousands of pictures by date without decoding
  /// them: `details(path:)`'s `taken`, read from the head of the file.
  ///
  /// A picture's offset from UTC (`OffsetTimeOriginal`) is not applied: a picture belongs
  /// on the day its camera's clock showed, wherever it is looked at.
  package func dateTaken(path: String, timeZone: LocalTimeZone) -> Date? {
    let details = details(path: path)
    guard let taken = details.taken else { return nil }
    if details.format == .video { return taken.date(readingWallClockIn: timeZone) }
    return TakenTime(wallClock: taken.wallClock).date(readingWallClockIn: timeZone)
  }
}
