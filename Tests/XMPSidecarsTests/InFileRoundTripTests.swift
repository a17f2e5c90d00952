import Foundation
import FuzzTargets
import Pictures
import SystemSupport
import TestSupport
import Testing
import XMPSidecars

#if canImport(Glibc)
  import Glibc
#endif

/// A decision written into the XMP packet inside a JPEG, PNG, TIFF and DNG
/// (`EmbeddedXMPWrite`, the `xmp-in-file` setting): read back by the gallery at a scan,
/// by exiftool and by exiv2 as the same values, every other property and tag kept, and
/// the pixels the same.
@Suite(
  .enabled(
    if: SidecarSamples.tool("exiftool") != nil && SidecarSamples.tool("exiv2") != nil,
    "needs exiftool and exiv2 (make test-deps)"))
struct InFileRoundTripTests {
  /// The formats, by the name of the file made.
  enum Kind: String, CaseIterable, Sendable {
    case jpeg = "a.jpg"
    case png = "a.png"
    case tiff = "a.tif"
    case dng = "a.dng"
  }

  static let convert = "/usr/bin/convert-im6.q16"
  static let identify = "/usr/bin/identify-im6.q16"

  /// The DNG's scene and its sensor data, as written.
  static let dngWriter = DNGWriter(
    width: 16, height: 12, scene: (0..<(16 * 12 * 4)).map { UInt8(truncatingIfNeeded: $0 * 7) },
    preview: nil)

  /// A picture of `kind` with other metadata than the decision in it: a keyword and a
  /// creator in its XMP, and (but in a PNG) an artist in its EXIF, written by exiftool.
  static func picture(_ files: FolderFixture, _ kind: Kind) async throws -> String? {
    let path = files.path(kind.rawValue)
    switch kind {
    case .jpeg:
      let asset = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
      files.file(kind.rawValue, [UInt8](try Data(contentsOf: asset)))
    case .png, .tiff:
      guard access(convert, X_OK) == 0 else { return nil }
      // A TIFF larger than the longest head a scan reads, so its directory, which Exempi
      // writes anew at the end, lies past it.
      let size = kind == .tiff ? "400x300" : "40x30"
      let made = try await Subprocess.run([convert, "-size", size, "gradient:red-blue", path])
      try #require(made.status == 0, "\(made.errors)")
    case .dng:
      files.file(kind.rawValue, dngWriter.bytes())
    }
    var tags = ["-XMP-dc:Subject=keep-me", "-XMP-dc:Creator=Someone"]
    if kind != .png { tags.append("-IFD0:Artist=Someone Else") }
    let tagged = try await Subprocess.run(
      ["/usr/bin/exiftool", "-q", "-overwrite_original"] + tags + [path])
    try #require(tagged.status == 0, "\(tagged.errors)")
    return path
  }

  /// ImageMagick's signature of the pixels (`%#`): the same whatever the metadata.
  static func pixelSignature(_ path: String) async throws -> String {
    let outcome = try await Subprocess.run([identify, "-format", "%#", path])
    try #require(outcome.status == 0, "\(outcome.errors)")
    return outcome.output
  }

  /// The decision merged into the picture at `path`, its bytes replaced.
  static func write(_ decision: CullingDecision, _ path: String) throws {
    let old = try FileReader.read(path: path, limit: 64 << 20)
    guard let new = try EmbeddedXMPWrite.merging(decision, into: old, picture: path) else { return }
    #expect(FileManager.default.createFile(atPath: path, contents: Data(new)))
  }

