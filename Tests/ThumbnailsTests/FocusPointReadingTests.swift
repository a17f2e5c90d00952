import Pictures
import TerminalKit
import Testing

@testable import Thumbnails

/// The focus point a picture's head gives: EXIF's `SubjectArea` of 2, 3 or 4 values, or
/// `SubjectLocation`, in fractions of the picture as shown; nothing for what no point of
/// the picture can be.
@Suite struct FocusPointReadingTests {
  let decoder = ImageDecoder()

  func focus(_ name: String) async throws -> FocusPoint? {
    let details = decoder.details(path: try await FocusCorpus.path(name))
    #expect(details.brokenReason == nil)
    return details.focusPoint
  }

  /// Each form of the tags on a 64×48 picture shown as stored.
  @Test(
    arguments: [
      ("point.jpg", 0.25, 0.25, nil, nil),
      ("circle.jpg", 0.25, 0.25, 10.0 / 64, 10.0 / 48),
      ("rectangle.jpg", 0.25, 0.25, 10.0 / 64, 8.0 / 48),
      ("location.jpg", 0.75, 0.75, nil, nil),
      // SubjectArea, the newer tag, wins.
      ("both.jpg", 0.25, 0.25, nil, nil),
      ("scaled.jpg", 0.25, 0.25, 400.0 / 4032, 300.0 / 3024),
      // A point outside the picture is none; the location then says where.
      ("outside-location-inside.jpg", 0.75, 0.75, nil, nil),
      // An area larger than the picture is left out, the point kept.
      ("huge-area.jpg", 0.25, 0.25, nil, nil),
      // No EXIF size: the frame's.
      ("zero-size.jpg", 0.25, 0.25, nil, nil),
    ] as [(String, Double, Double, Double?, Double?)])
  func eachFormOfTheTags(
    name: String, x: Double, y: Double, width: Double?, height: Double?
  ) async throws {
    let point = try #require(try await focus(name))
    #expect(abs(point.x - x) < 1e-9 && abs(point.y - y) < 1e-9, "\(point)")
    #expect(point.area?.width.isClose(to: width) ?? (width == nil), "\(point)")
    #expect(point.area?.height.isClose(to: height) ?? (height == nil), "\(point)")
  }

  /// Orientation 6 (a quarter turn clockwise) takes the spot a quarter across and a
  /// quarter down the stored picture to three quarters across and a quarter down the
  /// picture shown, its area turned with it.
  @Test(arguments: ["turned.jpg", "turned.png", "turned.tif", "turned.jxl"])
  func theOrientationTurnsThePoint(name: String) async throws {
    let details = decoder.details(path: try await FocusCorpus.path(name))
    #expect(details.orientation == 6)
    let point = try #require(details.focusPoint)
    #expect(abs(point.x - 0.75) < 1e-9 && abs(point.y - 0.25) < 1e-9, "\(point)")
    #expect(point.area?.width.isClose(to: 8.0 / 48) == true)
    #expect(point.area?.height.isClose(to: 10.0 / 64) == true)
  }

  /// A HEIF's point is turned as libheif turns the picture: this one's EXIF names a
  /// quarter turn its container does not make, so it is shown, and its point read, as
  /// stored.
  @Test func aHEIFsPointFollowsItsContainersTurns() async throws {
    let details = decoder.details(path: try await FocusCorpus.path("turned.heic"))
    #expect(details.orientation == 1 && details.storedSize == PixelSize(width: 64, height: 48))
    let point = try #require(details.focusPoint)
    #expect(abs(point.x - 0.25) < 1e-9 && abs(point.y - 0.25) < 1e-9, "\(point)")
    #expect(point.area?.width.isClose(to: 10.0 / 64) == true)
    #expect(point.area?.height.isClose(to: 8.0 / 48) == true)
  }

  /// Values no picture has, or that no longer fit this one, give no point.
  @Test(arguments: [
    "five-values.jpg", "outside.jpg", "sides-swapped.jpg", "none.jpg",
  ])
  func hostileValuesGiveNone(name: String) async throws {
    #expect(try await focus(name) == nil)
  }

  /// A raw file's EXIF is read as a JPEG's, against its full-size picture.
  @Test func aRawFilesExifGivesIt() async throws {
    let point = try #require(try await focus("located.dng"))
    #expect(abs(point.x - 0.25) < 1e-9 && abs(point.y - 0.25) < 1e-9, "\(point)")
  }

  /// Blocks no tool writes: a rectangle in rationals, in big-endian order, IFD0's tag
  /// (TIFF/EP's), a size of billions of pixels (exiftool writes 16 bits), and values that
  /// point outside the block.
  @Test func blocksWrittenByHand() {
    var block = ExifBlock(bigEndian: true)
    block.exif = [
      ExifBlock.Entry(
        tag: 0x9214, type: 5, count: 4,
        value: [32, 24, 16, 12].flatMap { block.long($0) + block.long(1) }),
      block.longEntry(0xA002, 64), block.longEntry(0xA003, 48),
    ]
    #expect(
      read(block) == FocusPoint(x: 0.5, y: 0.5, area: FocusPoint.Area(width: 0.25, height: 0.25)))

