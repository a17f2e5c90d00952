import CRaw
import FoundationEssentials
import Glibc
import Pictures

/// Camera raw files through LibRaw: the camera's embedded preview when it covers the box
/// asked for, else the raw data developed, at half the sensor's size when that covers it.
///
/// A raw file holds the sensor's mosaic and, beside it, a JPEG the camera made (on most
/// cameras about the screen's size, on some the full picture; on a few only 160×120).
/// The preview is taken when it covers the picture's fit into the box and has the
/// picture's shape; developing (demosaicing, white balance, colour to sRGB) costs a
/// second or more and is left for what the preview cannot show: a detail view on a large
/// screen, a zoom, or a file whose preview is too small. Both come out turned by the
/// raw's own orientation, and `ImageMetadata.rawRendition` says which one it is.
enum RAWDecoder {
  static func decode(
    _ bytes: [UInt8], target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    try RAWFile.reading(bytes, limits: limits) { file throws(ThumbnailError) in
      try decode(file, target: target, background: background, limits: limits)
    }
  }

  /// `decode` of the regular file open at `descriptor`, which LibRaw reads in part.
  static func decode(
    descriptor: Int32, target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    try RAWFile.reading(descriptor: descriptor, limits: limits) { file throws(ThumbnailError) in
      try decode(file, target: target, background: background, limits: limits)
    }
  }

  /// `metadata` of the regular file open at `descriptor`: its tags only.
  static func metadata(descriptor: Int32, limits: DecodeLimits) throws(ThumbnailError)
    -> ImageMetadata
  {
    try RAWFile.reading(descriptor: descriptor, limits: limits) { file throws(ThumbnailError) in
      try describe(file, limits: limits)
    }
  }

  private static func decode(
    _ file: RAWFile, target: (width: Int, height: Int)?, background: BackgroundColor,
    limits: DecodeLimits
  ) throws(ThumbnailError) -> DecodedImage {
    var metadata = try describe(file, limits: limits)
    let finishing = Finishing(
      target: target, background: background, orientation: metadata.orientation)
    // The picture's fit into the box, in stored pixels (before the turn).
    let needed = target.map { box in
      let stored = metadata.orientation >= 5 ? (box.height, box.width) : box
      return JPEGDecoder.fittedSize(
        width: metadata.originalWidth, height: metadata.originalHeight, in: stored)
    }
    if let needed, let preview = previewImage(file, covering: needed, metadata, limits: limits) {
      metadata.rawRendition = .embeddedPreview(width: preview.width, height: preview.height)
      return DecodedImage(image: finishing.finish(preview.image), metadata: metadata)
    }
    let halfSize = try developsAtHalfSize(file.facts, needed: needed, limits: limits)
    try limits.check(cost(file.facts, halfSize: halfSize, finishing: finishing))
    let developed = try file.develop(halfSize: halfSize)
    metadata.rawRendition = .developed(halfSize: halfSize)
    return DecodedImage(image: finishing.finish(developed), metadata: metadata)
  }

  /// The file's details, nothing decoded: the developed picture's size, the raw's
  /// orientation, camera, lens, exposure and date.
  static func metadata(_ bytes: [UInt8], limits: DecodeLimits) throws(ThumbnailError)
    -> ImageMetadata
  {
    try RAWFile.reading(bytes, limits: limits) { file throws(ThumbnailError) in
      try describe(file, limits: limits)
    }
  }

  /// `file`'s details, its size checked against the caps.
  private static func describe(_ file: RAWFile, limits: DecodeLimits) throws(ThumbnailError)
    -> ImageMetadata
  {
    let facts = file.facts
    try limits.check(width: Int(facts.width), height: Int(facts.height))
    guard facts.colors > 0 else { throw .unsupportedVariant(.raw, "no colour data") }
    let make = cFieldText(facts.make)
    let model = cFieldText(facts.model)
    return ImageMetadata(
      format: .raw, originalWidth: Int(facts.width), originalHeight: Int(facts.height),
      orientation: orientation(flip: Int(facts.flip)),
      dateTaken: LocalExifDate.text(secondsSince1970: facts.timestamp),
      cameraModel: ExifFields.camera(make: make, model: model), lens: cFieldText(facts.lens),
      exposure: Exposure(
        seconds: Double(facts.shutter), fNumber: Double(facts.aperture),
        iso: Int(exactly: Double(facts.iso).rounded()),
        focalLength: Double(facts.focal_length)))
  }

