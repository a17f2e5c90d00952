import CImageFormats
import Pictures

/// Turning a lossless WebP by its pixels, without loss: WebP has no orientation of its
/// own, and few programs read one from its `EXIF` chunk.
///
/// The picture is decoded to RGBA (exactly: lossless), turned as its EXIF orientation and
/// the turn ask, and encoded losslessly again, keeping the colour under transparent
/// pixels. The file's other chunks stay in their order (`ICCP`, `EXIF` with its
/// orientation set upright, `XMP `, any other), with the canvas in `VP8X` turned too.
/// A lossy or animated WebP is refused with the reason: turning either would lose.
enum WebPPixelTurn {
  /// `bytes`, a WebP, with its pixels turned by `turn` as seen on the screen.
  ///
  /// - Throws: `.unsupportedFormat` for a lossy or animated WebP, or one past `limits`;
  ///   `.malformed` for a broken one, which is left as it is.
  static func turning(_ bytes: [UInt8], by turn: PictureTurn, limits: DecodeLimits)
    throws(OrientationRewriteError) -> [UInt8]
  {
    let container = WebPContainer(bytes, keepFrames: 1)
    guard !container.isTruncated else { throw .malformed("it ends before its last chunk") }
    if container.isAnimated || container.frameCount > 0 {
      throw .unsupportedFormat("an animated WebP cannot be turned without decoding its frames")
    }
    guard let image = container.chunks.first(where: { ["VP8L", "VP8 "].contains($0.fourCC) })
    else { throw .malformed("it holds no picture") }
    guard image.fourCC == "VP8L" else {
      throw .unsupportedFormat("a lossy WebP cannot be turned without losing detail")
    }
    var width: Int32 = 0
    var height: Int32 = 0
    guard
      bytes.withUnsafeBufferPointer({
        WebPGetInfo($0.baseAddress, $0.count, &width, &height)
      }) != 0
    else { throw .malformed("libwebp cannot read its header") }
    let (w, h) = (Int(width), Int(height))
    guard w <= limits.maxSide, h <= limits.maxSide, w * h <= limits.maxPixels,
      w * h * 4 * 3 <= limits.maxDecodeBytes
    else { throw .unsupportedFormat("this WebP is too large to turn (\(w)×\(h) pixels)") }
    let exif = container.payload("EXIF", in: bytes).map {
      OrientationRewrite.uprightingEXIF(Array($0))
    }
    let orientation = (exif?.orientation ?? .normal).turned(turn)
    let pixels = try decode(bytes, width: w, height: h)
    let turned = PixelImage(width: w, height: h, pixels: pixels).oriented(orientation.rawValue)
    let encoded = try encode(turned)
    // The encoder's file holds one chunk, VP8L, after the 12 bytes of RIFF's header.
    guard
      let lossless = WebPContainer(encoded, keepFrames: 0).chunks.first(where: {
        $0.fourCC == "VP8L"
      })
    else { throw .malformed("libwebp made no picture") }
    guard container.chunks.contains(where: { $0.fourCC == "VP8X" }) else { return encoded }
    var body = Array("WEBP".utf8)
    for chunk in container.chunks {
      switch chunk.fourCC {
      case "VP8X":
        var payload = Array(bytes[chunk.payload])
        guard payload.count >= 10 else { throw .malformed("its VP8X chunk is cut short") }
        for (offset, value) in [(4, turned.width - 1), (7, turned.height - 1)] {
          for index in 0..<3 {
            payload[offset + index] = UInt8(truncatingIfNeeded: value >> (8 * index))
          }
        }
        body += Self.chunk("VP8X", payload)
      case "VP8L": body += encoded[lossless.range]
      case "EXIF":
        body += Self.chunk("EXIF", exif?.block ?? Array(bytes[chunk.payload]))
      default: body += bytes[chunk.range]
      }
    }
    return Array("RIFF".utf8) + Self.littleEndian(body.count) + body
  }

  /// The picture's RGBA, exactly as stored.
  private static func decode(_ bytes: [UInt8], width: Int, height: Int)
    throws(OrientationRewriteError) -> [UInt8]
  {
    var w: Int32 = 0
    var h: Int32 = 0
    guard
      let decoded = bytes.withUnsafeBufferPointer({
        WebPDecodeRGBA($0.baseAddress, $0.count, &w, &h)
      })
    else { throw .malformed("libwebp cannot decode it") }
    defer { WebPFree(decoded) }
    guard Int(w) == width, Int(h) == height else {
      throw .malformed("libwebp decoded another size")
    }
    return Array(UnsafeBufferPointer(start: decoded, count: width * height * 4))
  }

  /// `image` as a lossless WebP file of one `VP8L` chunk.
  private static func encode(_ image: PixelImage) throws(OrientationRewriteError) -> [UInt8] {
    var output: UnsafeMutablePointer<UInt8>?
    let size = image.pixels.withUnsafeBufferPointer {
      gallery_webp_encode_lossless($0.baseAddress, Int32(image.width), Int32(image.height), &output)
    }
    guard size > 0, let output else { throw .malformed("libwebp could not encode it") }
    defer { WebPFree(output) }
    return Array(UnsafeBufferPointer(start: output, count: size))
  }

  /// A RIFF chunk: its name, length, payload and the padding to an even length.
  private static func chunk(_ fourCC: String, _ payload: [UInt8]) -> [UInt8] {
    Array(fourCC.utf8) + littleEndian(payload.count) + payload + (payload.count % 2 == 1 ? [0] : [])
  }

  private static func littleEndian(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
}
