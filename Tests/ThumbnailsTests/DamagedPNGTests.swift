import Foundation
import Pictures
import Testing

@testable import Thumbnails

@Suite struct DamagedPNGTests {
  /// Found by the png fuzz target: libpng allocated what a text chunk claimed, 1.8 GB for
  /// a file of 520 bytes. A chunk claiming past the end is refused before libpng runs.
  @Test func aChunkClaimingPastTheEndIsRefusedBeforeLibpng() throws {
    var bytes = Fixtures.png(Fixtures.quadrants(width: 8, height: 8), kind: .rgb)
    let text: [UInt8] = [0x6E, 0x67, 0x65, 0x13] + Array("tEXtkey".utf8) + [0, 0x41]
    // After IHDR (8 + 25 bytes): a tEXt chunk whose length says 1,852,269,843 bytes.
    bytes.insert(contentsOf: text, at: 33)
    #expect(PNGDecoder.chunkRunsPastEnd(bytes))
    #expect(throws: ThumbnailError.truncated) { try ImageDecoder().decode(bytes: bytes) }
  }

  @Test func soundAndCutShortPicturesAreLeftToLibpng() {
    let picture = Fixtures.quadrants(width: 8, height: 8)
    for kind in [Fixtures.PNGKind.grey, .greyAlpha, .rgb, .rgba, .sixteenBit] {
      let bytes = Fixtures.png(picture, kind: kind)
      #expect(!PNGDecoder.chunkRunsPastEnd(bytes), "\(kind)")
      // Cut at a chunk boundary, with no IEND: no chunk overruns.
      #expect(!PNGDecoder.chunkRunsPastEnd(Array(bytes.prefix(33))), "\(kind)")
    }
  }
}
