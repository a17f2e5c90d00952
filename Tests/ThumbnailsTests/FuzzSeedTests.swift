import Foundation
import FuzzTargets
import Pictures
import Testing

@testable import Thumbnails

/// The pictures the image fuzz targets start from (`make fuzz` collects them through
/// `GALLERY_FUZZ_SEEDS`): small files of each kind the decoders handle, every one
/// decoding cleanly, so the fuzzer mutates from inputs that reach the pixels.
@Suite struct FuzzSeedTests {
  static let picture = Fixtures.scene(width: 24, height: 16)

  static func jpegs() -> [(String, [UInt8])] {
    [
      ("baseline.jpg", Fixtures.jpeg(picture)),
      ("progressive.jpg", Fixtures.jpeg(picture, kind: .progressive)),
      ("greyscale.jpg", Fixtures.jpeg(picture, kind: .greyscale)),
      ("cmyk.jpg", Fixtures.jpeg(picture, kind: .cmyk)),
      (
        "exif.jpg",
        Fixtures.jpegWithExif(picture, orientation: 6, model: "Seed", date: "2024:05:01 12:00:00")
      ),
    ]
  }

  static func pngs() throws -> [(String, [UInt8])] {
    let folder = Fixtures.makeFolder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let translucent = Fixtures.quadrants(width: 12, height: 8, alpha: 128)
    var files: [(String, [UInt8])] = [
      ("grey.png", Fixtures.png(picture, kind: .grey)),
      ("grey-alpha.png", Fixtures.png(translucent, kind: .greyAlpha)),
      ("rgb.png", Fixtures.png(picture, kind: .rgb)),
      ("rgba.png", Fixtures.png(translucent, kind: .rgba)),
      ("palette.png", Fixtures.png(translucent, kind: .paletteWithTransparency)),
      ("16-bit.png", Fixtures.png(picture, kind: .sixteenBit)),
      ("interlaced.png", try bytes(Fixtures.interlacedPNG(translucent, in: folder))),
    ]
    // A stored thumbnail, with the text chunks the cache reads back.
    let source = Fixtures.write(files[2].1, "source.png", in: folder)
    let cache = ThumbnailDiskCache(root: folder + "/thumbnails")
    let metadata = ImageMetadata(format: .png, originalWidth: 24, originalHeight: 16)
    #expect(cache.store(picture, metadata: metadata, path: source, flavor: .normal))
    let stored = try #require(cache.thumbnailPath(for: source, flavor: .normal))
    files.append(("cached-thumbnail.png", try bytes(stored)))
    return files
  }

  static func bytes(_ path: String) throws -> [UInt8] {
    Array(try Data(contentsOf: URL(fileURLWithPath: path)))
  }

