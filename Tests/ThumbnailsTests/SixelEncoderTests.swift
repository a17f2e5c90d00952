import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Thumbnails

/// The gallery's own sixel encoder, for terminals with more (or fewer) colour registers
/// than libchafa's 256: read back by a small decoder written from the format's rules.
@Suite struct SixelEncoderTests {
  /// Decodes a sixel string: the palette, then every painted pixel's colour (nil where
  /// nothing was painted).
  static func decode(_ bytes: [UInt8]) throws -> (
    width: Int, height: Int, colors: Int, highest: Int, pixels: [(Int, Int, Int)?]
  ) {
    let text = String(decoding: bytes, as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}P0;1;0q\"1;1;") && text.hasSuffix("\u{1B}\\"))
    let body = Array(text.dropFirst(13).dropLast(2).utf8)
    var index = 0
    func number() -> Int {
      var value = 0
      while index < body.count, (0x30...0x39).contains(body[index]) {
        value = value * 10 + Int(body[index] - 0x30)
        index += 1
      }
      return value
    }
    let width = number()
    index += 1
    let height = number()
    var palette: [Int: (Int, Int, Int)] = [:]
    var pixels = [(Int, Int, Int)?](repeating: nil, count: width * height)
    var color = 0
    var x = 0
    var top = 0
    while index < body.count {
      let byte = body[index]
      switch byte {
      case UInt8(ascii: "#"):
        index += 1
        color = number()
        if index < body.count, body[index] == UInt8(ascii: ";") {
          index += 1
          _ = number()
          index += 1
          let r = number()
          index += 1
          let g = number()
          index += 1
          let b = number()
          palette[color] = (r * 255 / 100, g * 255 / 100, b * 255 / 100)
        }
      case UInt8(ascii: "$"):
        x = 0
        index += 1
      case UInt8(ascii: "-"):
        x = 0
        top += 6
        index += 1
      case UInt8(ascii: "!"):
        index += 1
        let count = number()
        let bits = body[index] - 0x3F
        index += 1
        for _ in 0..<count {
          paint(bits)
          x += 1
        }
      case 0x3F...0x7E:
        paint(byte - 0x3F)
        x += 1
        index += 1
      default:
        Issue.record("unexpected byte \(byte) at \(index)")
        index += 1
      }
    }
    func paint(_ bits: UInt8) {
      for row in 0..<6 where bits & (1 << row) != 0 {
        let y = top + row
        guard y < height, x < width else {
          Issue.record("painted outside the picture at (\(x), \(y))")
          continue
        }
        guard let value = palette[color] else {
          Issue.record("register \(color) used before it was defined")
          continue
        }
        pixels[y * width + x] = value
      }
    }
    return (width, height, palette.count, palette.keys.max() ?? -1, pixels)
  }

  /// The mean distance per channel between the picture and what a terminal paints.
  static func meanError(_ image: PixelImage, _ pixels: [(Int, Int, Int)?]) -> Double {
    var total = 0
    for index in 0..<(image.width * image.height) {
      guard let (r, g, b) = pixels[index] else { return .infinity }
      total +=
        abs(r - Int(image.pixels[index * 4])) + abs(g - Int(image.pixels[index * 4 + 1]))
        + abs(b - Int(image.pixels[index * 4 + 2]))
    }
    return Double(total) / Double(image.width * image.height * 3)
  }

  @Test func manyRegistersPaintThePictureCloserThanFew() throws {
    let image = Fixtures.scene(width: 96, height: 50)
    let many = try Self.decode(SixelEncoder.encode(image, registers: 1024))
    let few = try Self.decode(SixelEncoder.encode(image, registers: 16))
    #expect(many.width == 96 && many.height == 50)
    #expect(many.colors <= 1024 && few.colors <= 16)
    #expect(many.highest < 1024 && few.highest < 16, "register numbers within the count")
    #expect(many.colors > 256, "a photograph-like picture uses more than libchafa's 256")
    let manyError = Self.meanError(image, many.pixels)
    let fewError = Self.meanError(image, few.pixels)
    #expect(manyError < 4, "\(manyError)")
    #expect(manyError < fewError / 2, "\(manyError) against \(fewError)")
  }

  @Test func transparentPixelsAreLeftUnpainted() throws {
    var pixels = [UInt8](repeating: 0, count: 20 * 13 * 4)
    for y in 4..<9 {
      for x in 0..<20 {
        let at = (y * 20 + x) * 4
        pixels[at] = UInt8(x * 12)
        pixels[at + 2] = 200
        pixels[at + 3] = 255
      }
    }
    let image = PixelImage(width: 20, height: 13, pixels: pixels)
    let decoded = try Self.decode(SixelEncoder.encode(image, registers: 64))
    for y in 0..<13 {
      for x in 0..<20 {
        let painted = decoded.pixels[y * 20 + x] != nil
        #expect(painted == (4..<9).contains(y), "(\(x), \(y))")
      }
    }
    // Nothing but transparency still makes a well-formed sixel.
    let clear = PixelImage(width: 7, height: 7, filledWith: (0, 0, 0, 0))
    #expect(
      try Self.decode(SixelEncoder.encode(clear, registers: 1024)).pixels.allSatisfy { $0 == nil })
  }

  @Test func theRequestChoosesTheEncoder() {
    let tile = PictureTile(
      size: TileSize(columns: 8, rows: 3), cell: CellPixelSize(width: 10, height: 20)
    )
    .render(Fixtures.scene(width: 160, height: 120))
    let chafa = PictureEncoder.encoded(tile, format: .sixel, columns: 8, rows: 3)
    let standard = PictureEncoder.encoded(
      tile, format: .sixel, columns: 8, rows: 3, sixelRegisters: 256)
    let own = PictureEncoder.encoded(
      tile, format: .sixel, columns: 8, rows: 3, sixelRegisters: 1024)
    #expect(chafa.data == standard.data, "256 registers: libchafa's")
    #expect(own.data == SixelEncoder.encode(tile, registers: 1024))
  }
}

extension SixelEncoderTests {
  /// Odd sizes: one column, a height of whole bands, one colour, more registers than
  /// colours, a transparent band in the middle.
  @Test func oddPicturesAreWellFormed() throws {
    let column = PixelImage(width: 1, height: 12, filledWith: (10, 200, 30, 255))
    let one = try Self.decode(SixelEncoder.encode(column, registers: 2))
    #expect(one.width == 1 && one.height == 12 && one.colors == 1)
    #expect(one.pixels.allSatisfy { $0 != nil })
    var pixels = [UInt8](repeating: 255, count: 5 * 18 * 4)
    for index in stride(from: 0, to: pixels.count, by: 4)
    where (index / 4) / 5 >= 6 && (index / 4) / 5 < 12 {
      pixels[index + 3] = 0
    }
    let banded = try Self.decode(
      SixelEncoder.encode(PixelImage(width: 5, height: 18, pixels: pixels), registers: 1024))
    #expect(banded.colors == 1, "one colour, however many registers")
    for y in 0..<18 {
      #expect((banded.pixels[y * 5] == nil) == (6..<12).contains(y), "row \(y)")
    }
  }
}
