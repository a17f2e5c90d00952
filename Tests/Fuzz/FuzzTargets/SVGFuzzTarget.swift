import Pictures
import Thumbnails

extension FuzzTarget {
  /// librsvg (libxml2 under it) and cairo on any bytes, not only those that sniff as SVG:
  /// the render at the size the box asks for and the details without rendering must
  /// agree, and the render fits the box exactly, whatever the drawing's own size.
  static let svg = FuzzTarget("svg", "librsvg and cairo: SVG rendered into a box, its size") {
    bytes throws(FuzzFailure) in
    let boxes: [(width: Int, height: Int)?] = [(16, 16), (120, 90), (640, 480), nil]
    let target = boxes[bytes.count % boxes.count]
    let background = BackgroundColor(red: 12, green: 200, blue: 99)
    let described = Result { () throws(ThumbnailError) in
      try DecoderEntryPoints.svgMetadata(bytes, limits: fuzzLimits)
    }
    guard
      case .success(let decoded) = Result(catching: { () throws(ThumbnailError) in
        try DecoderEntryPoints.svg(
          bytes, target: target, background: background, limits: fuzzLimits)
      })
    else { return }
    let metadata = decoded.metadata
    let image = decoded.image
    try require(metadata.format == .svg, "an SVG decoded as \(metadata.format)")
    guard case .success(let details) = described, details == metadata else {
      throw FuzzFailure("rendered as \(metadata), but its details are \(described)")
    }
    try require(
      metadata.originalWidth <= fuzzLimits.maxSide && metadata.originalHeight <= fuzzLimits.maxSide,
      "a drawing of \(metadata.originalWidth)×\(metadata.originalHeight) passed the caps")
    let box = target ?? (metadata.originalWidth, metadata.originalHeight)
    try require(
      image.width <= box.width && image.height <= box.height
        && (image.width >= box.width - 1 || image.height >= box.height - 1),
      "rendered at \(image.width)×\(image.height) for a box of \(box)")
    try require(image.pixels.count == image.width * image.height * 4, "pixels miscounted")
    var alpha = 3
    while alpha < image.pixels.count {
      try require(image.pixels[alpha] == 255, "pixel \(alpha / 4) is not opaque")
      alpha += 4
    }
  }
}
