import TerminalKit

/// What a picture request came to.
package enum PictureResult: Sendable {
  case image(TerminalImage, metadata: ImageMetadata?, isPartial: Bool)
  case failed(ThumbnailError)

  /// The encoded image, if any.
  package var image: TerminalImage? {
    if case .image(let image, _, _) = self { return image }
    return nil
  }
}

extension PictureResult {
  /// Whether this is an image of the picture's embedded preview, to be replaced.
  package var isPreview: Bool { image?.isPreview ?? false }
}
