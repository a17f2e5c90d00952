import Pictures

/// A decoded picture with its metadata.
package struct DecodedImage: Sendable {
  package var image: PixelImage
  package var metadata: ImageMetadata
  /// True when the data ended early and the decoder filled in the rest.
  package var isPartial: Bool

  package init(image: PixelImage, metadata: ImageMetadata, isPartial: Bool = false) {
    self.image = image
    self.metadata = metadata
    self.isPartial = isPartial
  }
}
