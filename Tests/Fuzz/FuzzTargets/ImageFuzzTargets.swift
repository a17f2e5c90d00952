import Foundation
import Pictures
import Thumbnails

/// Caps for decoding fuzz inputs: a megapixel, 4096 pixels a side, a mebibyte a file.
///
/// The standard caps let a header claim a gigapixel (a JPEG decoded at 1/8, say), which a
/// mutated header claims in a few bytes; decoding that much padding takes seconds an input
/// under the sanitizer and finds nothing the smaller size does not. The memory cap stays
/// the standard one: a megapixel never reaches it, and its check runs on every input. The
/// caps themselves are tested by the decoding tests (`ThumbnailsTests`).
let fuzzLimits = DecodeLimits(maxPixels: 1 << 20, maxSide: 4096, maxFileBytes: 1 << 20)

/// The boxes pictures are decoded into, chosen by the input's length so the bytes
/// themselves stay a picture: full size, and thumbnail boxes that pick different DCT
/// scales.
private let fuzzBoxes: [(width: Int, height: Int)?] = [nil, (16, 16), (120, 90), (640, 480)]

private func box(for bytes: [UInt8]) -> (width: Int, height: Int)? {
  fuzzBoxes[bytes.count % fuzzBoxes.count]
}

extension FuzzTarget {
  /// Every picture format through the public doors, `ImageDecoder.decode(bytes:target:)`
  /// and `metadata(bytes:)`, which sniff the format: formats added later are fuzzed too.
  static let image = FuzzTarget(
    "image", "ImageDecoder.decode(bytes:target:) and metadata(bytes:), every format"
  ) { bytes throws(FuzzFailure) in
    let decoder = ImageDecoder(limits: fuzzLimits)
    let target = box(for: bytes)
    try checkPicture(
      decoded: Result { () throws(ThumbnailError) in
        try decoder.decode(bytes: bytes, target: target)
      },
      described: Result { () throws(ThumbnailError) in try decoder.metadata(bytes: bytes) },
      target: target)
  }

  /// TurboJPEG and the EXIF reader on any bytes, not only those that sniff as JPEG.
  static let jpeg = FuzzTarget("jpeg", "the JPEG decoder and header reader, unsniffed") {
    bytes throws(FuzzFailure) in
    let target = box(for: bytes)
    try checkPicture(
      decoded: Result { () throws(ThumbnailError) in
        try DecoderEntryPoints.jpeg(bytes, target: target, limits: fuzzLimits)
      },
      described: Result { () throws(ThumbnailError) in
        try DecoderEntryPoints.jpegMetadata(bytes, limits: fuzzLimits)
      },
      target: target)
  }

  /// libjpeg's decoding of a part (a zoomed view's), on any bytes: the part is inside the
  /// picture, covers what was asked, and has pixels.
  static let jpegPart = FuzzTarget("jpeg-part", "a JPEG's part decoded by libjpeg, unsniffed") {
    bytes throws(FuzzFailure) in
    // The part asked for and the zoomed size, from the input's length.
    let seed = bytes.count
    let x = Double(seed % 7) / 10
    let y = Double(seed % 5) / 10
    let (width, height) = (0.3, 0.4)
    let size = (width: 64 + seed % 900, height: 48 + seed % 700)
    let result = Result { () throws(ThumbnailError) in
      try DecoderEntryPoints.jpegPart(
        bytes, x: x, y: y, width: width, height: height, size: size, limits: fuzzLimits)
    }
    guard case .success(let decoded?) = result else { return }
    let covers = decoded.covers
    try require(decoded.pixels.width > 0 && decoded.pixels.height > 0, "a part of no pixels")
    try require(
      covers.x >= 0 && covers.y >= 0 && covers.x + covers.width <= 1 + 1e-9
        && covers.y + covers.height <= 1 + 1e-9, "a part outside the picture: \(covers)")
    try require(
      covers.x <= x + 1e-9 && covers.y <= y + 1e-9
        && covers.x + covers.width >= min(1, x + width) - 1e-9
        && covers.y + covers.height >= min(1, y + height) - 1e-9,
      "the part \(covers) misses what was asked")
  }

  /// LibRaw on any bytes, not only those that sniff as a camera raw file: the preview or
  /// the development for a box, and the details without decoding, which must agree. The
  /// time cap is short: a mutated file can make a demosaic spin.
  static let raw = FuzzTarget("raw", "LibRaw: a camera raw file's preview or development, details")
  {
    bytes throws(FuzzFailure) in
    let target = box(for: bytes)
    var limits = fuzzLimits
    limits.maxDecodeSeconds = 5
    try checkPicture(
      decoded: Result { () throws(ThumbnailError) in
        try DecoderEntryPoints.raw(bytes, target: target, background: .black, limits: limits)
      },
      described: Result { () throws(ThumbnailError) in
        try DecoderEntryPoints.rawMetadata(bytes, limits: limits)
      },
      target: target)
  }

