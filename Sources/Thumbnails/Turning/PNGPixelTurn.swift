import Pictures

/// Turning a PNG by its pixels, without loss: what every program shows turned, where an
/// `eXIf` orientation is read by few (ImageMagick, browsers and most viewers show a PNG
/// as stored).
///
/// The pixels are inflated exactly as stored (any depth and colour type, the palette
/// kept), turned, and stored again in the same form, deflated anew; the orientation the
/// file's `eXIf` or XMP named is turned into the pixels too and set upright. Every other
/// chunk stays, in its order (colour profile, text, dates, `eXIf`); `pHYs` swaps its
/// axes with a quarter turn. An interlaced PNG comes out not interlaced.
enum PNGPixelTurn {
  /// The chunks the PNG specification defines, which stay right with the pixels turned.
  /// Any other that it marks critical or unsafe to copy (an animated PNG's `acTL` and
  /// `fcTL` among them: its frames would not turn) sends the PNG to its tag instead.
  private static let known: Set<String> = [
    "IHDR", "PLTE", "IDAT", "tRNS", "gAMA", "cHRM", "sRGB", "iCCP", "tEXt", "zTXt", "iTXt",
    "bKGD", "pHYs", "sBIT", "sPLT", "hIST", "tIME", "eXIf", "cICP", "mDCV", "mDCv", "cLLI",
    "cLLi",
  ]

  /// `bytes`, a PNG, with its pixels turned by `turn` as seen on the screen; nil when the
  /// PNG is one to turn by its tag instead (an animated PNG, a chunk unknown and unsafe to
  /// copy, or pixels past `limits`).
  ///
  /// - Throws: `.malformed` for a broken PNG (a checksum, the image data), which is left
  ///   as it is.
  static func turning(_ bytes: [UInt8], by turn: PictureTurn, limits: DecodeLimits)
    throws(OrientationRewriteError) -> [UInt8]?
  {
    let chunks = try PNGChunks(bytes).chunks
    for chunk in chunks where !known.contains(chunk.type) {
      let letters = Array(chunk.type.utf8)
      // Bit 5 of the first letter (lower case): ancillary; of the fourth: safe to copy.
      guard letters.count == 4, letters[0] & 0x20 != 0, letters[3] & 0x20 != 0 else {
        return nil
      }
    }
    guard let ihdr = chunks.first else { return nil }
    let header = try PNGRaster.Header(bytes, data: ihdr.data)
    let pixelBytes = header.pixelBytes
    guard header.width <= limits.maxSide, header.height <= limits.maxSide,
      header.width * header.height <= limits.maxPixels,
      header.width * header.height * pixelBytes * 3 <= limits.maxDecodeBytes
    else { return nil }
    let orientation = (ExifOrientation.read(from: bytes) ?? .normal).turned(turn)
    // The tags set upright in place (no byte moves), so the chunks found stay where they are.
    let upright = try OrientationRewrite.uprightingPNG(bytes)
    // The tag turned upright by this turn: the stored pixels are already as shown.
    if orientation == .normal { return upright }
    var compressed: [UInt8] = []
    for chunk in chunks where chunk.type == "IDAT" { compressed += upright[chunk.data] }
    guard !compressed.isEmpty else { throw .malformed("it holds no IDAT chunk") }
    let turned = try PNGRaster(header: header, compressed: compressed).oriented(orientation)
    let data = try turned.compressed()
    // A quarter turn, a square's too, swaps the axes.
    let swaps = orientation.rawValue >= 5
    var result = PNGChunks.signature + PNGChunks.chunk("IHDR", turned.header.data)
    var wroteData = false
    for chunk in chunks.dropFirst() {
      switch chunk.type {
      case "IDAT":
        guard !wroteData else { continue }
        wroteData = true
        // libpng reads chunks of any size; 64 KiB keeps each small for other readers.
        for start in stride(from: 0, to: max(1, data.count), by: 1 << 16) {
          result += PNGChunks.chunk("IDAT", data[start..<min(data.count, start + (1 << 16))])
        }
      case "pHYs" where swaps && chunk.data.count == 9:
        let axes = Array(upright[chunk.data])
        result += PNGChunks.chunk("pHYs", axes[4..<8] + axes[0..<4] + axes[8...])
      default:
        result += PNGChunks.chunk(chunk.type, upright[chunk.data])
      }
    }
    return result + PNGChunks.chunk("IEND", [])
  }
}