  @Test func picturesSeedTheImageTargets() throws {
    let jpegs = Self.jpegs()
    let pngs = try Self.pngs()
    for (name, bytes) in jpegs + pngs {
      #expect(throws: Never.self, "\(name)") { try ImageDecoder().decode(bytes: bytes) }
      for target in [
        FuzzTarget.named("image"), FuzzTarget.named(name.hasSuffix(".jpg") ? "jpeg" : "png"),
      ] + (name.hasSuffix(".jpg") ? [FuzzTarget.named("jpeg-part")] : []) {
        try FuzzSeeds.plant(bytes, named: name, in: try #require(target))
      }
    }
  }

  /// Every other format, from the corpus the format tests make with Debian's encoders.
  @Test func theFormatCorpusSeedsTheImageTarget() async throws {
    let target = try #require(FuzzTarget.named("image"))
    let formats = ["webp", "gif", "heic", "avif", "tif", "bmp", "jxl"]
    let names = try FileManager.default.contentsOfDirectory(
      atPath: await Corpus.making.value.folder
    ).sorted()
      .filter { formats.contains(($0 as NSString).pathExtension) }
    #expect(Set(names.map { ($0 as NSString).pathExtension }) == Set(formats))
    for name in names {
      let bytes = try await Corpus.bytes(name)
      #expect(throws: Never.self, "\(name)") { try ImageDecoder().decode(bytes: bytes) }
      try FuzzSeeds.plant(bytes, named: name, in: target)
    }
  }

  /// The SVG fixtures seed the `svg` target and the `image` one, which sniffs them.
  @Test func drawingsSeedTheSVGTarget() throws {
    let svg = try #require(FuzzTarget.named("svg"))
    let image = try #require(FuzzTarget.named("image"))
    for (name, bytes) in SVGFixtures.seeds {
      #expect(throws: Never.self, "\(name)") { try ImageDecoder().decode(bytes: bytes) }
      try FuzzSeeds.plant(bytes, named: name, in: svg)
      try FuzzSeeds.plant(bytes, named: name, in: image)
    }
    for (name, bytes) in [
      ("entity-bomb.svg", SVGFixtures.entityBomb), ("truncated.svg", SVGFixtures.malformed),
      ("no-size.svg", SVGFixtures.nothingKnown),
      ("external.svg", SVGFixtures.referencing("/etc/x.png")),
    ] {
      try FuzzSeeds.plant(bytes, named: name, in: svg)
    }
  }

  /// The raw fixtures seed the `raw` target and the `image` one, which sniffs them.
  @Test func rawFilesSeedTheRawTarget() throws {
    let raw = try #require(FuzzTarget.named("raw"))
    let image = try #require(FuzzTarget.named("image"))
    for (name, bytes) in RAWFixtures.seeds {
      try FuzzSeeds.plant(bytes, named: name, in: raw)
      try FuzzSeeds.plant(bytes, named: name, in: image)
    }
    #expect(throws: Never.self) { try ImageDecoder().decode(bytes: RAWFixtures.dng()) }
  }

  /// The video fixtures seed the `video` target and the `image` one, which sniffs them.
  @Test func videosSeedTheVideoTarget() async throws {
    let video = try #require(FuzzTarget.named("video"))
    let image = try #require(FuzzTarget.named("image"))
    for name in VideoFixtures.names {
      let bytes = try await VideoFixtures.bytes(name)
      try FuzzSeeds.plant(bytes, named: name, in: video)
      try FuzzSeeds.plant(bytes, named: name, in: image)
    }
  }

  @Test func exifBlocksSeedTheExifTarget() throws {
    let (_, file) = try #require(Self.jpegs().last)
    // The APP1 segment right after SOI (see `Fixtures.jpegWithExif`): the bare block too.
    let length = Int(file[4]) << 8 | Int(file[5])
    let block = Array(file[6..<(4 + length)])
    #expect(block.starts(with: Array("Exif".utf8) + [0, 0]))
    #expect(DecoderEntryPoints.exif(jpeg: file).orientation == 6)
    #expect(DecoderEntryPoints.exif(payload: block).cameraModel == "Seed")
    #expect(DecoderEntryPoints.exif(jpeg: block).cameraModel == nil, "not a JPEG")
    let target = try #require(FuzzTarget.named("exif"))
    try FuzzSeeds.plant(file, named: "exif.jpg", in: target)
    try FuzzSeeds.plant(block, named: "exif-block", in: target)
  }

  /// The head reader's target starts from the formats whose heads it walks itself.
  @Test func picturesSeedTheHeadDetailsTarget() throws {
    let target = try #require(FuzzTarget.named("head-details"))
    let picture = Fixtures.quadrants(width: 32, height: 24)
    let exif = Fixtures.exifTIFF(orientation: 6, model: "Seed", date: "2024:05:01 12:00:00")
    let preview = Fixtures.jpegWithPreview(
      picture, preview: Fixtures.quadrants(width: 16, height: 12), orientation: 8)
    try FuzzSeeds.plant(
      Fixtures.jpegWithExif(picture, orientation: 6, model: "Seed", date: "2024:05:01 12:00:00"),
      named: "exif.jpg", in: target)
    try FuzzSeeds.plant(preview, named: "preview.jpg", in: target)
    try FuzzSeeds.plant(exif, named: "exif.tif", in: target)
    try FuzzSeeds.plant(Fixtures.png(picture, kind: .rgba), named: "plain.png", in: target)
  }

  @Test func picturesWithPreviewsSeedThePreviewTarget() throws {
    let target = try #require(FuzzTarget.named("preview"))
    let blue = PixelImage(width: 160, height: 120, filledWith: (0, 0, 255, 255))
    for orientation: UInt16 in [1, 6] {
      let bytes = Fixtures.jpegWithPreview(
        Fixtures.quadrants(width: 480, height: 360), preview: blue, orientation: orientation)
      let preview = try #require(
        DecoderEntryPoints.embeddedPreview(
          bytes, target: (160, 120), limits: .standard))
      #expect(preview.metadata.orientation == Int(orientation))
      try FuzzSeeds.plant(bytes, named: "preview-\(orientation).jpg", in: target)
    }
  }

  /// Files the orientation rewriter turns: the JPEGs of the pixel tests (without EXIF,
  /// with it, with EXIF but no tag, with JFIF and a preview), PNGs with and without
  /// `eXIf`, a TIFF; and the DNGs, which it turns or refuses.
  @Test func picturesSeedTheOrientationTarget() throws {
    let target = try #require(FuzzTarget.named("orientation"))
    let png = Fixtures.png(Self.picture, kind: .rgb)
    let exif = Fixtures.exifTIFF(orientation: 8, model: "Seed", date: "2024:05:01 12:00:00")
    var turned: [(String, [UInt8])] = OrientationPixelTests.jpegs().map { name, bytes in
      (name.replacingOccurrences(of: " ", with: "-") + ".jpg", bytes)
    }
    turned += [
      ("plain.png", png), ("exif.png", OrientationPixelTests.insertingExif(exif, into: png)),
      ("turned.tif", OrientationPixelTests.tiff(Self.picture, orientation: 6)),
    ]
    for (name, bytes) in turned {
      #expect(throws: Never.self, "\(name)") { try OrientationRewrite.turning(bytes, by: .left) }
      try FuzzSeeds.plant(bytes, named: name, in: target)
    }
    for (name, bytes) in RAWFixtures.seeds {
      try FuzzSeeds.plant(bytes, named: name, in: target)
    }
    #expect(ExifOrientation.read(from: RAWFixtures.dng(orientation: 6)) == .needsClockwiseTurn)
  }
}
