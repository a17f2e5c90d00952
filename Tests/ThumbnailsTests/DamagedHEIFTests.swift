import Foundation
import Testing

@testable import Thumbnails

/// HEIF files the image fuzz target found (kept in Tests/FuzzRegressions/image).
@Suite struct DamagedHEIFTests {
  static func kept(_ name: String) throws -> [UInt8] {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("FuzzRegressions/image/" + name)
    return try [UInt8](Data(contentsOf: file))
  }

  /// A HEIC whose thumbnail item is cut short decoded whole, but its details (read by
  /// decoding small, through the thumbnail) failed. The primary image stands in.
  @Test func aDamagedThumbnailFallsBackToThePrimaryImage() throws {
    let bytes = try Self.kept("crash-18f1606cf37722315f73754566998efaf7f59378")
    let whole = try ImageDecoder().decode(bytes: bytes)
    let small = try ImageDecoder().decode(bytes: bytes, target: (16, 16))
    #expect(small.metadata.format == .heic)
    #expect(small.metadata.originalWidth == whole.metadata.originalWidth)
    #expect(try ImageDecoder().metadata(bytes: bytes).originalHeight == 192)
  }

  /// An AVIF whose `ispe` property says 64×53 over a 64×48 picture reported 64×53, and
  /// its cells were fitted to that shape.
  @Test func theDecodedSizeWinsOverADamagedHeader() throws {
    let bytes = try Self.kept("crash-2cda3e0b4968dc4d3793c6ed044ecf03c10084d9")
    let decoded = try ImageDecoder().decode(bytes: bytes)
    #expect(decoded.metadata.format == .avif)
    #expect(decoded.image.width == 64 && decoded.image.height == 48)
    #expect(decoded.metadata.originalWidth == 64 && decoded.metadata.originalHeight == 48)
  }
}