  /// The embedded preview when it has the picture's shape and covers `needed` (stored
  /// pixels), decoded no larger than that needs; nil otherwise, or when it cannot be read.
  private static func previewImage(
    _ file: RAWFile, covering needed: (width: Int, height: Int), _ metadata: ImageMetadata,
    limits: DecodeLimits
  ) -> (image: PixelImage, width: Int, height: Int)? {
    let facts = file.facts
    // Sizes LibRaw read from the file's tags, where it gives them: a preview too small
    // is not even taken out.
    if facts.preview_width > 0, facts.preview_height > 0,
      !covers(Int(facts.preview_width), Int(facts.preview_height), needed)
    {
      return nil
    }
    let image: PixelImage
    let size: (width: Int, height: Int)
    switch file.preview() {
    case .jpeg(let jpeg)?:
      // The raw's orientation is applied once, later: the preview's own EXIF is ignored.
      guard
        let decoded = try? JPEGDecoder.decode(
          jpeg, target: needed, limits: limits, readsMetadata: false)
      else { return nil }
      image = decoded.image
      size = (decoded.metadata.originalWidth, decoded.metadata.originalHeight)
    case .bitmap(let bitmap)?:
      image = bitmap
      size = (bitmap.width, bitmap.height)
    case nil:
      return nil
    }
    guard covers(size.width, size.height, needed),
      sameShape(size, (metadata.originalWidth, metadata.originalHeight))
    else { return nil }
    return (image, size.width, size.height)
  }

  /// Whether a `width`×`height` picture covers `needed` on both sides, a pixel spared for
  /// rounding.
  private static func covers(_ width: Int, _ height: Int, _ needed: (width: Int, height: Int))
    -> Bool
  {
    width + 1 >= needed.width && height + 1 >= needed.height
  }

  /// Whether two sizes have the same shape within 3 %: a preview cut to another aspect
  /// (a 4:3 thumbnail of a 3:2 sensor, with black bars) would land elsewhere than the
  /// picture.
  private static func sameShape(_ a: (Int, Int), _ b: (Int, Int)) -> Bool {
    guard a.0 > 0, a.1 > 0, b.0 > 0, b.1 > 0 else { return false }
    let ratio = (Double(a.0) / Double(a.1)) / (Double(b.0) / Double(b.1))
    return abs(ratio - 1) <= 0.03
  }

  /// Whether to develop at half size: when half the sensor still covers `needed`, or
  /// when full size would pass the memory cap; full size for a full-size request (no
  /// box) that fits the cap.
  private static func developsAtHalfSize(
    _ facts: gallery_raw_facts, needed: (width: Int, height: Int)?, limits: DecodeLimits
  ) throws(ThumbnailError) -> Bool {
    let finishing = Finishing(target: nil, background: .black)
    let fullFits = limits.allows(
      bytes: cost(facts, halfSize: false, finishing: finishing).bytes)
    guard let needed else { return !fullFits }
    let half = (Int(facts.width) / 2, Int(facts.height) / 2)
    return covers(half.0, half.1, needed) || !fullFits
  }

  /// What developing holds at its peak, in bytes: the unpacked raw data (LibRaw's
  /// `raw_alloc`: 2 bytes a photosite of a mosaic, 8 a pixel of whole pixels), its working picture of four 16-bit channels (8 bytes a
  /// pixel, a quarter of the pixels at half size), the 8-bit RGB copy it hands back (3),
  /// our RGBA (4), and the finishing's copy. Saturating.
  static func cost(_ facts: gallery_raw_facts, halfSize: Bool, finishing: Finishing)
    -> DecodeCost
  {
    let width = Int(facts.width)
    let height = Int(facts.height)
    let out = halfSize ? (max(1, width / 2), max(1, height / 2)) : (width, height)
    let sensor = Saturating.product(
      max(Int(facts.raw_width), width), max(Int(facts.raw_height), height),
      facts.is_mosaic != 0 ? 2 : 8)
    let working = Saturating.product(out.0, out.1, 8 + 3 + 4)
    return DecodeCost(
      width: width, height: height, decodedWidth: out.0, decodedHeight: out.1,
      bytes: Saturating.sum(
        sensor, working, finishing.extraBytes(width: out.0, height: out.1)))
  }

  /// LibRaw's flip as an EXIF orientation. The flip's bits are a mirror left to right
  /// (1), top to bottom (2) and a transposition (4), applied in that order: 3 is half a
  /// turn, 5 a quarter turn anticlockwise (EXIF 8), 6 clockwise (EXIF 6); the mirrored
  /// ones are EXIF 2, 4, 5 and 7.
  static func orientation(flip: Int) -> Int {
    switch flip {
    case 1: 2
    case 2: 4
    case 3: 3
    case 4: 5
    case 5: 8
    case 6: 6
    case 7: 7
    default: 1
    }
  }
}
