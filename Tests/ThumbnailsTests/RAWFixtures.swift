import TestSupport

@testable import Thumbnails

/// Camera raw files for the decoding tests and the `raw` fuzz target's seeds: DNGs of the
/// quadrant scene (red, green / blue, white) written by `DNGWriter`, and the broken
/// variants a card gives (cut short, a size no sensor has, no raw data at all).
enum RAWFixtures {
  /// The sensor's size.
  static let width = 480
  static let height = 320

  /// A DNG of the quadrants, with an embedded JPEG preview of `preview` pixels (nil for
  /// none), turned by `orientation`.
  static func dng(
    preview: (width: Int, height: Int)? = (120, 80), orientation: UInt16 = 1,
    configure: (inout DNGWriter) -> Void = { _ in }
  ) -> [UInt8] {
    let scene = Fixtures.quadrants(width: width, height: height)
    var writer = DNGWriter(
      width: width, height: height, scene: scene.pixels,
      preview: preview.map { size in
        (
          Fixtures.jpeg(Fixtures.quadrants(width: size.width, height: size.height)), size.width,
          size.height
        )
      })
    writer.orientation = orientation
    configure(&writer)
    return writer.bytes()
  }

  /// A DNG cut in the middle of its raw data.
  static var truncated: [UInt8] {
    let whole = dng()
    return Array(whole.prefix(whole.count * 2 / 3))
  }

  /// A DNG whose preview claims more bytes than the file has: LibRaw fails to take it out
  /// (and recycles its handle), and the raw data is developed instead.
  static var unreadablePreview: [UInt8] {
    var bytes = dng()
    patchLong(&bytes, tag: 0x0117, value: 50_000_000)
    return bytes
  }

  /// A DNG whose sensor claims 40,000 pixels a side.
  static var huge: [UInt8] {
    var writer = DNGWriter(
      width: 2, height: 2, scene: [UInt8](repeating: 128, count: 16), preview: nil)
    writer.make = "Huge"
    var bytes = writer.bytes()
    // The raw directory is the first: rewrite its ImageWidth and ImageLength (LONGs).
    patchLong(&bytes, tag: 0x0100, value: 40_000)
    patchLong(&bytes, tag: 0x0101, value: 40_000)
    return bytes
  }

  /// A TIFF that names a DNG version but holds no raw data: a directory of camera tags.
  static var noRawData: [UInt8] {
    var layout = TIFFLayout()
    layout.first([
      .ascii(0x010F, "Gallery"), .ascii(0x0110, "Empty"), .byte(0xC612, [1, 4, 0, 0]),
    ])
    return layout.bytes()
  }

  /// Every fixture, named, for the fuzz target's seeds.
  static var seeds: [(String, [UInt8])] {
    [
      ("preview.dng", dng()), ("no-preview.dng", dng(preview: nil)),
      ("turned.dng", dng(orientation: 6)), ("truncated.dng", truncated), ("huge.dng", huge),
      ("no-raw-data.dng", noRawData), ("unreadable-preview.dng", unreadablePreview),
    ]
  }

  /// Sets the first LONG entry with `tag` in the first directory to `value`.
  private static func patchLong(_ bytes: inout [UInt8], tag: UInt16, value: UInt32) {
    let directory = Int(bytes[4]) | Int(bytes[5]) << 8 | Int(bytes[6]) << 16 | Int(bytes[7]) << 24
    let count = Int(bytes[directory]) | Int(bytes[directory + 1]) << 8
    for entry in 0..<count {
      let at = directory + 2 + entry * 12
      guard Int(bytes[at]) | Int(bytes[at + 1]) << 8 == Int(tag) else { continue }
      for index in 0..<4 { bytes[at + 8 + index] = UInt8((value >> (8 * UInt32(index))) & 0xFF) }
      return
    }
  }
}
