import CImageCodecs
import Foundation

/// Orientation, date and camera from a JPEG's EXIF segment, through libexif.
struct ExifFields {
  var orientation = 1
  var dateTaken: String?
  var cameraModel: String?

  /// The fields of `jpeg` (a whole JPEG file); defaults when it has no EXIF.
  init(jpeg: [UInt8]) {
    // libexif scans JPEG markers itself; cap what it sees to the header area so a
    // file without EXIF is not walked end to end.
    let window = min(jpeg.count, 1 << 20)
    let data = jpeg.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.flatMap { exif_data_new_from_data($0, UInt32(window)) }
    }
    guard let data else { return }
    defer { exif_data_unref(data) }
    let orientation = Int(gallery_exif_orientation(data))
    if orientation != 0 { self.orientation = orientation }
    dateTaken =
      Self.ascii(data, EXIF_TAG_DATE_TIME_ORIGINAL) ?? Self.ascii(data, EXIF_TAG_DATE_TIME)
    cameraModel = Self.ascii(data, EXIF_TAG_MODEL)
  }

  private static func ascii(_ data: UnsafeMutablePointer<ExifData>, _ tag: ExifTag) -> String? {
    var buffer = [CChar](repeating: 0, count: 128)
    let length = gallery_exif_ascii(data, tag, &buffer, UInt32(buffer.count))
    guard length > 0 else { return nil }
    let text = String(
      decoding: buffer.prefix(Int(length)).map { UInt8(bitPattern: $0) }, as: UTF8.self
    )
    .trimmingCharacters(in: .whitespaces)
    return text.isEmpty ? nil : text
  }
}
