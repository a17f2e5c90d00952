import CImageCodecs
import Foundation
import Pictures

/// Orientation, date, camera, lens and exposure from an EXIF block, through libexif.
struct ExifFields {
  var orientation = 1
  var dateTaken: String?
  /// The make before the model, unless the model already starts with it.
  var cameraModel: String?
  var lens: String?
  var exposure: Exposure?
  /// The JPEG of IFD1 (the small preview cameras store), when asked for and present.
  var thumbnail: [UInt8]?

  init() {}

  /// The fields of `jpeg` (a JPEG file, or its start); defaults when it has no EXIF.
  ///
  /// The block is found by `JPEGHead`'s walk, not libexif's own marker scan, which gave
  /// up on fill bytes before a marker: a picture then decoded upright-as-stored while its
  /// embedded preview (found by the walk) was turned, and it flipped when the decode came.
  init(jpeg: [UInt8]) {
    if let block = JPEGHead.exif(bytes: jpeg) {
      self.init(payload: block[...])
    } else {
      self.init()
    }
  }

  /// The fields of an EXIF payload as other containers hold it: a TIFF structure
  /// (`II*\0`, `MM\0*`), possibly after an `Exif\0\0` header (WebP's EXIF chunk,
  /// a HEIF Exif item past its offset field, a JPEG XL `Exif` box).
  init(payload: ArraySlice<UInt8>) { self.init(payload: payload, keepsThumbnail: false) }

  /// The fields of an EXIF payload; with `keepsThumbnail`, IFD1's JPEG is copied out too
  /// (`thumbnail`).
  init(payload: ArraySlice<UInt8>, keepsThumbnail: Bool) {
    let header = Array("Exif".utf8) + [0, 0]
    if payload.starts(with: header) {
      self.init(libexifData: payload, keepsThumbnail: keepsThumbnail)
    } else {
      self.init(libexifData: ArraySlice(header + payload), keepsThumbnail: keepsThumbnail)
    }
  }

  private init(libexifData bytes: ArraySlice<UInt8>, keepsThumbnail: Bool = false) {
    let data = bytes.withUnsafeBufferPointer { buffer in
      buffer.baseAddress.flatMap { exif_data_new_from_data($0, UInt32(buffer.count)) }
    }
    guard let data else { return }
    defer { exif_data_unref(data) }
    // libexif keeps IFD1's JPEGInterchangeFormat bytes (bounds-checked against the block)
    // in `data` and `size`.
    if keepsThumbnail, let start = data.pointee.data, data.pointee.size > 0 {
      thumbnail = Array(UnsafeBufferPointer(start: start, count: Int(data.pointee.size)))
    }
    let orientation = Int(gallery_exif_orientation(data))
    if orientation != 0 { self.orientation = orientation }
    dateTaken =
      Self.ascii(data, EXIF_TAG_DATE_TIME_ORIGINAL) ?? Self.ascii(data, EXIF_TAG_DATE_TIME)
    cameraModel = Self.camera(
      make: Self.ascii(data, EXIF_TAG_MAKE), model: Self.ascii(data, EXIF_TAG_MODEL))
    lens = Self.ascii(data, EXIF_TAG_LENS_MODEL)
    let exposure = Exposure(
      seconds: Self.number(data, EXIF_TAG_EXPOSURE_TIME),
      fNumber: Self.number(data, EXIF_TAG_FNUMBER),
      iso: Self.number(data, EXIF_TAG_ISO_SPEED_RATINGS).flatMap { Int(exactly: $0.rounded()) },
      focalLength: Self.number(data, EXIF_TAG_FOCAL_LENGTH))
    self.exposure = exposure.isEmpty ? nil : exposure
  }

  /// The camera as people name it: the make before the model, unless the model already
  /// starts with the make's first word (`Canon EOS R5`; `NIKON Z 6` for a make of
  /// `NIKON CORPORATION`).
  static func camera(make: String?, model: String?) -> String? {
    guard let model else { return make }
    guard let make, let brand = make.split(separator: " ").first,
      !model.lowercased().hasPrefix(brand.lowercased())
    else { return model }
    return "\(make) \(model)"
  }

  private static func number(_ data: UnsafeMutablePointer<ExifData>, _ tag: ExifTag) -> Double? {
    let value = gallery_exif_number(data, tag)
    return value >= 0 && value.isFinite ? value : nil
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
