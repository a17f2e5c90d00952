import Foundation
import Pictures
import Testing

@testable import Thumbnails

/// JPEGs that TurboJPEG decodes with a warning: what they show.
@Suite struct DamagedJPEGTests {
  static let picture = Fixtures.scene(width: 24, height: 16)

  /// The indices of every `FF marker` in `bytes`.
  static func offsets(of marker: UInt8, in bytes: [UInt8]) -> [Int] {
    (0..<(bytes.count - 1)).filter { bytes[$0] == 0xFF && bytes[$0 + 1] == marker }
  }

  /// Found by the image fuzz target: after a warning, TurboJPEG reports a fatal error as
  /// a warning too, and the picture (never decoded) showed as blank instead of broken.
  @Test func aFatalErrorAfterAWarningIsBroken() throws {
    var bytes = Fixtures.jpeg(Self.picture, kind: .progressive)
    let second = try #require(Self.offsets(of: 0xDA, in: bytes).dropFirst().first)
    // The second scan names a Huffman table never defined (fatal), after two stray bytes
    // (a warning); a progressive picture is only written once its scans are all read.
    bytes[second + 6] = 0x0D
    bytes.insert(contentsOf: [0x12, 0x34], at: second)
    #expect(throws: ThumbnailError.corrupt("Huffman table 0x0d was not defined")) {
      try ImageDecoder().decode(bytes: bytes)
    }
  }

  @Test func aTruncatedPictureIsPartialAndOpaque() throws {
    let whole = Fixtures.jpeg(Self.picture)
    let decoded = try ImageDecoder().decode(bytes: Array(whole.prefix(whole.count * 2 / 3)))
    #expect(decoded.isPartial)
    #expect(decoded.image.width == 24 && decoded.image.height == 16)
    let undamaged = try ImageDecoder().decode(bytes: whole).image
    #expect(Fixtures.pixel(decoded.image, 0, 0) == Fixtures.pixel(undamaged, 0, 0))
    #expect(
      stride(from: 3, to: decoded.image.pixels.count, by: 4).allSatisfy {
        decoded.image.pixels[$0] == 255
      })
  }
}
