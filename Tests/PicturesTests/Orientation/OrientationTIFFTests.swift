import Pictures
import Testing

/// TIFF and the camera raw files built on it: the tag patched in place, never added.
@Suite struct OrientationTIFFTests {
  typealias F = OrientationFixtures

  static let headers: [(F.Order, [UInt8]?)] = [
    (.little, nil), (.big, nil),
    (.little, Array("RO".utf8)),  // Olympus ORF
    (.little, Array("RS".utf8)),
    (.big, Array("OR".utf8)),
    (.little, [0x55, 0x00]),  // Panasonic RW2
  ]

  @Test func theTagIsPatchedInPlace() throws {
    for (order, magic) in Self.headers {
      let original = F.tiffFile(order, orientation: 8, magic: magic)
      let turned = try OrientationRewrite.turning(original, by: .flipHorizontal)
      #expect(turned.count == original.count)
      #expect(ReadDirectory(turned, tiffAt: 0).orientation == 7)
      #expect(ExifOrientation.read(from: turned) == .transversed)
      let changed = original.indices.filter { original[$0] != turned[$0] }
      #expect(changed.count <= 2)
    }
  }

  @Test func aTIFFWithoutTheTagIsRefused() throws {
    let original = F.tiffFile(.little, orientation: nil)
    #expect(ExifOrientation.read(from: original) == nil)
    let error = try #require(Self.error(turning: original))
    guard case .noOrientationTag(let reason) = error else {
      Issue.record("\(error)")
      return
    }
    #expect(reason.contains("TIFF"))
    #expect(error.message.hasPrefix("this TIFF has no orientation tag"))
  }

  @Test func aRawFileWithoutTheTagIsCalledOne() throws {
    let original = F.tiffFile(.little, orientation: nil, magic: Array("RO".utf8))
    let error = try #require(Self.error(turning: original))
    #expect(error.message.contains("camera RAW file"))
  }

  static func error(turning bytes: [UInt8]) -> OrientationRewriteError? {
    do {
      _ = try OrientationRewrite.turning(bytes, by: .left)
      return nil
    } catch {
      return error
    }
  }
}
