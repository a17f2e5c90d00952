import FuzzTargets
import Pictures
import TestSupport
import Testing
import XMPSidecars

/// The decision a picture carries inside its own file, written there by exiftool as a
/// camera or another program would: read when the picture has no sidecar, the XMP packet
/// before EXIF's `Rating`, and a sidecar before both.
@Suite struct EmbeddedDecisionTests {
  /// The smallest JPEG exiftool writes into: start of image, a scan header, end.
  static let bareJPEG: [UInt8] = [
    0xFF, 0xD8, 0xFF, 0xDA, 0x00, 0x08, 0x01, 0x01, 0x00, 0x00, 0x3F, 0x00, 0x00, 0xFF, 0xD9,
  ]

  /// `source` with `tags` written by exiftool into `name` beside it; nil (and an issue)
  /// without exiftool.
  static func tagged(
    _ files: FolderFixture, _ name: String, _ tags: [String], source: [UInt8] = bareJPEG
  ) async throws -> String? {
    guard let exiftool = SidecarSamples.tool("exiftool") else {
      Issue.record("exiftool is not installed (make test-deps installs it)")
      return nil
    }
    let bare = files.file("bare-" + name, source)
    let out = files.path(name)
    let outcome = try await Subprocess.run([exiftool, "-q", "-n"] + tags + ["-o", out, bare])
    try #require(outcome.status == 0, "\(outcome.errors)")
    return out
  }

  static func stars(_ count: Int) -> CullingDecision {
    CullingDecision(rating: StarRating(clamping: count), flag: .none, labels: [])
  }

  @Test func aJPEGsXMPRatingIsRead() async throws {
    let files = FolderFixture()
    guard let picture = try await Self.tagged(files, "x.jpg", ["-XMP-xmp:Rating=4"]) else { return }
    #expect(EmbeddedDecision.read(picture: picture) == Self.stars(4))
    #expect(try SidecarStore().readKept(picture: picture)?.decision == Self.stars(4))
    #expect(try SidecarStore().read(picture: picture) == nil)
  }

  @Test func aJPEGsEXIFRatingIsRead() async throws {
    let files = FolderFixture()
    guard let picture = try await Self.tagged(files, "e.jpg", ["-IFD0:Rating=2"]) else { return }
    #expect(try SidecarStore().readKept(picture: picture)?.decision == Self.stars(2))
  }

  @Test func ratingPercentStandsInForAMissingRating() async throws {
    let files = FolderFixture()
    guard let picture = try await Self.tagged(files, "p.jpg", ["-IFD0:RatingPercent=75"]) else {
      return
    }
    #expect(EmbeddedDecision.read(picture: picture) == Self.stars(4))
  }

