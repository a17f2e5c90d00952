import Pictures

/// A BMP's file and info headers, checked.
struct BMPHeader {
  var width: Int
  /// Rows, positive (top-down files store a negative height).
  var height: Int
  var isTopDown: Bool
  var bitCount: Int
  /// 0 none, 1 RLE8, 2 RLE4, 3 bit fields, 6 bit fields with alpha.
  var compression: Int
  var dataOffset: Int
  /// Palette entries as packed RGBA (red in the low byte), opaque.
  var palette: [UInt32]
  var masks: BMPMasks

  init(_ bytes: [UInt8]) throws(ThumbnailError) {
    func u16(_ at: Int) -> Int { Int(bytes[at]) | Int(bytes[at + 1]) << 8 }
    func u32(_ at: Int) -> Int { u16(at) | u16(at + 2) << 16 }
    func i32(_ at: Int) -> Int { Int(Int32(truncatingIfNeeded: u32(at))) }
    guard bytes.count >= 26 else { throw .truncated }
    let infoSize = u32(14)
    dataOffset = u32(10)
    let isCore = infoSize == 12
    let isOS2 = infoSize == 16 || infoSize == 64
    guard bytes.count >= 14 + min(infoSize, 40) else { throw .truncated }
    if isCore {
      width = u16(18)
      height = u16(20)
      bitCount = u16(24)
      compression = 0
      isTopDown = false
    } else {
      width = i32(18)
      let rawHeight = i32(22)
      isTopDown = rawHeight < 0
      height = abs(rawHeight)
      bitCount = u16(28)
      compression = infoSize >= 20 ? u32(30) : 0
    }
    guard width > 0, height > 0 else { throw .corrupt("the BMP header gives no size") }
    if isOS2 && compression != 0 {
      throw .unsupportedVariant(.bmp, "OS/2 compression \(compression)")
    }
    switch compression {
    case 0, 3, 6: break
    case 1 where bitCount == 8, 2 where bitCount == 4: break
    case 1, 2: throw .corrupt("run-length coding with \(bitCount)-bit pixels")
    case 4: throw .unsupportedVariant(.bmp, "an embedded JPEG")
    case 5: throw .unsupportedVariant(.bmp, "an embedded PNG")
    default: throw .unsupportedVariant(.bmp, "compression \(compression)")
    }
    guard [1, 2, 4, 8, 16, 24, 32].contains(bitCount) else {
      throw .unsupportedVariant(.bmp, "\(bitCount)-bit pixels")
    }
    guard dataOffset < bytes.count else { throw .truncated }

    // Masks follow a 40-byte header (bit fields) or sit inside a V2+ header.
    if compression == 3 || compression == 6 {
      guard bytes.count >= 54 + (compression == 6 || infoSize >= 56 ? 16 : 12) else {
        throw .truncated
      }
      let alpha = compression == 6 || infoSize >= 56 ? UInt32(u32(66)) : 0
      masks = BMPMasks(
        red: UInt32(u32(54)), green: UInt32(u32(58)), blue: UInt32(u32(62)), alpha: alpha)
    } else if bitCount == 16 {
      masks = BMPMasks(red: 0x7C00, green: 0x03E0, blue: 0x001F, alpha: 0)
    } else {
      // 32-bit without bit fields: BGR and an unused byte.
      masks = BMPMasks(red: 0x00FF_0000, green: 0x0000_FF00, blue: 0x0000_00FF, alpha: 0)
    }

    palette = []
    if bitCount <= 8 {
      let entrySize = isCore ? 3 : 4
      let start = 14 + infoSize + (compression == 3 ? 12 : compression == 6 ? 16 : 0)
      let used = isCore ? 0 : u32(46)
      let wanted = used > 0 ? min(used, 1 << bitCount) : 1 << bitCount
      let available = max(0, (min(dataOffset, bytes.count) - start) / entrySize)
      for index in 0..<min(wanted, available) {
        let at = start + index * entrySize
        palette.append(
          UInt32(bytes[at + 2]) | UInt32(bytes[at + 1]) << 8 | UInt32(bytes[at]) << 16
            | 0xFF00_0000)
      }
      if palette.isEmpty { throw .corrupt("the BMP palette is missing") }
    }
  }
}

/// Bit-field masks: where each channel sits in a 16 or 32-bit pixel.
struct BMPMasks {
  var red: UInt32
  var green: UInt32
  var blue: UInt32
  var alpha: UInt32

  /// The pixel as packed RGBA (red in the low byte); opaque without an alpha mask.
  func rgba(_ pixel: UInt32) -> UInt32 {
    let a = alpha == 0 ? 255 : Self.channel(pixel, alpha)
    return Self.channel(pixel, red) | Self.channel(pixel, green) << 8
      | Self.channel(pixel, blue) << 16 | a << 24
  }

  /// The masked bits scaled to 0–255.
  private static func channel(_ pixel: UInt32, _ mask: UInt32) -> UInt32 {
    guard mask != 0 else { return 0 }
    let shift = UInt32(mask.trailingZeroBitCount)
    let maximum = mask >> shift
    let value = (pixel & mask) >> shift
    return UInt32((UInt64(value) * 255 + UInt64(maximum) / 2) / UInt64(maximum))
  }
}
