import Pictures
import Testing

@testable import Thumbnails

/// Lossless turns seen through the real decoders: a file whose orientation
/// `OrientationRewrite` turned decodes to the picture it decoded to before, turned in
/// pixel space, pixel for pixel; the stored pixels are the same bytes.
@Suite struct OrientationPixelTests {
  /// `image` turned as seen, worked out here from what each turn does to a pixel.
  static func reference(_ turn: PictureTurn, _ image: PixelImage) -> PixelImage {
    let (w, h) = (image.width, image.height)
    let swaps = turn == .left || turn == .right
    let (width, height) = swaps ? (h, w) : (w, h)
    var pixels: [UInt8] = []
    for y in 0..<height {
      for x in 0..<width {
        // (sx, sy): the pixel of `image` that lands at (x, y).
        let (sx, sy): (Int, Int) =
          switch turn {
          // Clockwise: the left column becomes the top row, read from the bottom up.
          case .right: (y, h - 1 - x)
          // Counter-clockwise: the right column becomes the top row, read downwards.
          case .left: (w - 1 - y, x)
          case .flipHorizontal: (w - 1 - x, y)
          case .flipVertical: (x, h - 1 - y)
          }
        let at = (sy * w + sx) * 4
        pixels += image.pixels[at..<(at + 4)]
      }
    }
    return PixelImage(width: width, height: height, pixels: pixels)
  }

  /// A 5×3 picture whose every pixel is different, so any wrong turn shows.
  static let distinct: PixelImage = {
    var pixels: [UInt8] = []
    for index in 0..<15 {
      let (x, y) = (index % 5, index / 5)
      pixels += [UInt8(index * 16), UInt8(x * 50), UInt8(y * 100), 255]
    }
    return PixelImage(width: 5, height: 3, pixels: pixels)
  }()

  /// The orientations' algebra agrees with the decoder's turning of stored pixels: the
  /// orientation `turned(_:)` gives shows the stored picture as the old one did, turned.
  @Test func theAlgebraMatchesTheDecodersTurning() {
    let stored = Self.distinct
    #expect(Self.reference(.right, stored) != Self.reference(.left, stored))
    for orientation in ExifOrientation.allCases {
      let shown = stored.oriented(orientation.rawValue)
      for turn in PictureTurn.allCases {
        let turned = stored.oriented(orientation.turned(turn).rawValue)
        #expect(turned == Self.reference(turn, shown), "\(orientation) \(turn)")
      }
    }
  }

  /// JPEGs without EXIF, with EXIF (turned 6), with EXIF but no orientation tag, and with
  /// JFIF before EXIF and a preview inside it.
  static func jpegs() -> [(String, [UInt8])] {
    let picture = Fixtures.scene(width: 24, height: 16)
    let dated = Fixtures.jpegWithExif(
      picture, orientation: 6, model: "Camera", date: "2024:05:01 12:00:00")
    // The orientation entry's tag made ResolutionUnit's, which keeps the entries in order.
    let untagged = Self.retagged(dated, from: 0x0112, to: 0x0128)
    return [
      ("plain", Fixtures.jpeg(picture)),
      ("exif", dated),
      ("exif without orientation", untagged),
      (
        "jfif and preview",
        Fixtures.jpegWithPreview(
          picture, preview: Fixtures.scene(width: 6, height: 4), orientation: 3)
      ),
    ]
  }

  /// `bytes` with the first little-endian entry of tag `old` given tag `new`.
  static func retagged(_ bytes: [UInt8], from old: UInt16, to new: UInt16) -> [UInt8] {
    let pattern = [UInt8(old & 0xFF), UInt8(old >> 8), 3, 0, 1, 0, 0, 0]
    var result = bytes
    if let at = bytes.indices.first(where: { bytes[$0...].starts(with: pattern) }) {
      result[at] = UInt8(new & 0xFF)
      result[at + 1] = UInt8(new >> 8)
    }
    return result
  }

  @Test func turnedJPEGsDecodeToTheTurnedPicture() throws {
    let decoder = ImageDecoder()
    for (name, original) in Self.jpegs() {
      let before = try decoder.decode(bytes: original)
      for turn in PictureTurn.allCases {
        let turned = try OrientationRewrite.turning(original, by: turn)
        let after = try decoder.decode(bytes: turned)
        #expect(after.image == Self.reference(turn, before.image), "\(name) \(turn)")
        #expect(Self.scan(turned) == Self.scan(original), "\(name)")
        #expect(after.metadata.cameraModel == before.metadata.cameraModel)
        #expect(after.metadata.dateTaken == before.metadata.dateTaken)
        let back = try OrientationRewrite.turning(turned, by: turn.inverse)
        #expect(try decoder.decode(bytes: back).image == before.image, "\(name) \(turn)")
      }
    }
  }

  /// Four quarter turns one after another come back to the picture as it was shown.
  @Test func fourTurnsOfAJPEGComeBack() throws {
    let decoder = ImageDecoder()
    let original = Fixtures.jpeg(Fixtures.scene(width: 24, height: 16))
    var bytes = original
    var expected = try decoder.decode(bytes: original).image
    for _ in 0..<4 {
      bytes = try OrientationRewrite.turning(bytes, by: .left)
      expected = Self.reference(.left, expected)
      #expect(try decoder.decode(bytes: bytes).image == expected)
    }
    #expect(expected == (try decoder.decode(bytes: original).image))
    #expect(ExifOrientation.read(from: bytes) == .normal)
  }

