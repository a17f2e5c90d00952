import CImageCodecs
import Foundation

/// Orientation, date and camera from an EXIF block, through libexif.
struct ExifFields {
  var orientation = 1
  var dateTaken: String?
  var cameraModel: String?

  init() {}

  /// The fields of `jpeg` (a whole JPEG file); defaults when it has no EXIF.
  init(jpeg: [UInt8]) {
    // libexif scans JPEG markers itself; cap what it sees to the header area so a
    // file without EXIF is not walked end to end.
    self.init(libexifData: jpeg[..<min(jpeg.count, 1 << 20)])
  }

  /// The fields of an EXIF payload as other containers hold it: a TIFF structure
  /// (`II*\0`, `MM\0*`), possibly after an `Exif\0\0` header (WebP's EXIF chunk,
  /// a HEIF Exif item past its offset field, a JPEG XL `Exif` box).
  init(payload: ArraySlice<UInt8>) {
    let header = Array("Exif".utf8) + [0, 0]
    if payload.starts(with: header) {
      self.init(libexifData: payload)
    } else {
      self.init(libexifData: ArraySlice(header + payload))
    }
  }

  private init(libexifData bytes: ArraySlice<UInt8>) {
    let data = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.flatMap { exif_data_new_from_data($0, UInt32(buffer.count)) }
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
