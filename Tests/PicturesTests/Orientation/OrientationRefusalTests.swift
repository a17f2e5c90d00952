import Pictures
import TestSupport
import Testing

/// Files the rewriter refuses: other formats, each named, and broken files of its own
/// formats, which throw and never trap.
@Suite struct OrientationRefusalTests {
  typealias F = OrientationFixtures

  static func ftyp(_ brands: String) -> [UInt8] {
    let body = Array(brands.utf8)
    return [0, 0, 0, UInt8(8 + body.count)] + Array("ftyp".utf8) + body
  }

  @Test func otherFormatsAreRefusedByName() {
    let files: [(String, [UInt8])] = [
      ("GIF", Array("GIF89a".utf8) + [1, 0, 1, 0, 0, 0, 0]),
      ("WebP", Array("RIFF".utf8) + [20, 0, 0, 0] + Array("WEBPVP8 ".utf8)),
      ("HEIC", Self.ftyp("heic\0\0\0\0mif1heic")),
      ("AVIF", Self.ftyp("avif\0\0\0\0mif1avif")),
      ("HEIF", Self.ftyp("mif1\0\0\0\0mif1")),
      ("JPEG XL", [0xFF, 0x0A, 0xFA, 0x00]),
      ("JPEG XL", [0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A]),
      ("BMP", Array("BM".utf8) + [UInt8](repeating: 0, count: 12) + [40, 0, 0, 0]),
      ("SVG", Array("<svg xmlns=\"http://www.w3.org/2000/svg\"/>".utf8)),
      ("SVG", Array("<?xml version=\"1.0\"?>\n<svg width=\"4\" height=\"4\"/>".utf8)),
      ("video", Self.ftyp("isom\0\0\0\0isommp41")),
      ("camera RAW", Array("FUJIFILMCCD-RAW 0201".utf8)),
      ("BigTIFF", [0x49, 0x49, 0x2B, 0x00, 8, 0, 0, 0]),
      ("this file", Array("hello, world".utf8)),
      ("this file", []),
    ]
    var messages: Set<String> = []
    for (name, bytes) in files {
      #expect(ExifOrientation.read(from: bytes) == nil, "\(name)")
      do {
        _ = try OrientationRewrite.turning(bytes, by: .right)
        Issue.record("\(name) was rewritten")
      } catch {
        guard case .unsupportedFormat(let reason) = error else {
          Issue.record("\(name): \(error)")
          continue
        }
        #expect(reason.contains(name), "\(name): \(reason)")
        #expect(!error.message.hasSuffix("."), "\(error.message)")
        #expect(error.isFormatsLimit)
        messages.insert(error.message)
      }
    }
    #expect(
      messages.contains("HEIC keeps its orientation in a way the gallery cannot rewrite"))
    #expect(messages.contains("WebP keeps no orientation the gallery can rewrite"))
  }

  @Test func brokenFilesAreCalledDamaged() {
    var longSegment = F.jpeg(exif: F.tiff(.little, orientation: 1))
    longSegment[5] = 0xFF  // the APP1 segment now runs past the end
    var farDirectory = F.jpeg(exif: F.tiff(.big, orientation: 1))
    farDirectory.replaceSubrange(16..<20, with: [0, 1, 0, 0])  // IFD0 at 65 536
    var manyEntries = F.tiffFile(.little, orientation: 1)
    manyEntries.replaceSubrange(8..<10, with: [0xFF, 0xFF])
    var longChunk = F.png(exif: nil)
    longChunk.replaceSubrange(33..<37, with: [0x7F, 0xFF, 0xFF, 0xF0])
    var wrongType = F.jpeg(exif: F.tiff(.little, orientation: 1))
    // The orientation entry's type, SHORT, made LONG.
    wrongType[2 + 4 + 6 + 8 + 2 + 12 + 2] = 4
    let files: [(String, [UInt8])] = [
      ("only SOI", [0xFF, 0xD8]),
      ("no scan", [0xFF, 0xD8] + F.jfif + [0xFF, 0xD9]),
      ("no marker", [0xFF, 0xD8, 0x00, 0x01]),
      ("segment past the end", longSegment),
      ("directory past the end", farDirectory),
      ("entries past the end", manyEntries),
      ("orientation of the wrong type", wrongType),
      ("chunk past the end", longChunk),
      ("PNG without IEND", Array(F.png(exif: nil).dropLast(12))),
      ("PNG without IDAT", F.pngSignature + F.chunk("IHDR", [0]) + F.chunk("IEND", [])),
      ("PNG not starting with IHDR", F.pngSignature + F.chunk("IDAT", [0]) + F.chunk("IEND", [])),
      ("TIFF header alone", [0x4D, 0x4D, 0x00, 0x2A, 0, 0, 0]),
      ("EXIF without a byte order", F.jpeg(exif: Array("XX".utf8) + [0, 42, 0, 0, 0, 8])),
    ]
    for (name, bytes) in files {
      #expect(ExifOrientation.read(from: bytes) == nil, "\(name)")
      do {
        _ = try OrientationRewrite.turning(bytes, by: .left)
        Issue.record("\(name) was rewritten")
      } catch {
        guard case .malformed = error else {
          Issue.record("\(name): \(error)")
          continue
        }
        #expect(error.message.hasPrefix("it looks damaged"))
        #expect(!error.isFormatsLimit)
      }
    }
  }

  static func validFiles() -> [[UInt8]] {
    [
      F.jpeg(exif: F.tiff(.little, orientation: 6)),
      F.jpeg(exif: F.tiff(.big, orientation: nil), jfif: true),
      F.jpeg(exif: nil, jfif: true),
      F.png(exif: F.tiff(.little, orientation: 3)),
      F.png(exif: F.tiff(.big, orientation: nil)),
      F.png(exif: nil),
      F.tiffFile(.big, orientation: 5),
      F.tiffFile(.little, orientation: 2, magic: Array("RO".utf8)),
    ]
  }

  /// Every valid file cut at every length: each cut throws or gives a file whose
  /// orientation reads back turned.
  @Test func cutFilesOnlyThrowOrTurn() {
    var outcomes = Outcomes()
    for file in Self.validFiles() {
      for length in 0...file.count {
        Self.check(Array(file.prefix(length)), &outcomes)
      }
    }
    // Most cuts lose the end a file needs; those past a JPEG's scan still turn.
    #expect(outcomes.turned > 0)
    #expect(outcomes.refused > outcomes.turned)
  }

  /// Every valid file with a few bytes changed at random, from fixed seeds.
  @Test func damagedFilesOnlyThrowOrTurn() {
    var generator = SplitMix64(seed: 0x0112)
    var outcomes = Outcomes()
    for file in Self.validFiles() {
      for _ in 0..<400 {
        var damaged = file
        for _ in 0..<(1 + generator.below(4)) {
          let at = generator.below(damaged.count)
          damaged[at] = generator.chance(50) ? UInt8(generator.below(256)) : damaged[at] ^ 0x80
        }
        Self.check(damaged, &outcomes)
      }
    }
    #expect(outcomes.turned > 0)
    #expect(outcomes.refused > 0)
  }

  /// How many rewrites gave a file and how many threw.
  struct Outcomes {
    var turned = 0
    var refused = 0
  }

  /// Throws or turns: when the rewrite succeeds, the result reads back as the input's
  /// orientation turned, and turning it back gives the input's orientation.
  static func check(_ bytes: [UInt8], _ outcomes: inout Outcomes) {
    let before = ExifOrientation.read(from: bytes) ?? .normal
    for turn in PictureTurn.allCases {
      guard let turned = try? OrientationRewrite.turning(bytes, by: turn) else {
        outcomes.refused += 1
        continue
      }
      outcomes.turned += 1
      #expect(ExifOrientation.read(from: turned) == before.turned(turn))
      let back = try? OrientationRewrite.turning(turned, by: turn.inverse)
      #expect(back.flatMap(ExifOrientation.read(from:)) == before)
    }
  }
}