  /// The bytes from the JPEG's start of scan to its end: the entropy-coded picture.
  static func scan(_ bytes: [UInt8]) -> ArraySlice<UInt8> {
    var offset = 2
    while offset + 4 <= bytes.count, bytes[offset + 1] != 0xDA {
      // A fill byte before a marker, or a segment and its length.
      offset +=
        bytes[offset + 1] == 0xFF ? 1 : 2 + (Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3]))
    }
    return bytes[offset...]
  }

  /// PNGs without `eXIf` and with one (no orientation in it): each turn decodes, through
  /// libpng and the chunk's orientation, to the reference turn, with the other details
  /// still read from the chunk, and turned back to the picture as it was.
  @Test func turnedPNGsShowTheTurnPixelForPixel() throws {
    let decoder = ImageDecoder()
    let picture = Fixtures.scene(width: 24, height: 16)
    let plain = Fixtures.png(picture, kind: .rgba)
    let exif = Fixtures.exifTIFF(orientation: 1, model: "Camera", date: "2024:05:01 12:00:00")
    for (name, original) in [("plain", plain), ("exif", Self.insertingExif(exif, into: plain))] {
      let before = try decoder.decode(bytes: original)
      #expect(before.image == picture)
      for turn in PictureTurn.allCases {
        let turned = try OrientationRewrite.turning(original, by: turn)
        let after = try decoder.decode(bytes: turned)
        #expect(after.image == Self.reference(turn, before.image), "\(name) \(turn)")
        #expect(after.metadata.cameraModel == before.metadata.cameraModel)
        #expect(after.metadata.dateTaken == before.metadata.dateTaken)
        #expect(after.metadata.orientation == ExifOrientation.read(from: turned)?.rawValue)
        let back = try OrientationRewrite.turning(turned, by: turn.inverse)
        #expect(try decoder.decode(bytes: back).image == picture, "\(name) \(turn) back")
      }
    }
  }

  /// `png` with an `eXIf` chunk holding `tiff` before its first IDAT.
  static func insertingExif(_ tiff: [UInt8], into png: [UInt8]) -> [UInt8] {
    let body = Array("eXIf".utf8) + tiff
    func big(_ value: UInt32) -> [UInt8] { [24, 16, 8, 0].map { UInt8((value >> $0) & 0xFF) } }
    let chunk = big(UInt32(tiff.count)) + body + big(Fixtures.crc32(body))
    var result = png
    let idat = png.indices.first { png[$0...].starts(with: Array("IDAT".utf8)) } ?? 8
    result.insert(contentsOf: chunk, at: idat - 4)
    return result
  }

  /// An uncompressed RGB TIFF of `image` (alpha left out) with orientation `orientation`,
  /// written byte by byte.
  static func tiff(_ image: PixelImage, orientation: Int) -> [UInt8] {
    func short(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8)] }
    func long(_ value: Int) -> [UInt8] { (0..<4).map { UInt8((value >> (8 * $0)) & 0xFF) } }
    let entries: [(tag: Int, type: Int, count: Int, value: Int)] = [
      (256, 3, 1, image.width), (257, 3, 1, image.height), (258, 3, 3, 146), (259, 3, 1, 1),
      (262, 3, 1, 2), (273, 4, 1, 152), (274, 3, 1, orientation), (277, 3, 1, 3),
      (278, 3, 1, image.height), (279, 4, 1, image.width * image.height * 3), (284, 3, 1, 1),
    ]
    var bytes: [UInt8] = [0x49, 0x49, 42, 0] + long(8) + short(entries.count)
    for entry in entries {
      bytes += short(entry.tag) + short(entry.type) + long(entry.count)
      bytes +=
        entry.type == 3 && entry.count == 1 ? short(entry.value) + [0, 0] : long(entry.value)
    }
    bytes += long(0) + short(8) + short(8) + short(8)
    precondition(bytes.count == 152)
    for (index, value) in image.pixels.enumerated() where index % 4 != 3 { bytes.append(value) }
    return bytes
  }

  /// TIFF's decoder applies the orientation tag, so a turned TIFF decodes turned.
  @Test func turnedTIFFsDecodeToTheTurnedPicture() throws {
    let decoder = ImageDecoder()
    let picture = Fixtures.scene(width: 12, height: 8)
    for orientation in [1, 6] {
      let original = Self.tiff(picture, orientation: orientation)
      let before = try decoder.decode(bytes: original)
      #expect(before.image == picture.oriented(orientation))
      for turn in PictureTurn.allCases {
        let turned = try OrientationRewrite.turning(original, by: turn)
        #expect(turned.count == original.count)
        #expect(turned[152...] == original[152...])
        let after = try decoder.decode(bytes: turned)
        #expect(after.image == Self.reference(turn, before.image), "\(orientation) \(turn)")
      }
    }
  }
}
