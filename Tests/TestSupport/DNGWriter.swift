import Foundation

/// Camera raw files for the tests: DNGs written here, byte by byte, so each test knows
/// exactly what the file holds (no camera's sample, no tool that might change).
///
/// The sensor is a 16-bit RGGB Bayer mosaic of a scene given in 8-bit sRGB, its camera
/// colours linear sRGB (`ColorMatrix1` is the XYZ to linear sRGB matrix, under D65, the
/// neutral 1:1:1): a development gives the scene back, brightened as LibRaw's automatic
/// brightness does. First directory: the embedded preview (a JPEG the caller encodes) or,
/// without one, the raw itself; the raw in a sub-directory otherwise, as cameras write.
package struct DNGWriter {
  /// The scene: `width`×`height` RGBA rows (sides even).
  package var width: Int
  package var height: Int
  package var scene: [UInt8]
  /// The embedded preview, a baseline JPEG, and its size in pixels.
  package var preview: (jpeg: [UInt8], width: Int, height: Int)?
  /// TIFF orientation (1–8).
  package var orientation: UInt16 = 1
  package var make = "Gallery"
  package var model = "Test Camera"
  package var lens: String? = "Test Lens 35mm F2"
  /// EXIF `DateTimeOriginal`, as EXIF writes it.
  package var date: String? = "2024:05:01 12:34:56"
  /// 1/`shutterDenominator` seconds, f/`fNumberTenths`/10, ISO, millimetres.
  package var shutterDenominator: UInt32 = 250
  package var fNumberTenths: UInt32 = 28
  package var iso: UInt16 = 400
  package var focalLength: UInt32 = 35
  /// The sensor's white level: the largest value a photosite holds.
  package var whiteLevel = 4095

  package init(
    width: Int, height: Int, scene: [UInt8], preview: (jpeg: [UInt8], width: Int, height: Int)?
  ) {
    self.width = width
    self.height = height
    self.scene = scene
    self.preview = preview
  }

  /// The file's bytes.
  package func bytes() -> [UInt8] {
    var tiff = TIFFLayout()
    let mosaic = tiff.blob(Self.mosaic(self))
    let exif = tiff.directory(exifEntries())
    let cameraTags: [TIFFLayout.Entry] = [
      .ascii(0x010F, make), .ascii(0x0110, model), .short(0x0112, [orientation]),
      .byte(0xC612, [1, 4, 0, 0]), .byte(0xC613, [1, 1, 0, 0]),
      .ascii(0xC614, "\(make) \(model)"),
      .srational(0xC621, Self.xyzToLinearSRGB), .rational(0xC628, [(1, 1), (1, 1), (1, 1)]),
      .short(0xC65A, [21]), .offset(0x8769, exif),
    ]
    let rawTags: [TIFFLayout.Entry] = [
      .long(0x00FE, [0]), .long(0x0100, [UInt32(width)]), .long(0x0101, [UInt32(height)]),
      .short(0x0102, [16]), .short(0x0103, [1]), .short(0x0106, [32803]),
      .offset(0x0111, mosaic), .short(0x0115, [1]), .long(0x0116, [UInt32(height)]),
      .long(0x0117, [UInt32(width * height * 2)]), .short(0x011C, [1]),
      .short(0x828D, [2, 2]), .byte(0x828E, [0, 1, 1, 2]), .long(0xC61D, [UInt32(whiteLevel)]),
    ]
    if let preview {
      let jpeg = tiff.blob(preview.jpeg)
      let raw = tiff.directory(rawTags)
      tiff.first(
        cameraTags + [
          .long(0x00FE, [1]), .long(0x0100, [UInt32(preview.width)]),
          .long(0x0101, [UInt32(preview.height)]), .short(0x0102, [8, 8, 8]),
          .short(0x0103, [7]), .short(0x0106, [6]), .offset(0x0111, jpeg),
          .short(0x0115, [3]), .long(0x0116, [UInt32(preview.height)]),
          .long(0x0117, [UInt32(preview.jpeg.count)]), .offset(0x014A, raw),
        ])
    } else {
      tiff.first(cameraTags + rawTags)
    }
    return tiff.bytes()
  }

  private func exifEntries() -> [TIFFLayout.Entry] {
    var entries: [TIFFLayout.Entry] = [
      .rational(0x829A, [(UInt32(1), shutterDenominator)]),
      .rational(0x829D, [(fNumberTenths, UInt32(10))]), .short(0x8827, [iso]),
      .rational(0x920A, [(focalLength, UInt32(1))]),
    ]
    if let date { entries.append(.ascii(0x9003, date)) }
    if let lens { entries.append(.ascii(0xA434, lens)) }
    return entries
  }

  /// XYZ (D65) to linear sRGB, as DNG's signed rationals over 10,000.
  static let xyzToLinearSRGB: [(Int32, Int32)] = [
    32406, -15372, -4986, -9689, 18758, 415, 557, -2040, 10570,
  ].map { ($0, 10_000) }

  /// The RGGB mosaic of the scene: each photosite the linear value of its colour.
  package static func mosaic(_ writer: DNGWriter) -> [UInt8] {
    var out = [UInt8](repeating: 0, count: writer.width * writer.height * 2)
    let white = Double(writer.whiteLevel)
    for y in 0..<writer.height {
      for x in 0..<writer.width {
        let channel = y % 2 == 0 ? (x % 2 == 0 ? 0 : 1) : (x % 2 == 0 ? 1 : 2)
        let encoded = Double(writer.scene[(y * writer.width + x) * 4 + channel]) / 255
        let linear =
          encoded <= 0.04045 ? encoded / 12.92 : pow((encoded + 0.055) / 1.055, 2.4)
        let value = UInt16((linear * white).rounded())
        out[(y * writer.width + x) * 2] = UInt8(value & 0xFF)
        out[(y * writer.width + x) * 2 + 1] = UInt8(value >> 8)
      }
    }
    return out
  }
}

