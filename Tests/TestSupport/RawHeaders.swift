/// Camera raw files of five makes as their makers lay out the TIFF structure, for the
/// tests and benchmarks of reading a file's details: the directories, tags, maker note and
/// embedded preview where each maker puts them, and stand-in sensor data (zeros: no
/// picture develops from these files; LibRaw refuses them).
///
/// NEF and ARW: a reduced copy first, the sensor data in a sub-directory. PEF: the sensor
/// data in the first directory. ORF: Olympus's `IIRO` signature over a TIFF whose first
/// directory is the sensor data. DNG: `DNGWriter`'s, with a developed mosaic.
package enum RawHeaders {
  package enum Make: CaseIterable, Sendable {
    case nikon, sony, pentax, olympus, dng

    package var fileExtension: String {
      switch self {
      case .nikon: "nef"
      case .sony: "arw"
      case .pentax: "pef"
      case .olympus: "orf"
      case .dng: "dng"
      }
    }

    /// The maker as its cameras write it, and a model.
    package var camera: (make: String, model: String) {
      switch self {
      case .nikon: ("NIKON CORPORATION", "NIKON Z 6_2")
      case .sony: ("SONY", "ILCE-7M3")
      case .pentax: ("RICOH IMAGING COMPANY, LTD.", "PENTAX K-3 Mark III")
      case .olympus: ("OM Digital Solutions", "OM-1")
      case .dng: ("Google", "Pixel 7")
      }
    }

    /// The sensor data's size.
    package var sensor: (width: Int, height: Int) {
      switch self {
      case .nikon: (6048, 4024)
      case .sony: (6000, 4000)
      case .pentax: (6192, 4128)
      case .olympus: (5240, 3912)
      case .dng: (64, 48)
      }
    }
  }

  /// The file's bytes; `variant` changes the date, exposure and position, `sensorBytes`
  /// is the stand-in sensor data's length.
  package static func bytes(_ make: Make, variant: Int = 0, sensorBytes: Int = 64 << 10)
    -> [UInt8]
  {
    let (maker, model) = make.camera
    let date = "2024:0\(variant % 9 + 1):1\(variant % 10) 1\(variant % 10):2\(variant % 10):00"
    if make == .dng {
      var writer = DNGWriter(
        width: 64, height: 48, scene: [UInt8](repeating: 128, count: 64 * 48 * 4), preview: nil)
      writer.make = maker
      writer.model = model
      writer.date = date
      writer.iso = UInt16(100 << (variant % 5))
      return writer.bytes()
    }
    var tiff = TIFFLayout()
    let sensor = tiff.blob([UInt8](repeating: 0, count: sensorBytes))
    let preview = tiff.blob([0xFF, 0xD8, 0xFF, 0xDB] + [UInt8](repeating: 0x11, count: 40_000))
    // A maker note of a camera's size, in its own structure nobody here reads.
    let makerNote = (0..<24_000).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ variant) }
    let exif = tiff.directory([
      .rational(0x829A, [(1, UInt32(100 + variant % 900))]),
      .rational(0x829D, [(UInt32(18 + variant % 60), 10)]),
      .short(0x8827, [UInt16(100 << (variant % 6))]), .ascii(0x9003, date),
      .ascii(0x9004, date), .ascii(0x9011, variant % 2 == 0 ? "+01:00" : "-05:00"),
      .rational(0x920A, [(UInt32(24 + variant % 100), 1)]),
      .byte(0x927C, makerNote), .ascii(0xA434, "Lens \(variant % 7) 24-70mm F2.8"),
    ])
    let gps = tiff.directory([
      .byte(0x0000, [2, 3, 0, 0]), .ascii(0x0001, variant % 2 == 0 ? "N" : "S"),
      .rational(0x0002, [(UInt32(variant % 90), 1), (30, 1), (1234, 100)]),
      .ascii(0x0003, variant % 3 == 0 ? "W" : "E"),
      .rational(0x0004, [(UInt32(variant % 180), 1), (15, 1), (0, 1)]),
      .byte(0x0005, [0]), .rational(0x0006, [(UInt32(variant % 3000), 1)]),
    ])
    let sensorTags: [TIFFLayout.Entry] = [
      .long(0x0100, [UInt32(make.sensor.width)]), .long(0x0101, [UInt32(make.sensor.height)]),
      .short(0x0102, [14]), .short(0x0103, [make == .pentax ? 65535 : 34713]),
      .short(0x0106, [32803]), .offset(0x0111, sensor), .short(0x0115, [1]),
      .long(0x0117, [UInt32(sensorBytes)]), .short(0x828D, [2, 2]),
      .byte(0x828E, [0, 1, 1, 2]),
    ]
    let cameraTags: [TIFFLayout.Entry] = [
      .ascii(0x010F, maker), .ascii(0x0110, model), .short(0x0112, [variant % 4 == 3 ? 6 : 1]),
      .ascii(0x0131, "Ver.1.10"), .ascii(0x0132, date), .offset(0x8769, exif),
      .offset(0x8825, gps),
    ]
    switch make {
    case .nikon, .sony:
      let raw = tiff.directory([.long(0x00FE, [0])] + sensorTags)
      tiff.first(
        cameraTags + [
          .long(0x00FE, [1]), .long(0x0100, [160]), .long(0x0101, [120]),
          .short(0x0103, [6]), .offset(0x0201, preview), .long(0x0202, [40_004]),
          .offset(0x014A, raw),
        ])
    case .pentax, .olympus, .dng:
      tiff.first(cameraTags + sensorTags)
    }
    var bytes = tiff.bytes()
    if make == .olympus {
      bytes[2] = UInt8(ascii: "R")  // IIRO: Olympus's own signature
      bytes[3] = UInt8(ascii: "O")
    }
    return bytes
  }
}