    var first = ExifBlock()
    first.ifd0 = [
      ExifBlock.Entry(tag: 0x9214, type: 3, count: 2, value: first.short(48) + first.short(12))
    ]
    #expect(read(first) == FocusPoint(x: 0.75, y: 0.25))

    // A point well within a size no picture has.
    var huge = ExifBlock()
    huge.exif = [
      ExifBlock.Entry(tag: 0x9214, type: 3, count: 2, value: huge.short(16) + huge.short(12)),
      huge.longEntry(0xA002, 4_000_000_000), huge.longEntry(0xA003, 3_000_000_000),
    ]
    #expect(read(huge) == nil)
    // A count running past the block: the values are not there to read.
    var cut = ExifBlock()
    cut.exif = [ExifBlock.Entry(tag: 0x9214, type: 3, count: 40_000, value: cut.long(8))]
    #expect(read(cut) == nil)
    // A count of one, and a type that is no number.
    var odd = ExifBlock()
    odd.exif = [
      ExifBlock.Entry(tag: 0x9214, type: 3, count: 1, value: odd.short(5)),
      ExifBlock.Entry(tag: 0xA214, type: 2, count: 4, value: Array("1 2\0".utf8)),
    ]
    #expect(read(odd) == nil)
  }

  /// A Sony camera's maker note names the point when EXIF does not: its `FocusLocation`
  /// (the picture's width and height, then the point), after the note's header in a
  /// JPEG, at its start in a raw file; the centre exactly is what it writes when it knew
  /// none.
  @Test(
    arguments: [
      ("SONY", true, [6000, 4000, 1500, 3000], FocusPoint(x: 0.25, y: 0.75)),
      ("SONY", false, [6000, 4000, 4500, 1000], FocusPoint(x: 0.75, y: 0.25)),
      ("SONY", true, [6000, 4000, 3000, 2000], nil),
      ("SONY", true, [6000, 4000, 6001, 2000], nil),
      ("SONY", true, [0, 0, 0, 0], nil),
      // Sides the other way round from the stored 64×48.
      ("SONY", true, [4000, 6000, 1000, 1000], nil),
      ("Canon", true, [6000, 4000, 1500, 3000], nil),
    ] as [(String, Bool, [UInt16], FocusPoint?)])
  func aSonyMakerNotesFocusLocation(
    make: String, withHeader: Bool, values: [UInt16], expected: FocusPoint?
  ) throws {
    var block = ExifBlock()
    block.ifd0 = [block.text(0x010F, make)]
    // The note's directory: a quality, then the location, whose four SHORTs follow the
    // directory, at an offset from the TIFF header patched in once the block is laid out.
    let header = withHeader ? Array("SONY DSC ".utf8) + [0, 0, 0] : []
    let note =
      header + block.short(2) + block.short(0x0102) + block.short(4) + block.long(1)
      + block.long(0) + block.short(0x2027) + block.short(3) + block.long(4)
      + block.long(0xDEAD_BEEF) + block.long(0) + values.flatMap { block.short($0) }
    block.exif = [ExifBlock.Entry(tag: 0x927C, type: 7, count: UInt32(note.count), value: note)]
    var bytes = block.bytes(header: true)
    let placeholder = block.long(0xDEAD_BEEF)
    let at = try #require(
      (0...(bytes.count - 4)).first { Array(bytes[$0..<$0 + 4]) == placeholder })
    // The values: 8 bytes on from the offset's own slot, less the 6 of `Exif\0\0`.
    bytes.replaceSubrange(at..<at + 4, with: block.long(UInt32(at + 8 - 6)))
    #expect(read(tiff: bytes) == expected)
  }

  /// The details of a 64×48 JPEG carrying `block` as its EXIF.
  private func read(_ block: ExifBlock) -> FocusPoint? { read(tiff: block.bytes(header: true)) }

  /// The details of a 64×48 JPEG carrying `payload` (`Exif\0\0` and a TIFF structure) in
  /// its APP1.
  private func read(tiff payload: [UInt8]) -> FocusPoint? {
    let length = payload.count + 2
    var bytes = Fixtures.jpeg(Fixtures.quadrants(width: 64, height: 48))
    bytes.insert(
      contentsOf: [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + payload, at: 2)
    let details = decoder.details(head: FileHead(memory: bytes), name: "block.jpg")
    #expect(details.storedSize == PixelSize(width: 64, height: 48))
    return details.focusPoint
  }
}

extension Double {
  /// Whether this is within a billionth of `other` (false against none).
  fileprivate func isClose(to other: Double?) -> Bool {
    other.map { abs(self - $0) < 1e-9 } ?? false
  }
}
