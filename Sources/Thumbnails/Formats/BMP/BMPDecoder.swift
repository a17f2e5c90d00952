import Pictures

/// BMP decoded here, in Swift: the format is a header and rows of pixels, and none
/// of Debian's BMP readers is a small library worth a dependency.
///
/// Reads the Windows headers (core, info, V2–V5) and the OS/2 ones; 1, 2, 4 and
/// 8-bit palettes; 16 and 32-bit with bit-field masks (5-5-5 by default for 16);
/// 24-bit; RLE8 and RLE4; bottom-up and top-down rows. An embedded JPEG or PNG,
/// Huffman or RLE24 (OS/2) and 64-bit pixels are refused as variants. Every read is
/// bounds-checked; sizes are checked against the limits before the pixel buffer
/// exists, and rows the file lacks are left transparent and the picture marked
/// partial.
enum BMPDecoder {
  static func decode(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    let header = try BMPHeader(bytes)
    try limits.check(width: header.width, height: header.height)
    let finishing = Finishing(target: target, background: background)
    // The picture at 4 bytes a pixel, then the finishing's copy.
    try limits.check(
      .whole(
        width: header.width, height: header.height, bytesPerPixel: 4,
        extra: finishing.extraBytes(width: header.width, height: header.height)))
    var pixels = [UInt8](repeating: 0, count: header.width * header.height * 4)
    let complete: Bool
    switch header.compression {
    case 1, 2: complete = decodeRLE(bytes, header: header, into: &pixels)
    default: complete = decodeRows(bytes, header: header, into: &pixels)
    }
    let image = PixelImage(width: header.width, height: header.height, pixels: consume pixels)
    let metadata = ImageMetadata(
      format: .bmp, originalWidth: header.width, originalHeight: header.height)
    return DecodedImage(
      image: finishing.finish(consume image), metadata: metadata, isPartial: !complete)
  }

  /// Uncompressed and bit-field rows. Returns whether every row was there.
  private static func decodeRows(_ bytes: [UInt8], header: BMPHeader, into pixels: inout [UInt8])
    -> Bool
  {
    let bits = header.bitCount
    let rowBytes = (bits * header.width + 31) / 32 * 4
    let palette = header.palette
    var complete = true
    pixels.withUnsafeMutableBufferPointer { out in
      bytes.withUnsafeBufferPointer { data in
        for row in 0..<header.height {
          let start = header.dataOffset + row * rowBytes
          guard start + (bits * header.width + 7) / 8 <= data.count else {
            complete = false
            return
          }
          let y = header.isTopDown ? row : header.height - 1 - row
          var at = y * header.width * 4
          for x in 0..<header.width {
            let rgba: UInt32
            switch bits {
            case 1, 2, 4, 8:
              let bit = x * bits
              let byte = data[start + bit / 8]
              let index = Int(byte >> (8 - bits - bit % 8)) & ((1 << bits) - 1)
              rgba = index < palette.count ? palette[index] : 0xFF00_0000
            case 24:
              let p = start + x * 3
              rgba =
                UInt32(data[p + 2]) | UInt32(data[p + 1]) << 8 | UInt32(data[p]) << 16
                | 0xFF00_0000
            case 16:
              let p = start + x * 2
              rgba = header.masks.rgba(UInt32(data[p]) | UInt32(data[p + 1]) << 8)
            default:  // 32
              let p = start + x * 4
              rgba = header.masks.rgba(
                UInt32(data[p]) | UInt32(data[p + 1]) << 8 | UInt32(data[p + 2]) << 16
                  | UInt32(data[p + 3]) << 24)
            }
            out[at] = UInt8(truncatingIfNeeded: rgba)
            out[at + 1] = UInt8(truncatingIfNeeded: rgba >> 8)
            out[at + 2] = UInt8(truncatingIfNeeded: rgba >> 16)
            out[at + 3] = UInt8(truncatingIfNeeded: rgba >> 24)
            at += 4
          }
        }
      }
    }
    return complete
  }

  /// RLE8 and RLE4: runs of one index, absolute runs, end of line, delta moves, end
  /// of picture. Pixels no run reaches stay transparent (as browsers leave them).
  /// Each step consumes input, so the walk ends; writes are clipped to the picture.
  /// Returns whether the end-of-picture code came.
  private static func decodeRLE(_ bytes: [UInt8], header: BMPHeader, into pixels: inout [UInt8])
    -> Bool
  {
    let four = header.compression == 2
    let palette = header.palette
    var x = 0
    var row = 0
    var at = header.dataOffset
    func put(_ index: Int) {
      if x < header.width, row < header.height {
        let y = header.isTopDown ? row : header.height - 1 - row
        let rgba = index < palette.count ? palette[index] : 0xFF00_0000
        let p = (y * header.width + x) * 4
        pixels[p] = UInt8(truncatingIfNeeded: rgba)
        pixels[p + 1] = UInt8(truncatingIfNeeded: rgba >> 8)
        pixels[p + 2] = UInt8(truncatingIfNeeded: rgba >> 16)
        pixels[p + 3] = 255
      }
      x += 1
    }
    while at + 1 < bytes.count, row < header.height {
      let count = Int(bytes[at])
      let value = bytes[at + 1]
      at += 2
      if count > 0 {
        let drawn = min(count, max(0, header.width - x))
        for n in 0..<drawn {
          put(four ? Int(n % 2 == 0 ? value >> 4 : value & 0x0F) : Int(value))
        }
        x += count - drawn
        continue
      }
      switch value {
      case 0:
        x = 0
        row += 1
      case 1:
        return true
      case 2:
        guard at + 1 < bytes.count else { return false }
        x += Int(bytes[at])
        row += Int(bytes[at + 1])
        at += 2
      default:
        let length = Int(value)
        let used = four ? (length + 1) / 2 : length
        guard at + used <= bytes.count else { return false }
        for n in 0..<length where x < header.width {
          let byte = bytes[at + (four ? n / 2 : n)]
          put(four ? Int(n % 2 == 0 ? byte >> 4 : byte & 0x0F) : Int(byte))
        }
        at += used + (used & 1)
      }
    }
    return row >= header.height
  }
}
