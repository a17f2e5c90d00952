import Pictures

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