  @Test func theXMPPacketWinsOverEXIFAndASidecarWinsOverBoth() async throws {
    let files = FolderFixture()
    guard
      let picture = try await Self.tagged(
        files, "b.jpg", ["-IFD0:Rating=2", "-XMP-xmp:Rating=4", "-XMP-xmp:Label=Green"])
    else { return }
    #expect(
      try SidecarStore().readKept(picture: picture)?.decision
        == CullingDecision(rating: StarRating(clamping: 4), flag: .none, labels: [.green]))
    _ = files.file("b.jpg.xmp", SidecarSamples.other(rating: 1, note: "n"))
    let reading = try #require(try SidecarStore().readKept(picture: picture))
    #expect(reading.decision == Self.stars(1))
    #expect(reading.source == picture + ".xmp")
  }

  @Test func anXMPRejectWinsOverEXIFStars() async throws {
    let files = FolderFixture()
    guard
      let picture = try await Self.tagged(
        files, "r.jpg", ["-IFD0:Rating=5", "-XMP-xmp:Rating=-1"])
    else { return }
    #expect(
      EmbeddedDecision.read(picture: picture)
        == CullingDecision(rating: .unrated, flag: .rejected, labels: []))
  }

  /// A DNG's packet (tag 700) that exiftool puts past the first read is read where its
  /// entry says.
  @Test func aRawFilesPacketIsReadWhereverItLies() async throws {
    let files = FolderFixture()
    let raw = RawHeaders.bytes(.dng, variant: 3, sensorBytes: 256 << 10)
    guard
      let picture = try await Self.tagged(
        files, "raw.dng", ["-XMP-xmp:Rating=3", "-XMP-digiKam:PickLabel=3"], source: raw)
    else { return }
    #expect(
      EmbeddedDecision.read(picture: picture)
        == CullingDecision(rating: StarRating(clamping: 3), flag: .picked, labels: []))
  }

  /// A little-endian TIFF whose first directory holds only XMLPacket (tag 700), its
  /// packet at `offset`, past zeros.
  static func tiff(packet: [UInt8], at offset: Int) -> [UInt8] {
    func little(_ value: Int, _ size: Int) -> [UInt8] {
      (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }
    var bytes: [UInt8] = Array("II".utf8) + little(42, 2) + little(8, 4) + little(1, 2)
    bytes += little(700, 2) + little(1, 2) + little(packet.count, 4) + little(offset, 4)
    bytes += little(0, 4)
    bytes += [UInt8](repeating: 0, count: offset - bytes.count) + packet + [0]
    return bytes
  }

  /// A raw file's packet past the head read is read where its entry says.
  @Test func aPacketPastTheHeadIsReadWhereItsEntrySays() throws {
    let files = FolderFixture()
    let bytes = Self.tiff(packet: SidecarSamples.other(rating: 5, note: "far"), at: 300_000)
    let picture = files.file("far.tif", bytes)
    let head = EmbeddedCulling(head: Array(bytes.prefix(64 << 10)), fileSize: bytes.count)
    #expect(head.xmp?.lowerBound == 300_000)
    #expect(EmbeddedDecision.read(picture: picture) == Self.stars(5))
    // Cut before its packet ends: nothing, and no read past the end.
    let cut = files.file("cut.tif", Array(bytes.prefix(300_010)))
    #expect(EmbeddedDecision.read(picture: cut) == nil)
  }

  /// A JPEG whose XMP segment follows `fillers` APP2 segments of 60 000 bytes each.
  static func jpeg(packetAfter fillers: Int, packet: [UInt8]) -> [UInt8] {
    func segment(_ marker: UInt8, _ body: [UInt8]) -> [UInt8] {
      [0xFF, marker, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
    }
    var bytes: [UInt8] = [0xFF, 0xD8]
    for _ in 0..<fillers { bytes += segment(0xE2, [UInt8](repeating: 7, count: 60_000)) }
    bytes += segment(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + packet)
    return bytes + Array(bareJPEG.dropFirst(2))
  }

  /// The head read grows while a JPEG's segments go on, up to its limit and no further.
  @Test func aJPEGsPacketBehindLargeSegmentsIsReadWithinTheLimit() {
    let files = FolderFixture()
    let packet = SidecarSamples.other(rating: 2, note: "behind")
    let near = files.file("near.jpg", Self.jpeg(packetAfter: 3, packet: packet))
    #expect(EmbeddedDecision.read(picture: near) == Self.stars(2))
    let far = files.file("far.jpg", Self.jpeg(packetAfter: 9, packet: packet))
    #expect(EmbeddedDecision.read(picture: far) == nil, "past the longest head read")
  }

  @Test func aPictureWithNothingInsideReadsAsNoDecision() throws {
    let files = FolderFixture()
    let picture = files.file("plain.jpg", Self.bareJPEG)
    #expect(EmbeddedDecision.read(picture: picture) == nil)
    #expect(try SidecarStore().readKept(picture: picture) == nil)
    #expect(EmbeddedDecision.read(picture: files.path("missing.jpg")) == nil)
  }

  /// The `embedded-culling` target's seeds: the pictures above, each passing the target.
  @Test func thePicturesSeedTheEmbeddedCullingTarget() async throws {
    let target = try #require(FuzzTarget.named("embedded-culling"))
    let files = FolderFixture()
    let tags = [
      "x.jpg": ["-XMP-xmp:Rating=4", "-XMP-xmp:Label=Red"], "e.jpg": ["-IFD0:Rating=2"],
      "p.jpg": ["-IFD0:RatingPercent=40"],
    ]
    for (name, written) in tags.sorted(by: { $0.key < $1.key }) {
      guard let picture = try await Self.tagged(files, name, written) else { return }
      let bytes = try #require(SidecarSamples.bytes(picture))
      try target.run(bytes)
      try FuzzSeeds.plant(bytes, named: name, in: target)
    }
  }
}