  /// FFmpeg's demuxers and decoders on any bytes, not only those that sniff as a video:
  /// the poster for a box and the details without decoding must agree.
  static let video = FuzzTarget("video", "FFmpeg: a video's poster for a box, its details") {
    bytes throws(FuzzFailure) in
    let target = box(for: bytes)
    var limits = fuzzLimits
    limits.maxDecodeSeconds = 5
    try checkPicture(
      decoded: Result { () throws(ThumbnailError) in
        try DecoderEntryPoints.video(bytes, target: target, background: .black, limits: limits)
      },
      described: Result { () throws(ThumbnailError) in
        try DecoderEntryPoints.videoMetadata(bytes, limits: limits)
      },
      target: target)
  }

  /// libpng on any bytes, and the `tEXt` reader the thumbnail cache trusts for what
  /// other programs stored (`~/.cache/thumbnails`).
  static let png = FuzzTarget("png", "the PNG decoder and the thumbnail cache's text chunks") {
    bytes throws(FuzzFailure) in
    let backgrounds = [
      BackgroundColor.black, BackgroundColor(red: 255, green: 255, blue: 255),
      BackgroundColor(red: 12, green: 200, blue: 99),
    ]
    let background = backgrounds[bytes.count % backgrounds.count]
    if case .success(let decoded) = Result(catching: { () throws(ThumbnailError) in
      try DecoderEntryPoints.png(bytes, background: background, limits: fuzzLimits)
    }) {
      try checkDecoded(decoded, target: nil)
    }
    for (key, value) in DecoderEntryPoints.pngTextChunks(bytes) {
      // Keys are read as UTF-8 up to the first NUL, values as Latin-1.
      try require(!key.utf8.contains(0), "a tEXt key holds a NUL: \(key.debugDescription)")
      try require(
        value.unicodeScalars.allSatisfy { $0.value <= 0xFF },
        "a tEXt value is not Latin-1: \(value.debugDescription)")
    }
  }

  /// The EXIF reader the decoders use (`ExifFields`, on the index's walk `TIFFTags`): a
  /// JPEG file (its EXIF block found by `JPEGHead`'s segment walk), and the bare EXIF
  /// block of WebP, HEIF and JPEG XL files.
  static let exif = FuzzTarget("exif", "the EXIF reader (orientation, date, camera)") {
    bytes throws(FuzzFailure) in
    for fields in [DecoderEntryPoints.exif(jpeg: bytes), DecoderEntryPoints.exif(payload: bytes)] {
      try require((1...8).contains(fields.orientation), "orientation \(fields.orientation)")
      // A text is read up to 255 bytes, each at most one scalar; the camera joins two.
      for (text, most) in [(fields.dateTaken, 255), (fields.cameraModel, 511)] {
        guard let text else { continue }
        try require(!text.isEmpty, "an empty field is not nil")
        try require(text.unicodeScalars.count <= most, "a field of \(text.count) characters")
        try require(
          text.trimmingCharacters(in: .whitespaces) == text, "untrimmed \(text.debugDescription)")
      }
    }
  }
}

