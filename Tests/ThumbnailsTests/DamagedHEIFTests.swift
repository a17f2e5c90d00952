import Foundation
import Testing

@testable import Thumbnails

@Suite struct DamagedHEIFTests {
  /// Found by the image fuzz target (the input is kept in Tests/FuzzRegressions): a HEIC
  /// whose thumbnail item is cut short decoded whole, but its details (read by decoding
  /// small, through the thumbnail) failed. The primary image stands in for the thumbnail.
  @Test func aDamagedThumbnailFallsBackToThePrimaryImage() throws {
    let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent()
      .appendingPathComponent(
        "FuzzRegressions/image/crash-18f1606cf37722315f73754566998efaf7f59378")
    let bytes = try [UInt8](Data(contentsOf: file))
    let whole = try ImageDecoder().decode(bytes: bytes)
    let small = try ImageDecoder().decode(bytes: bytes, target: (16, 16))
    #expect(small.metadata.format == .heic)
    #expect(small.metadata.originalWidth == whole.metadata.originalWidth)
    #expect(try ImageDecoder().metadata(bytes: bytes).originalHeight == 192)
  }
}
