import CImageFormats
import Foundation
import FuzzTargets
import Pictures
import Testing

@testable import Thumbnails

/// PNGs turned by their pixels (`LosslessTurn`), seen through the gallery's own decoder:
/// every colour type and depth, interlaced or not, with an orientation in `eXIf` that the
/// turn takes into the pixels, decode to the reference turn of what they showed.
@Suite struct PixelTurnTests {
  static let picture = Fixtures.scene(width: 9, height: 6)

  static func pngs() -> [(String, [UInt8])] {
    let kinds: [(String, Fixtures.PNGKind)] = [
      ("grey", .grey), ("grey and alpha", .greyAlpha), ("rgb", .rgb), ("rgba", .rgba),
      ("palette", .paletteWithTransparency), ("16-bit", .sixteenBit),
    ]
    var list = kinds.map { ($0.0, Fixtures.png(picture, kind: $0.1)) }
    let folder = Fixtures.makeFolder()
    let interlaced = FileManager.default.contents(
      atPath: Fixtures.interlacedPNG(picture, in: folder))
    list.append(("interlaced", [UInt8](interlaced ?? Data())))
    return list
  }

  @Test func everyKindOfPNGDecodesToTheTurnedPicture() throws {
    let decoder = ImageDecoder()
    for (name, original) in Self.pngs() {
      let before = try decoder.decode(bytes: original)
      for turn in PictureTurn.allCases {
        let turned = try LosslessTurn.turning(original, by: turn)
        let after = try decoder.decode(bytes: turned)
        #expect(
          after.image == OrientationPixelTests.reference(turn, before.image), "\(name) \(turn)")
        #expect(after.metadata.orientation == 1, "\(name): the pixels are turned, not the tag")
        #expect(ExifOrientation.read(from: turned) == nil, "\(name): no eXIf added")
      }
    }
  }

  /// A PNG whose `eXIf` asks for a quarter turn: the turn is made on what it showed, and
  /// the tag comes out upright, the chunk kept.
  @Test func anOrientationInTheFileIsTurnedIntoThePixels() throws {
    let decoder = ImageDecoder()
    let exif = Fixtures.exifTIFF(orientation: 6, model: "Camera", date: "2024:05:01 12:00:00")
    let original = OrientationPixelTests.insertingExif(
      exif, into: Fixtures.png(Self.picture, kind: .rgb))
    let before = try decoder.decode(bytes: original)
    #expect(before.metadata.orientation == 6)
    for turn in PictureTurn.allCases {
      let turned = try LosslessTurn.turning(original, by: turn)
      let after = try decoder.decode(bytes: turned)
      #expect(after.image == OrientationPixelTests.reference(turn, before.image), "\(turn)")
      #expect(ExifOrientation.read(from: turned) == .normal)
      #expect(after.metadata.cameraModel == "Camera")
    }
  }

  /// The pixels' aspect (`pHYs`) turns with a quarter turn, not with a flip; a text chunk
  /// after the image data stays after it.
  @Test func theOtherChunksStayAndTurn() throws {
    let physical: [UInt8] = [0, 0, 0x0B, 0x13, 0, 0, 0x05, 0x00, 1]
    var original = Fixtures.png(Self.picture, kind: .rgb)
    original.insert(contentsOf: PNGChunks.chunk("pHYs", physical), at: 33)
    original.insert(
      contentsOf: PNGChunks.chunk("tEXt", Array("Comment\0kept".utf8)), at: original.count - 12)
    for (turn, expected) in [
      (PictureTurn.right, Array(physical[4..<8] + physical[0..<4]) + [1]),
      (.flipHorizontal, physical),
    ] {
      let turned = try LosslessTurn.turning(original, by: turn)
      let chunks = try PNGChunks(turned).chunks
      let types = chunks.map(\.type)
      #expect(types.first == "IHDR" && types.last == "tEXt", "\(types)")
      let data = try #require(chunks.first { $0.type == "pHYs" }).data
      #expect(Array(turned[data]) == expected, "\(turn)")
    }
  }

  /// A damaged PNG is left as it is; an animated one is turned by its tag, its frames
  /// untouched.
  @Test func damagedAndAnimatedPNGs() throws {
    var damaged = Fixtures.png(Self.picture, kind: .rgb)
    damaged[damaged.count - 20] ^= 0xFF
    #expect(throws: OrientationRewriteError.self) {
      try LosslessTurn.turning(damaged, by: .right)
    }
    let plain = Fixtures.png(Self.picture, kind: .rgb)
    let control: [UInt8] = [0, 0, 0, 1, 0, 0, 0, 0]
    var animated = plain
    animated.insert(contentsOf: PNGChunks.chunk("acTL", control), at: 33)
    let turned = try LosslessTurn.turning(animated, by: .right)
    #expect(ExifOrientation.read(from: turned) == .needsClockwiseTurn)
  }

  /// The PNGs of these tests, and one with `eXIf`, seed the `pixel-turn` target.
  @Test func picturesSeedThePixelTurnTarget() throws {
    let target = try #require(FuzzTarget.named("pixel-turn"))
    let exif = Fixtures.exifTIFF(orientation: 6, model: "Seed", date: "2024:05:01 12:00:00")
    var seeds = Self.pngs()
    seeds.append(
      (
        "exif",
        OrientationPixelTests.insertingExif(exif, into: Fixtures.png(Self.picture, kind: .rgb))
      ))
    for (name, bytes) in seeds {
      try FuzzSeeds.plant(
        bytes, named: name.replacingOccurrences(of: " ", with: "-") + ".png", in: target)
    }
  }

  /// `image` as a lossless WebP: the simple file libwebp writes, or with `exif` in an
  /// extended one (`VP8X`, the picture, then `EXIF`).
  static func webp(_ image: PixelImage, exif: [UInt8]? = nil) throws -> [UInt8] {
    var output: UnsafeMutablePointer<UInt8>?
    let size = image.pixels.withUnsafeBufferPointer {
      gallery_webp_encode_lossless(
        $0.baseAddress, Int32(image.width), Int32(image.height), &output)
    }
    let encoded = try #require(output.map { Array(UnsafeBufferPointer(start: $0, count: size)) })
    WebPFree(output)
    guard let exif else { return encoded }
    func little(_ value: Int, _ count: Int) -> [UInt8] {
      (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    let extended: [UInt8] =
      [0x08, 0, 0, 0] + little(image.width - 1, 3) + little(image.height - 1, 3)
    var body = Array("WEBP".utf8) + Array("VP8X".utf8) + little(10, 4) + extended
    body += encoded[12...]
    body += Array("EXIF".utf8) + little(exif.count, 4) + exif + (exif.count % 2 == 1 ? [0] : [])
    return Array("RIFF".utf8) + little(body.count, 4) + body
  }

  @Test func aLosslessWebPDecodesToTheTurnedPicture() throws {
    let decoder = ImageDecoder()
    let exif = Fixtures.exifTIFF(orientation: 6, model: "Camera", date: "2024:05:01 12:00:00")
    for (name, original) in [
      ("simple", try Self.webp(Self.picture)),
      ("extended", try Self.webp(Self.picture, exif: exif)),
    ] {
      let before = try decoder.decode(bytes: original)
      #expect(before.metadata.orientation == (name == "simple" ? 1 : 6))
      for turn in PictureTurn.allCases {
        let turned = try LosslessTurn.turning(original, by: turn)
        let after = try decoder.decode(bytes: turned)
        #expect(
          after.image == OrientationPixelTests.reference(turn, before.image), "\(name) \(turn)")
        #expect(after.metadata.orientation == 1, "\(name) \(turn)")
        #expect(after.metadata.cameraModel == before.metadata.cameraModel, "\(name)")
      }
      try FuzzSeeds.plant(
        original, named: name + ".webp", in: try #require(FuzzTarget.named("pixel-turn")))
    }
  }
}