/// A little-endian TIFF laid out from directories and data blocks: entries name other
/// directories and blocks by handle, and the offsets are worked out when written.
package struct TIFFLayout {
  /// A directory or a data block, by its place in the layout.
  package struct Handle: Hashable { let index: Int }

  /// One directory entry: a tag, its type and count, and its value (little-endian), or
  /// the offset of a directory or block.
  package struct Entry {
    let tag: UInt16
    let type: UInt16
    let count: Int
    let value: [UInt8]
    let target: Handle?

    package static func byte(_ tag: UInt16, _ values: [UInt8]) -> Entry {
      Entry(tag: tag, type: 1, count: values.count, value: values, target: nil)
    }
    package static func ascii(_ tag: UInt16, _ text: String) -> Entry {
      let bytes = Array(text.utf8) + [0]
      return Entry(tag: tag, type: 2, count: bytes.count, value: bytes, target: nil)
    }
    package static func short(_ tag: UInt16, _ values: [UInt16]) -> Entry {
      Entry(
        tag: tag, type: 3, count: values.count, value: values.flatMap(TIFFLayout.le),
        target: nil)
    }
    package static func long(_ tag: UInt16, _ values: [UInt32]) -> Entry {
      Entry(
        tag: tag, type: 4, count: values.count, value: values.flatMap(TIFFLayout.le),
        target: nil)
    }
    package static func rational(_ tag: UInt16, _ values: [(UInt32, UInt32)]) -> Entry {
      Entry(
        tag: tag, type: 5, count: values.count,
        value: values.flatMap { TIFFLayout.le($0.0) + TIFFLayout.le($0.1) }, target: nil)
    }
    package static func srational(_ tag: UInt16, _ values: [(Int32, Int32)]) -> Entry {
      Entry(
        tag: tag, type: 10, count: values.count,
        value: values.flatMap {
          TIFFLayout.le(UInt32(bitPattern: $0.0)) + TIFFLayout.le(UInt32(bitPattern: $0.1))
        }, target: nil)
    }
    /// A LONG holding the offset of `target`.
    package static func offset(_ tag: UInt16, _ target: Handle) -> Entry {
      Entry(tag: tag, type: 4, count: 1, value: [0, 0, 0, 0], target: target)
    }
  }

  private enum Part {
    case directory([Entry])
    case blob([UInt8])
  }
  private var parts: [Part] = []
  private var firstDirectory: Handle?

  package init() {}

  /// Adds a directory (entries sorted by tag when written).
  package mutating func directory(_ entries: [Entry]) -> Handle {
    parts.append(.directory(entries.sorted { $0.tag < $1.tag }))
    return Handle(index: parts.count - 1)
  }

  /// Adds a block of data.
  package mutating func blob(_ bytes: [UInt8]) -> Handle {
    parts.append(.blob(bytes))
    return Handle(index: parts.count - 1)
  }

  /// Adds the directory the header points to.
  package mutating func first(_ entries: [Entry]) {
    firstDirectory = directory(entries)
  }

  /// The file: the header, the first directory, the other directories, then the data
  /// blocks, each in the order added (a directory followed by the values that do not fit
  /// in its entries), each at an even offset.
  package func bytes() -> [UInt8] {
    func size(_ part: Part) -> Int {
      switch part {
      case .blob(let bytes): return (bytes.count + 1) & ~1
      case .directory(let entries):
        return 2 + entries.count * 12 + 4
          + entries.reduce(0) { $0 + ($1.value.count > 4 ? ($1.value.count + 1) & ~1 : 0) }
      }
    }
    // The first directory right after the header, then the other directories, then the
    // data, as cameras write them: a reader of a file's head finds every tag there.
    func rank(_ index: Int) -> Int {
      if index == firstDirectory?.index { return 0 }
      if case .directory = parts[index] { return 1 }
      return 2
    }
    let order = parts.indices.sorted { (rank($0), $0) < (rank($1), $1) }
    var offsets = [Int](repeating: 0, count: parts.count)
    var at = 8
    for index in order {
      offsets[index] = at
      at += size(parts[index])
    }
    var out: [UInt8] =
      [0x49, 0x49, 42, 0] + Self.le(UInt32(firstDirectory.map { offsets[$0.index] } ?? 8))
    for index in order {
      switch parts[index] {
      case .blob(let bytes):
        out += bytes
        if bytes.count % 2 == 1 { out.append(0) }
      case .directory(let entries):
        var spill = offsets[index] + 2 + entries.count * 12 + 4
        var extra: [UInt8] = []
        out += Self.le(UInt16(entries.count))
        for entry in entries {
          out += Self.le(entry.tag) + Self.le(entry.type) + Self.le(UInt32(entry.count))
          if let target = entry.target {
            out += Self.le(UInt32(offsets[target.index]))
          } else if entry.value.count <= 4 {
            out += entry.value + [UInt8](repeating: 0, count: 4 - entry.value.count)
          } else {
            out += Self.le(UInt32(spill))
            extra += entry.value
            if entry.value.count % 2 == 1 { extra.append(0) }
            spill += (entry.value.count + 1) & ~1
          }
        }
        out += Self.le(UInt32(0))
        out += extra
      }
    }
    return out
  }

  static func le(_ value: UInt16) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
  static func le(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
}
