/// An EXIF block written entry by entry, in either byte order: IFD0, an EXIF directory,
/// IFD1 and the thumbnail's bytes, laid out in that order (the thumbnail last, as cameras
/// write it), so tests can say what libexif read from blocks no encoder here writes.
struct ExifBlock {
  /// One directory entry: tag, type, count and the value's bytes (in the block's order).
  struct Entry {
    var tag: UInt16
    var type: UInt16
    var count: UInt32
    var value: [UInt8]
  }

  var bigEndian = false
  var ifd0: [Entry] = []
  var exif: [Entry] = []
  var ifd1: [Entry] = []
  /// IFD1's JPEG; its offset and length entries are written for it.
  var thumbnail: [UInt8]?
  /// Added to the thumbnail's length entry (a length running past the block).
  var thumbnailLengthSlack = 0

  func short(_ value: UInt16) -> [UInt8] {
    let bytes = [UInt8(value & 0xFF), UInt8(value >> 8)]
    return bigEndian ? bytes.reversed() : bytes
  }

  func long(_ value: UInt32) -> [UInt8] {
    let bytes = (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) }
    return bigEndian ? bytes.reversed() : bytes
  }

  func text(_ tag: UInt16, _ value: String) -> Entry {
    let bytes = Array(value.utf8) + [0]
    return Entry(tag: tag, type: 2, count: UInt32(bytes.count), value: bytes)
  }

  func shortEntry(_ tag: UInt16, _ value: UInt16) -> Entry {
    Entry(tag: tag, type: 3, count: 1, value: short(value))
  }

  func longEntry(_ tag: UInt16, _ value: UInt32) -> Entry {
    Entry(tag: tag, type: 4, count: 1, value: long(value))
  }

  func rational(_ tag: UInt16, _ top: UInt32, _ bottom: UInt32, signed: Bool = false) -> Entry {
    Entry(tag: tag, type: signed ? 10 : 5, count: 1, value: long(top) + long(bottom))
  }

  /// The TIFF structure (`II*\0` or `MM\0*` first), with `Exif\0\0` before it when
  /// `header`.
  func bytes(header: Bool = false) -> [UInt8] {
    var out: [UInt8] = bigEndian ? [0x4D, 0x4D, 0, 42] : [0x49, 0x49, 42, 0]
    out += long(8)
    let size = { (entries: [Entry]) in 2 + entries.count * 12 + 4 }
    var first = ifd0
    if !exif.isEmpty { first.append(longEntry(0x8769, 0)) }
    var second = ifd1
    if thumbnail != nil {
      second.append(longEntry(0x0201, 0))
      second.append(longEntry(0x0202, 0))
    }
    // Directories first, then every value longer than four bytes, then the thumbnail.
    let exifAt = 8 + size(first)
    let ifd1At = exifAt + (exif.isEmpty ? 0 : size(exif))
    let dataAt = ifd1At + (second.isEmpty ? 0 : size(second))
    var data: [UInt8] = []
    func directory(_ entries: [Entry], next: Int) -> [UInt8] {
      var out = short(UInt16(entries.count))
      for entry in entries.sorted(by: { $0.tag < $1.tag }) {
        out += short(entry.tag) + short(entry.type) + long(entry.count)
        if entry.value.count <= 4 {
          out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
        } else {
          out += long(UInt32(dataAt + data.count))
          data += entry.value
        }
      }
      return out + long(UInt32(next))
    }
    let valuesLength = (first + exif + second).filter { $0.value.count > 4 }
      .reduce(0) { $0 + $1.value.count }
    let thumbnailAt = dataAt + valuesLength
    if !exif.isEmpty { first[first.count - 1] = longEntry(0x8769, UInt32(exifAt)) }
    if let thumbnail {
      second[second.count - 2] = longEntry(0x0201, UInt32(thumbnailAt))
      second[second.count - 1] = longEntry(
        0x0202, UInt32(thumbnail.count + thumbnailLengthSlack))
    }
    out += directory(first, next: second.isEmpty ? 0 : ifd1At)
    if !exif.isEmpty { out += directory(exif, next: 0) }
    if !second.isEmpty { out += directory(second, next: 0) }
    out += data + (thumbnail ?? [])
    return (header ? Array("Exif".utf8) + [0, 0] : []) + out
  }
}