  @Test(arguments: Kind.allCases)
  func theDecisionInsideIsReadByTheGalleryExiftoolAndExiv2(kind: Kind) async throws {
    let files = FolderFixture()
    guard let path = try await Self.picture(files, kind) else { return }
    let original = try FileReader.read(path: path, limit: 64 << 20)
    let pixels = kind == .dng ? "" : try await Self.pixelSignature(path)
    for expected in EditorReadBackTests.cases {
      try Self.write(expected.decision, path)
      // As a sidecar gives it back: a reject's stars are not kept.
      let packet = try XMPPacket()
      packet.apply(expected.decision)
      #expect(EmbeddedDecision.read(picture: path) ?? .undecided == packet.decision, "\(kind)")
      let reading = try SidecarStore().readKept(picture: path)
      #expect(reading?.decision ?? .undecided == packet.decision)
      let tool = try await EditorReadBackTests.exiftool("/usr/bin/exiftool", path)
      #expect(tool["Rating"] == expected.rating, "\(kind): \(tool)")
      #expect(tool["Label"] == expected.label, "\(kind): \(tool)")
      #expect(
        tool["Colorlabels"]
          == (expected.darktable.isEmpty ? nil : expected.darktable.joined(separator: ",")),
        "\(kind): \(tool)")
      #expect(tool["ColorLabel"] == expected.digiKamColor, "\(kind): \(tool)")
      #expect(tool["PickLabel"] == expected.digiKamPick, "\(kind): \(tool)")
      let exiv2 = try await EditorReadBackTests.exiv2("/usr/bin/exiv2", path)
      #expect(exiv2["Xmp.xmp.Rating"] == expected.rating, "\(kind): \(exiv2)")
      #expect(exiv2["Xmp.xmp.Label"] == expected.label, "\(kind): \(exiv2)")
      #expect(exiv2["Xmp.digiKam.PickLabel"] == expected.digiKamPick, "\(kind): \(exiv2)")
      #expect(exiv2["Xmp.dc.subject"] == "keep-me", "\(kind): \(exiv2)")
    }
    // Every other tag kept.
    let kept = try await Subprocess.run([
      "/usr/bin/exiftool", "-s3", "-XMP-dc:Subject", "-XMP-dc:Creator", "-IFD0:Artist", path,
    ])
    let expectedTags =
      kind == .png ? ["keep-me", "Someone"] : ["keep-me", "Someone", "Someone Else"]
    #expect(kept.output.split(separator: "\n").map(String.init) == expectedTags, "\(kind)")
    // The pixels: ImageMagick's signature, or the DNG's sensor data at its place.
    let now = try FileReader.read(path: path, limit: 64 << 20)
    if kind == .dng {
      let mosaic = DNGWriter.mosaic(Self.dngWriter)
      let place = try #require(original.firstRange(of: mosaic))
      #expect(Array(now[place]) == mosaic, "the sensor data where it was")
    } else {
      #expect(try await Self.pixelSignature(path) == pixels, "\(kind)")
    }
  }

  /// The `xmp-in-file` target's seeds: a picture of each format, before and after a
  /// decision, each passing the target.
  @Test(arguments: Kind.allCases)
  func thePicturesSeedTheXMPInFileTarget(kind: Kind) async throws {
    let target = try #require(FuzzTarget.named("xmp-in-file"))
    let files = FolderFixture()
    // Small ones: a fuzzer mutates every byte.
    let path: String
    switch kind {
    case .jpeg: path = files.file(kind.rawValue, EmbeddedDecisionTests.bareJPEG)
    case .dng: path = files.file(kind.rawValue, Self.dngWriter.bytes())
    case .png, .tiff:
      guard access(Self.convert, X_OK) == 0 else { return }
      path = files.path(kind.rawValue)
      let made = try await Subprocess.run([Self.convert, "-size", "4x3", "xc:teal", path])
      try #require(made.status == 0, "\(made.errors)")
    }
    let before = try FileReader.read(path: path, limit: 1 << 20)
    try FuzzSeeds.plant(before, named: "plain-" + kind.rawValue, in: target)
    try Self.write(SidecarSamples.picked, path)
    let after = try FileReader.read(path: path, limit: 1 << 20)
    try FuzzSeeds.plant(after, named: "decided-" + kind.rawValue, in: target)
  }

  @Test func theSameDecisionAgainWritesNothing() async throws {
    let files = FolderFixture()
    guard let path = try await Self.picture(files, .jpeg) else { return }
    try Self.write(SidecarSamples.picked, path)
    let bytes = try FileReader.read(path: path, limit: 64 << 20)
    #expect(try EmbeddedXMPWrite.merging(SidecarSamples.picked, into: bytes, picture: path) == nil)
  }

  /// The office picture, a JPEG without XMP.
  static func office() throws -> [UInt8] {
    let asset = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
    return [UInt8](try Data(contentsOf: asset))
  }

  @Test func aPictureWithoutAnyXMPGetsAPacket() throws {
    let files = FolderFixture()
    let path = files.file("bare.jpg", try Self.office())
    #expect(EmbeddedDecision.read(picture: path) == nil)
    try Self.write(SidecarSamples.picked, path)
    #expect(EmbeddedDecision.read(picture: path) == SidecarSamples.picked)
  }

  @Test func aHEICARawAndAVideoAreNotWrittenInside() {
    #expect(!EmbeddedXMPWrite.takesDecisionInside(picture: "/p/IMG_1.HEIC"))
    #expect(!EmbeddedXMPWrite.takesDecisionInside(picture: "/p/IMG_1.CR3"))
    #expect(!EmbeddedXMPWrite.takesDecisionInside(picture: "/p/clip.mp4"))
    #expect(EmbeddedXMPWrite.takesDecisionInside(picture: "/p/IMG_1.DNG"))
    #expect(EmbeddedXMPWrite.takesDecisionInside(picture: "/p/a.JPEG"))
    #expect(throws: EmbeddedXMPRefusal.format("HEIC")) {
      try EmbeddedXMPWrite.merging(SidecarSamples.picked, into: [0, 0, 0], picture: "/p/a.heic")
    }
  }

  @Test func aFileNotOfItsNamesFormatIsRefused() {
    #expect(throws: EmbeddedXMPRefusal.damaged) {
      try EmbeddedXMPWrite.merging(
        SidecarSamples.picked, into: Array("not a picture".utf8), picture: "/p/a.jpg")
    }
    // A JPEG cut in the middle of its first segment.
    #expect(throws: EmbeddedXMPRefusal.damaged) {
      try EmbeddedXMPWrite.merging(
        SidecarSamples.picked, into: FolderFixture.jpegBytes, picture: "/p/a.jpg")
    }
  }

  @Test func aJPEGWithExtendedXMPIsRefused() throws {
    let jpeg = try Self.office()
    let signature = Array("http://ns.adobe.com/xmp/extension/".utf8) + [0]
    let payload = signature + [UInt8](repeating: 0x41, count: 40)
    let length = payload.count + 2
    let segment: [UInt8] = [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload
    let bytes = Array(jpeg.prefix(2)) + segment + Array(jpeg.dropFirst(2))
    #expect(throws: EmbeddedXMPRefusal.extendedXMP) {
      try EmbeddedXMPWrite.merging(SidecarSamples.picked, into: bytes, picture: "/p/a.jpg")
    }
  }

  @Test func aHostilePacketInsideIsRefusedBeforeExempiSeesIt() throws {
    let packet = Array(
      "<!DOCTYPE x [<!ENTITY a \"b\">]><x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>".utf8)
    let body = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + packet
    let length = body.count + 2
    let jpeg = try Self.office()
    let bytes =
      Array(jpeg.prefix(2)) + [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body
      + Array(jpeg.dropFirst(2))
    #expect(throws: EmbeddedXMPRefusal.packet(.declaresEntities)) {
      try EmbeddedXMPWrite.merging(SidecarSamples.picked, into: bytes, picture: "/p/a.jpg")
    }
  }
}
