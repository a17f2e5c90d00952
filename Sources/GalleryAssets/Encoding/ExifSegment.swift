/// The EXIF orientations the assets use (TIFF tag 0x0112 values).
enum ExifOrientation: UInt16, Sendable {
  case up = 1
  case down = 3
  /// Shown after turning the stored pixels 90 degrees clockwise.
  case right = 6
  /// Shown after turning the stored pixels 90 degrees counter-clockwise.
  case left = 8
}

/// Camera details written into a JPEG's APP1 segment.
struct ExifInfo: Sendable {
  var orientation: ExifOrientation
  var make: String
  var model: String
  /// `YYYY:MM:DD HH:MM:SS`, as EXIF spells dates.
  var date: String

  /// The complete APP1 segment (marker, length, "Exif\0\0", big-endian TIFF with IFD0
  /// holding Make, Model, Orientation, DateTime and a pointer to an EXIF IFD with
  /// DateTimeOriginal), to go right after the JPEG's SOI.
  func app1Segment() -> [UInt8] {
    var tiff = TiffWriter()
    let ifd0Count = 5
    let ifd0Size = 2 + ifd0Count * 12 + 4
    let exifIFDOffset = 8 + ifd0Size
    let exifIFDSize = 2 + 12 + 4
    var dataOffset = exifIFDOffset + exifIFDSize
    var data: [UInt8] = []

    func ascii(_ text: String) -> (count: UInt32, offset: UInt32) {
      let bytes = Array(text.utf8) + [0]
      let offset = UInt32(dataOffset)
      data += bytes
      dataOffset += bytes.count
      if bytes.count % 2 == 1 {
        data.append(0)
        dataOffset += 1
      }
      return (UInt32(bytes.count), offset)
    }

    tiff.bytes += [0x4D, 0x4D, 0x00, 0x2A]  // "MM", 42: big-endian TIFF.
    tiff.u32(8)
    tiff.u16(UInt16(ifd0Count))
    let makeField = ascii(make)
    let modelField = ascii(model)
    let dateField = ascii(date)
    let originalField = ascii(date)
    tiff.entry(tag: 0x010F, type: 2, count: makeField.count, value: makeField.offset)
    tiff.entry(tag: 0x0110, type: 2, count: modelField.count, value: modelField.offset)
    tiff.entry(tag: 0x0112, type: 3, count: 1, value: UInt32(orientation.rawValue) << 16)
    tiff.entry(tag: 0x0132, type: 2, count: dateField.count, value: dateField.offset)
    tiff.entry(tag: 0x8769, type: 4, count: 1, value: UInt32(exifIFDOffset))
    tiff.u32(0)
    tiff.u16(1)
    tiff.entry(tag: 0x9003, type: 2, count: originalField.count, value: originalField.offset)
    tiff.u32(0)
    tiff.bytes += data

    let payload = Array("Exif".utf8) + [0, 0] + tiff.bytes
    let length = payload.count + 2
    return [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
  }
}

/// Big-endian TIFF fields.
private struct TiffWriter {
  var bytes: [UInt8] = []

  mutating func u16(_ value: UInt16) { bytes += [UInt8(value >> 8), UInt8(value & 0xFF)] }

  mutating func u32(_ value: UInt32) {
    bytes += [
      UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF),
      UInt8(value & 0xFF),
    ]
  }

  /// A 12-byte IFD entry; `value` is the offset, or the value left-justified when it fits.
  mutating func entry(tag: UInt16, type: UInt16, count: UInt32, value: UInt32) {
    u16(tag)
    u16(type)
    u32(count)
    u32(value)
  }
}
