import Pictures
import Testing

/// A PNG's orientation rewritten in its `eXIf` chunk, or in a new one before the data,
/// with the chunk's checksum made again.
@Suite struct OrientationPNGTests {
  typealias F = OrientationFixtures

  /// The chunks of a PNG: type, data, and whether the stored checksum is right.
  static func chunks(_ bytes: [UInt8]) -> [(type: String, data: [UInt8], checksumIsRight: Bool)] {
    var offset = 8
    var chunks: [(String, [UInt8], Bool)] = []
    while offset + 12 <= bytes.count {
      let length = F.read(bytes, at: offset, size: 4, .big)
      let body = Array(bytes[(offset + 4)..<(offset + 8 + length)])
      let stored = F.read(bytes, at: offset + 8 + length, size: 4, .big)
      chunks.append(
        (
          String(decoding: body.prefix(4), as: UTF8.self), Array(body.dropFirst(4)),
          stored == Int(F.bitwiseCRC(body))
        ))
      offset += 12 + length
    }
    return chunks
  }

  @Test func theChecksumIsPNGs() {
    #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
    #expect(CRC32.checksum([]) == 0)
    let bytes = (0..<300).map { UInt8(truncatingIfNeeded: $0 &* 37) }
    #expect(CRC32.checksum(bytes) == F.bitwiseCRC(bytes))
  }

  @Test(arguments: [F.Order.little, .big], [false, true])
  func aTagIsPatchedAndTheChecksumMadeAgain(order: F.Order, exifLast: Bool) throws {
    let original = F.png(exif: F.tiff(order, orientation: 1), exifLast: exifLast)
    let turned = try OrientationRewrite.turning(original, by: .right)
    #expect(turned.count == original.count)
    let chunks = Self.chunks(turned)
    #expect(chunks.map(\.type) == Self.chunks(original).map(\.type))
    #expect(chunks.allSatisfy { $0.checksumIsRight })
    let exif = try #require(chunks.first { $0.type == "eXIf" })
    #expect(ReadDirectory(exif.data, tiffAt: 0).orientation == 6)
    #expect(ExifOrientation.read(from: turned) == .needsClockwiseTurn)
    // The picture data and the other chunks are as they were.
    let unchanged = { (bytes: [UInt8]) in Self.chunks(bytes).filter { $0.type != "eXIf" } }
    #expect(unchanged(turned).map(\.data) == unchanged(original).map(\.data))
  }

  @Test func aPNGWithoutEXIFGetsAChunkBeforeItsData() throws {
    let original = F.png(exif: nil)
    #expect(ExifOrientation.read(from: original) == nil)
    let turned = try OrientationRewrite.turning(original, by: .flipHorizontal)
    let chunks = Self.chunks(turned)
    #expect(chunks.map(\.type) == ["IHDR", "eXIf", "IDAT", "IEND"])
    #expect(chunks.allSatisfy { $0.checksumIsRight })
    #expect(ReadDirectory(chunks[1].data, tiffAt: 0).orientation == 2)
    #expect(ExifOrientation.read(from: turned) == .mirrored)
    #expect(turned.count == original.count + 12 + 26)
    // Everything before the new chunk and after it is the original, byte for byte.
    let at = 8 + 25
    #expect(turned[..<at] == original[..<at])
    #expect(turned[(at + 38)...] == original[at...])
  }

  @Test(arguments: [F.Order.little, .big])
  func anEXIFChunkWithoutTheTagIsRebuiltWithIt(order: F.Order) throws {
    let tiff = F.tiff(order, orientation: nil)
    let original = F.png(exif: tiff)
    let turned = try OrientationRewrite.turning(original, by: .left)
    let chunks = Self.chunks(turned)
    #expect(chunks.map(\.type) == ["IHDR", "eXIf", "IDAT", "IEND"])
    #expect(chunks.allSatisfy { $0.checksumIsRight })
    let data = chunks[1].data
    #expect(data.prefix(tiff.count).dropFirst(8).elementsEqual(tiff.dropFirst(8)))
    let old = ReadDirectory(tiff, tiffAt: 0)
    let new = ReadDirectory(data, tiffAt: 0)
    #expect(new.entries.filter { $0.tag != 0x0112 } == old.entries)
    #expect(new.orientation == 8)
    #expect(new.next == old.next)
    #expect(ExifOrientation.read(from: turned) == .needsCounterClockwiseTurn)
  }

  /// A damaged `eXIf` chunk is not blessed with a fresh checksum.
  @Test func aWrongChecksumIsRefused() {
    var damaged = F.png(exif: F.tiff(.big, orientation: 1))
    let exifAt = 8 + 25
    damaged[exifAt + 8 + 20] ^= 0x01
    #expect(ExifOrientation.read(from: damaged) == nil)
    #expect(throws: OrientationRewriteError.self) {
      try OrientationRewrite.turning(damaged, by: .left)
    }
  }
}
