/// What a request came to: cell art, or the reason there is none.
package enum ThumbnailResult: Sendable {
  case art(CellArt, metadata: ImageMetadata?, isPartial: Bool)
  case failed(ThumbnailError)
}

extension ThumbnailResult {
  /// Whether this is art of the picture's embedded preview, to be replaced.
  package var isPreview: Bool {
    if case .art(let art, _, _) = self { return art.isPreview }
    return false
  }
}
