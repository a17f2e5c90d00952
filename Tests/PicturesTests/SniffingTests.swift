import Pictures
import Testing

/// The format from a file's first bytes (the decoding of each: `ThumbnailsTests`).
@Suite struct SniffingTests {
  @Test func sniffNeedsTheWholeSignature() {
    #expect(ImageFormat.sniff([0xFF, 0xD8]) == nil)
    #expect(ImageFormat.sniff([0x89, 0x50, 0x4E, 0x47]) == nil)
    #expect(ImageFormat.sniff(Array("GIF8".utf8)) == nil)
    #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF, 0xE0]) == .jpeg)
  }

  @Test func sniffingTellsHEIFBrandsApart() {
    func ftyp(_ brands: [String]) -> [UInt8] {
      let body = brands.flatMap { Array($0.utf8) }
      let size = 8 + body.count + 4
      return [0, 0, 0, UInt8(size)] + Array("ftyp".utf8) + Array(body.prefix(4)) + [0, 0, 0, 0]
        + Array(body.dropFirst(4))
    }
    #expect(ImageFormat.sniff(ftyp(["heic", "mif1", "heic"])) == .heic)
    #expect(ImageFormat.sniff(ftyp(["mif1", "mif1", "heic"])) == .heic)
    #expect(ImageFormat.sniff(ftyp(["avif", "avif", "mif1", "miaf"])) == .avif)
    #expect(ImageFormat.sniff(ftyp(["mif1", "mif1"])) == .heif)
    #expect(ImageFormat.sniff(ftyp(["isom", "mp41"])) == .video)  // an MP4 video
    #expect(ImageFormat.sniff(ftyp(["M4A ", "isom"])) == nil)  // an MP4 of sound
    #expect(ImageFormat.sniff([0xFF, 0x0A, 0xFA]) == .jxl)
    #expect(ImageFormat.sniff(Array("BM not a bitmap header".utf8)) == nil)
    #expect(ImageFormat.sniff(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8)) == nil)
  }
}
