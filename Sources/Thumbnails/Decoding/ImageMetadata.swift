/// The container a picture was stored in, sniffed from its first bytes.
public enum ImageFormat: String, Hashable, Sendable {
  case jpeg
  case png

  /// The format the bytes start with, or nil for anything else.
  ///
  /// JPEG: `FF D8 FF`. PNG: the eight-byte signature.
  public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
    let head = Array(bytes.prefix(8))
    if head.count >= 3, head[0] == 0xFF, head[1] == 0xD8, head[2] == 0xFF { return .jpeg }
    if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
    return nil
  }
}

/// What is known about a picture besides its pixels.
public struct ImageMetadata: Hashable, Sendable {
  public var format: ImageFormat
  /// Width of the stored picture in pixels, before scaling and orientation.
  public var originalWidth: Int
  /// Height of the stored picture in pixels, before scaling and orientation.
  public var originalHeight: Int
  /// EXIF orientation (1–8) that was applied; 1 when there was none.
  public var orientation: Int
  /// EXIF `DateTimeOriginal` (or `DateTime`) as written, e.g. `2024:05:01 12:00:00`.
  public var dateTaken: String?
  /// EXIF camera model.
  public var cameraModel: String?

  public init(
    format: ImageFormat, originalWidth: Int, originalHeight: Int, orientation: Int = 1,
    dateTaken: String? = nil, cameraModel: String? = nil
  ) {
    self.format = format
    self.originalWidth = originalWidth
    self.originalHeight = originalHeight
    self.orientation = orientation
    self.dateTaken = dateTaken
    self.cameraModel = cameraModel
  }

  /// Width as displayed, after orientation (orientations 5–8 swap the sides).
  public var displayWidth: Int { orientation >= 5 ? originalHeight : originalWidth }
  /// Height as displayed, after orientation.
  public var displayHeight: Int { orientation >= 5 ? originalWidth : originalHeight }
}

/// A decoded picture with its metadata.
public struct DecodedImage: Sendable {
  public var image: PixelImage
  public var metadata: ImageMetadata
  /// True when the data ended early and the decoder filled in the rest.
  public var isPartial: Bool

  public init(image: PixelImage, metadata: ImageMetadata, isPartial: Bool = false) {
    self.image = image
    self.metadata = metadata
    self.isPartial = isPartial
  }
}
