import Foundation
import Pictures
import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

extension ImageDecoder {
  /// The bytes read from the start of a file for its EXIF date: JPEG keeps EXIF in an
  /// APP1 segment of at most 64 KiB near the start, and a TIFF or a TIFF-based raw file
  /// its EXIF directory within the first few kilobytes.
  static let exifHeadBytes = 128 << 10

  /// The largest file read whole for its date, where the EXIF can sit anywhere (a WebP's
  /// chunk after the pixels, a HEIF item, a JPEG XL box).
  static let wholeFileDateBytes = 64 << 20

  /// When a picture says it was taken (EXIF `DateTimeOriginal`, else `DateTime`), in the
  /// local time zone (EXIF gives none); nil for a picture without one, a format that
  /// carries none (GIF, BMP, SVG), or a file that cannot be read. For sorting thousands
  /// of pictures by date without decoding them.
  ///
  /// JPEG, TIFF and TIFF-based raw files (NEF, ARW, DNG, CR2, PEF) are read from their
  /// first 128 KiB; PNG's `eXIf` from there too. The other raw files (CR3, RAF, ORF, RW2)
  /// have LibRaw read their tags. WebP, HEIF, AVIF and JPEG XL are read whole, up to
  /// 64 MiB, their tags parsed but no pixels decoded. A video gives its container's
  /// creation time, read by FFmpeg from its header.
  package func dateTaken(path: String, timeZone: TimeZone = .current) -> Date? {
    // No size cap: a video is read in part, and only the formats read whole have one.
    guard let opened = try? PictureFile.openRegular(path: path, limit: .max) else {
      return nil
    }
    defer { close(opened.descriptor) }
    let head = FileReader.read(opened.descriptor, at: 0, count: Self.exifHeadBytes)
    let size = Int(opened.status.st_size)
    let whole = {
      size <= Self.wholeFileDateBytes
        ? FileReader.read(opened.descriptor, at: 0, count: size) : nil
    }
    let rawTags = {
      (try? RAWDecoder.metadata(descriptor: opened.descriptor, limits: limits))?.dateTaken
    }
    if ImageFormat.sniff(head) == .video {
      // A moment in UTC, not a wall clock: no time zone to apply.
      let seconds = try? VideoFile.reading(
        descriptor: opened.descriptor, size: Int64(size), limits: limits
      ) { file throws(ThumbnailError) in
        LocalExifDate.seconds(iso8601UTC: cFieldText(file.facts.creation_time))
      }
      return (seconds ?? nil).map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }
    guard let text = dateText(head: head, whole: whole, rawTags: rawTags) else { return nil }
    return ExifDate.date(text, timeZone: timeZone)
  }

  /// The EXIF date of a file starting with `head`; `whole` reads all of it, for the
  /// formats whose tags can be anywhere, and `rawTags` has LibRaw read a raw file's.
  func dateText(head: [UInt8], whole: () -> [UInt8]?, rawTags: () -> String?) -> String? {
    let tiffSignature =
      head.starts(with: [0x49, 0x49, 0x2A, 0x00]) || head.starts(with: [0x4D, 0x4D, 0x00, 0x2A])
    switch Self.sniff(head) {
    case .jpeg:
      return ExifFields(jpeg: head).dateTaken
    case .tiff:
      return ExifFields(payload: head[...]).dateTaken
    case .raw:
      if tiffSignature, let date = ExifFields(payload: head[...]).dateTaken { return date }
      return rawTags()
    case .png:
      return PNGDecoder.exif(head).flatMap { ExifFields(payload: $0).dateTaken }
        ?? whole().flatMap(PNGDecoder.exif).flatMap { ExifFields(payload: $0).dateTaken }
    case .webp:
      return whole().flatMap { bytes in
        WebPContainer(bytes, keepFrames: 0).payload("EXIF", in: bytes)
          .flatMap { ExifFields(payload: $0).dateTaken }
      }
    case .heic, .heif, .avif:
      return whole().flatMap { HEIFDecoder.exif($0).dateTaken }
    case .jxl:
      return whole().flatMap(JXLBoxes.anyExif).flatMap { ExifFields(payload: $0).dateTaken }
    case .gif, .bmp, .svg, .video, nil:
      return nil
    }
  }
}
