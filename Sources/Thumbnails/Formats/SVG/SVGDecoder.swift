import CImageCodecs
import Pictures

/// SVG through librsvg and cairo, rendered at the size it is shown at.
///
/// The drawing is rendered straight at the size its own fits into the box asked for
/// (`SVGSize.rendered(in:)`), larger or smaller than that size, so a 100×50 drawing
/// asked for a 400×400 box comes out 400×200 and sharp; with no box, at its own size.
/// Before anything is rendered the document's bytes are checked against
/// `DecodeLimits.maxSVGBytes`, its own size against the side and pixel caps, and the
/// render's pixels against the memory cap. cairo's premultiplied ARGB comes out as RGBA
/// composited over the background.
enum SVGDecoder {
  static func decode(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    let (document, size, metadata) = try load(bytes, limits: limits)
    let rendered = within(limits, size.rendered(in: target))
    try limits.check(width: rendered.width, height: rendered.height)
    let own = size.pixels
    try limits.check(
      DecodeCost(
        width: own.width, height: own.height, decodedWidth: rendered.width,
        decodedHeight: rendered.height,
        bytes: Saturating.product(rendered.width, rendered.height, 4 + workingBytesPerPixel)))
    var pixels = try document.render(width: rendered.width, height: rendered.height)
    try refuseLinkedPicturesAlone(pixels, bytes, limits: limits)
    let translucent = composite(&pixels, over: background)
    var image = PixelImage(width: rendered.width, height: rendered.height, pixels: consume pixels)
    if translucent { image.compositedOver = background }
    return DecodedImage(image: image, metadata: metadata)
  }

  /// A render's size held within the memory cap: a box asked for past it (a drawing
  /// zoomed far into a large screen) gets the largest render the cap allows, which the
  /// art or the encoder then stretches a little, rather than no picture. Aspect kept.
  static func within(_ limits: DecodeLimits, _ size: (width: Int, height: Int)) -> (
    width: Int, height: Int
  ) {
    let perPixel = 4 + workingBytesPerPixel
    let pixels = Saturating.product(size.width, size.height, 1)
    let allowed = limits.maxDecodeBytes / perPixel
    guard pixels > allowed, allowed > 0 else { return size }
    let scale = (Double(allowed) / Double(pixels)).squareRoot()
    return (
      max(1, Int((Double(size.width) * scale).rounded(.down))),
      max(1, Int((Double(size.height) * scale).rounded(.down)))
    )
  }

  /// Throws when the render is blank and the document holds an `<image>`: a drawing of
  /// nothing but pictures from other files, which are never loaded (`SVGDocument`),
  /// would be an empty tile with no word of why.
  private static func refuseLinkedPicturesAlone(
    _ pixels: [UInt8], _ bytes: [UInt8], limits: DecodeLimits
  ) throws(ThumbnailError) {
    // Premultiplied: a pixel nothing was drawn on is four zero bytes.
    guard !pixels.contains(where: { $0 != 0 }) else { return }
    let text = try inflated(bytes, limit: limits.maxSVGBytes)
    let element = Array("image".utf8)
    var index = text.startIndex
    while let found = text[index...].firstRange(of: element) {
      if found.lowerBound > 0,
        [UInt8(ascii: "<"), UInt8(ascii: ":")].contains(
          text[found.lowerBound - 1])
      {
        throw .unsupportedVariant(
          .svg, "nothing but links to pictures in other files (<image>)")
      }
      index = found.upperBound
    }
  }

  /// The drawing's details without rendering it: format and its own size.
  static func metadata(_ bytes: [UInt8], limits: DecodeLimits) throws(ThumbnailError)
    -> ImageMetadata
  {
    try load(bytes, limits: limits).metadata
  }

  /// librsvg's own layers while it renders, in bytes a pixel of the render: an opacity
  /// group, a mask or a filter draws into a surface of its own of the render's size
  /// (4 bytes a pixel) while the one below it waits. An allowance for two at once, not
  /// a bound: a drawing that nests more holds more.
  static let workingBytesPerPixel = 8

  /// The document parsed, its own size checked against the caps, and its details.
  private static func load(_ bytes: [UInt8], limits: DecodeLimits) throws(ThumbnailError)
    -> (document: SVGDocument, size: SVGSize, metadata: ImageMetadata)
  {
    if bytes.count > limits.maxSVGBytes {
      throw .fileTooLarge(bytes: Int64(bytes.count), limit: Int64(limits.maxSVGBytes))
    }
    let document = try SVGDocument(inflated(bytes, limit: limits.maxSVGBytes))
    let size = try SVGSize(of: document)
    let own = size.pixels
    try limits.check(width: own.width, height: own.height)
    let metadata = ImageMetadata(format: .svg, originalWidth: own.width, originalHeight: own.height)
    return (document, size, metadata)
  }

  /// The document's text: a gzip-compressed drawing (`.svgz`) unpacked here, at most
  /// `limit` bytes, so a small file cannot unpack into gigabytes of XML for librsvg
  /// (which would unpack it unbounded); others as they are.
  static func inflated(_ bytes: [UInt8], limit: Int) throws(ThumbnailError) -> [UInt8] {
    guard bytes.count >= 2, bytes[0] == 0x1F, bytes[1] == 0x8B else { return bytes }
    // One byte past the limit tells a drawing that fills it from one that goes past.
    var text = [UInt8](repeating: 0, count: limit + 1)
    let produced = bytes.withUnsafeBufferPointer { input in
      text.withUnsafeMutableBufferPointer { output in
        gallery_gunzip_head(
          input.baseAddress, UInt(input.count), output.baseAddress, UInt(output.count))
      }
    }
    guard produced > 0 else { throw .corrupt("its gzip compression is damaged") }
    guard produced <= limit else {
      throw .corrupt(
        "it unpacks to more than \(limit / 1_048_576) MiB of SVG, past the limit")
    }
    text.removeSubrange(produced...)
    return text
  }

  /// cairo's premultiplied ARGB32 words to RGBA over `background`, in place: each channel
  /// plus the background's share left by alpha, so no division by alpha and alpha 255.
  /// Whether any pixel was not opaque.
  @discardableResult
  static func composite(_ pixels: inout [UInt8], over background: BackgroundColor) -> Bool {
    let bg = (UInt32(background.red), UInt32(background.green), UInt32(background.blue))
    var translucent = false
    pixels.withUnsafeMutableBytes { raw in
      var offset = 0
      while offset + 4 <= raw.count {
        let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self)
        let alpha = word >> 24
        if alpha != 255 { translucent = true }
        let inverse = 255 - alpha
        let red = (word >> 16) & 0xFF
        let green = (word >> 8) & 0xFF
        let blue = word & 0xFF
        raw[offset] = UInt8(min(255, red + (bg.0 * inverse + 127) / 255))
        raw[offset + 1] = UInt8(min(255, green + (bg.1 * inverse + 127) / 255))
        raw[offset + 2] = UInt8(min(255, blue + (bg.2 * inverse + 127) / 255))
        raw[offset + 3] = 255
        offset += 4
      }
    }
    return translucent
  }
}
