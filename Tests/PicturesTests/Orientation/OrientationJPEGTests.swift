import Pictures
import Testing

/// A JPEG's orientation rewritten: patched in its EXIF segment, added to a segment
/// without it, or in a new segment; every other byte kept.
@Suite struct OrientationJPEGTests {
  typealias F = OrientationFixtures

  /// Where the fixture's TIFF structure starts: after SOI, the APP1 marker and length,
  /// and `Exif\0\0`.
  static func tiffStart(jfif: Bool = false) -> Int { 2 + (jfif ? F.jfif.count : 0) + 4 + 6 }

  @Test(arguments: [F.Order.little, .big])
  func aTagIsPatchedInPlace(order: F.Order) throws {
    let original = F.jpeg(exif: F.tiff(order, orientation: 6))
    for turn in PictureTurn.allCases {
      let turned = try OrientationRewrite.turning(original, by: turn)
      #expect(turned.count == original.count)
      let directory = ReadDirectory(turned, tiffAt: Self.tiffStart())
      let expected = ExifOrientation.needsClockwiseTurn.turned(turn)
      #expect(directory.orientation == expected.rawValue)
      #expect(ExifOrientation.read(from: turned) == expected)
      // Only the value's two bytes differ.
      let changed = original.indices.filter { original[$0] != turned[$0] }
      #expect(changed.allSatisfy { (0..<2).contains($0 - Self.valueOffset(of: directory)) })
    }
  }

  /// Where the orientation value lies in the fixture file.
  static func valueOffset(of directory: ReadDirectory) -> Int {
    let index = directory.entries.firstIndex { $0.tag == 0x0112 } ?? 0
    return tiffStart() + directory.offset + 2 + index * 12 + 8
  }

  @Test(arguments: [F.Order.little, .big])
  func aSegmentWithoutTheTagGetsADirectoryWithIt(order: F.Order) throws {
    let tiff = F.tiff(order, orientation: nil)
    let original = F.jpeg(exif: tiff)
    let old = ReadDirectory(original, tiffAt: Self.tiffStart())
    let turned = try OrientationRewrite.turning(original, by: .left)
    #expect(ExifOrientation.read(from: turned) == .needsCounterClockwiseTurn)

    // The segment's length counts the TIFF with a directory of one more entry at its end.
    let grown = (tiff.count % 2) + 2 + 4 * 12 + 4
    let length = Int(turned[4]) << 8 | Int(turned[5])
    #expect(length == 2 + 6 + tiff.count + grown)
    #expect(turned.count == original.count + grown)

    let new = ReadDirectory(turned, tiffAt: Self.tiffStart())
    #expect(new.offset == tiff.count + tiff.count % 2)
    #expect(new.order == order)
    #expect(new.entries.map(\.tag) == [0x010F, 0x0112, 0x011A, 0x0128])
    #expect(new.entries.filter { $0.tag != 0x0112 } == old.entries)
    #expect(new.next == old.next)
    #expect(new.orientation == 8)
    // The old bytes are all still there, so every offset in them still points right.
    let start = Self.tiffStart()
    #expect(turned[start..<(start + 4)] == original[start..<(start + 4)])
    #expect(
      turned[(start + 8)..<(start + tiff.count)] == original[(start + 8)..<(start + tiff.count)])
    #expect(turned.suffix(F.picture.count).elementsEqual(F.picture))

    // Turned again, the new tag is patched in place.
    let again = try OrientationRewrite.turning(turned, by: .right)
    #expect(again.count == turned.count)
    #expect(ExifOrientation.read(from: again) == .normal)
  }

  @Test(arguments: [false, true])
  func aJPEGWithoutEXIFGetsASegment(jfif: Bool) throws {
    let original = F.jpeg(exif: nil, jfif: jfif)
    #expect(ExifOrientation.read(from: original) == nil)
    let turned = try OrientationRewrite.turning(original, by: .flipVertical)
    #expect(ExifOrientation.read(from: turned) == .flipped)
    // SOI and the JFIF segment, then the new APP1, then the rest as it was.
    let at = 2 + (jfif ? F.jfif.count : 0)
    #expect(turned[..<at] == original[..<at])
    #expect(turned[at..<(at + 4)] == [0xFF, 0xE1, 0, 34])
    #expect(turned[(at + 4)..<(at + 10)].elementsEqual(Array("Exif".utf8) + [0, 0]))
    #expect(turned[(at + 36)...] == original[at...])
    let directory = ReadDirectory(turned, tiffAt: at + 10)
    #expect(directory.entries.map(\.tag) == [0x0112])
    #expect(directory.orientation == 4)
    #expect(directory.next == 0)
  }

  /// JFIF counts only as the first segment: after another one, the new EXIF segment
  /// still goes right after SOI.
  @Test func aLaterJFIFSegmentIsNotWaitedFor() throws {
    let comment = F.segment(0xFE, Array("made by hand".utf8))
    let original = [0xFF, 0xD8] + comment + F.jfif + F.picture
    let turned = try OrientationRewrite.turning(original, by: .right)
    #expect(turned[2..<4] == [0xFF, 0xE1])
    #expect(ExifOrientation.read(from: turned) == .needsClockwiseTurn)
  }

  @Test func fillBytesAndOtherSegmentsAreWalkedPast() throws {
    let icc = F.segment(0xE2, Array("ICC_PROFILE".utf8) + [0, 1, 1, 9, 9])
    let exif = F.segment(0xE1, Array("Exif".utf8) + [0, 0] + F.tiff(.big, orientation: 3))
    let original = [0xFF, 0xD8] + icc + [0xFF, 0xFF] + exif + F.picture
    let turned = try OrientationRewrite.turning(original, by: .left)
    #expect(turned.count == original.count)
    #expect(ExifOrientation.read(from: turned) == .needsClockwiseTurn)
  }

  /// An EXIF segment near 64 KiB cannot take another directory: the rewrite refuses
  /// rather than writing a length that does not fit.
  @Test func aFullSegmentIsRefused() throws {
    let tiff = F.tiff(.little, orientation: nil, padding: 65_535 - 2 - 6 - 100)
    let original = F.jpeg(exif: tiff)
    #expect(Int(original[4]) << 8 | Int(original[5]) > 65_535 - 54)
    #expect(ExifOrientation.read(from: original) == nil)
    #expect {
      try OrientationRewrite.turning(original, by: .left)
    } throws: { error in
      guard case .noOrientationTag(let reason) = error as? OrientationRewriteError else {
        return false
      }
      return reason.contains("JPEG")
    }
  }

  @Test func valuesOutsideTheEightAreTurnedFromUpright() throws {
    let original = F.jpeg(exif: F.tiff(.big, orientation: 0))
    #expect(ExifOrientation.read(from: original) == .normal)
    let turned = try OrientationRewrite.turning(original, by: .right)
    #expect(ExifOrientation.read(from: turned) == .needsClockwiseTurn)
  }
}