extension FuzzTarget {
  /// The embedded preview as the pipeline draws it before the picture: the JPEG head
  /// (its own marker walk, not TurboJPEG's), the EXIF thumbnail in IFD1 and its decode.
  static let preview = FuzzTarget(
    "preview", "the JPEG head reader and the embedded EXIF preview"
  ) { bytes throws(FuzzFailure) in
    let head = DecoderEntryPoints.jpegHead(bytes)
    if let head {
      try require(head.width > 0 && head.height > 0, "a head of \(head.width)×\(head.height)")
      if let exif = head.exif {
        try require(exif.starts(with: Array("Exif".utf8) + [0, 0]), "an EXIF block unsigned")
        try require(exif.count <= 0xFFFF - 2, "an EXIF block of \(exif.count) bytes")
      }
    }
    let target = box(for: bytes) ?? (width: 160, height: 120)
    guard
      let preview = DecoderEntryPoints.embeddedPreview(bytes, target: target, limits: fuzzLimits)
    else { return }
    // It stands for the picture: the picture's head, size and EXIF, not the preview's.
    let metadata = preview.metadata
    try require(
      head.map { ($0.width, $0.height) } ?? (0, 0)
        == (metadata.originalWidth, metadata.originalHeight),
      "a preview for \(metadata.originalWidth)×\(metadata.originalHeight), head \(String(describing: head))"
    )
    try require(metadata.format == .jpeg, "a preview of a \(metadata.format) picture")
    try require((1...8).contains(metadata.orientation), "orientation \(metadata.orientation)")
    if case .success(let described) = Result(catching: { () throws(ThumbnailError) in
      try DecoderEntryPoints.jpegMetadata(bytes, limits: fuzzLimits)
    }) {
      try require(
        (described.originalWidth, described.originalHeight, described.orientation)
          == (metadata.originalWidth, metadata.originalHeight, metadata.orientation),
        "the preview says \(metadata), the decoder's header \(described)")
    }
    let image = preview.image
    try require(
      image.width > 0 && image.height > 0 && image.pixels.count == image.width * image.height * 4,
      "a preview of \(image.width)×\(image.height) in \(image.pixels.count) bytes")
    var alpha = 3
    while alpha < image.pixels.count {
      try require(image.pixels[alpha] == 255, "preview pixel \(alpha / 4) is not opaque")
      alpha += 4
    }
  }
}

/// A decode and a header read of the same bytes: a picture must be sound, and when it
/// decodes, its header must read too and say the same.
private func checkPicture(
  decoded: Result<DecodedImage, ThumbnailError>, described: Result<ImageMetadata, ThumbnailError>,
  target: (width: Int, height: Int)?
) throws(FuzzFailure) {
  guard case .success(let picture) = decoded else { return }
  try checkDecoded(picture, target: target)
  switch described {
  case .failure(let error):
    throw FuzzFailure("decoded as \(picture.metadata), but its details fail: \(error)")
  case .success(let metadata):
    let decodedAs = picture.metadata
    try require(
      metadata.format == decodedAs.format && metadata.originalWidth == decodedAs.originalWidth
        && metadata.originalHeight == decodedAs.originalHeight
        && metadata.orientation == decodedAs.orientation,
      "details \(metadata) differ from the decode's \(decodedAs)")
  }
}

/// What every decoded picture promises: within the caps, upright at no more than its
/// own size, covering its fit in the box it was decoded for, and opaque.
private func checkDecoded(_ decoded: DecodedImage, target: (width: Int, height: Int)?)
  throws(FuzzFailure)
{
  let image = decoded.image
  let metadata = decoded.metadata
  let size = "\(image.width)×\(image.height)"
  try require(
    metadata.originalWidth > 0 && metadata.originalHeight > 0
      && metadata.originalWidth <= fuzzLimits.maxSide
      && metadata.originalHeight <= fuzzLimits.maxSide
      && metadata.originalWidth * metadata.originalHeight <= fuzzLimits.maxPixels,
    "a picture of \(metadata.originalWidth)×\(metadata.originalHeight) passed the caps")
  try require((1...8).contains(metadata.orientation), "orientation \(metadata.orientation)")
  // A drawing (SVG) is rendered at the box's size, larger than its own too.
  try require(
    metadata.format.isScalable
      || (image.width <= metadata.displayWidth && image.height <= metadata.displayHeight),
    "decoded at \(size), larger than the picture (\(metadata.displayWidth)×"
      + "\(metadata.displayHeight))")
  if let target, metadata.format.isScalable {
    try require(
      image.width <= target.width && image.height <= target.height,
      "a drawing rendered at \(size) for a box of \(target)")
  } else if let target {
    let scale = min(
      Double(target.width) / Double(metadata.displayWidth),
      Double(target.height) / Double(metadata.displayHeight))
    // Decoding never upscales: a box larger than the picture asks for all of it.
    let fitted = (
      min(
        metadata.displayWidth, max(1, Int((Double(metadata.displayWidth) * scale).rounded(.down)))),
      min(
        metadata.displayHeight, max(1, Int((Double(metadata.displayHeight) * scale).rounded(.down)))
      )
    )
    try require(
      image.width >= fitted.0 && image.height >= fitted.1,
      "decoded at \(size) for a box of \(target), which needs \(fitted.0)×\(fitted.1)")
  }
  try require(image.pixels.count == image.width * image.height * 4, "\(size) pixels miscounted")
  var alpha = 3
  while alpha < image.pixels.count {
    try require(image.pixels[alpha] == 255, "pixel \(alpha / 4) of \(size) is not opaque")
    alpha += 4
  }
}
