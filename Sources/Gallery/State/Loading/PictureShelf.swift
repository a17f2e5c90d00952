import Pictures

/// Which picture in pixels: a picture in a box of cells, cut to `crop` when the screen's
/// edge cut it (for the protocols that cannot draw part of an image), magnified as `zoom`
/// says in a zoomed detail view, its clipped areas painted when `painted`.
package struct PictureKey: Hashable, Sendable {
  package var path: String
  package var size: TileSize
  package var crop: TileCrop?
  package var zoom: PictureCrop?
  package var painted: Bool

  package init(
    path: String, size: TileSize, crop: TileCrop?, zoom: PictureCrop? = nil, painted: Bool = false
  ) {
    self.painted = painted
    self.path = path
    self.size = size
    self.crop = crop
    self.zoom = zoom
  }

  /// The key of the picture `request` asks for.
  package init(_ request: PictureRequest) {
    self.init(
      path: request.path, size: request.tile.size, crop: request.visible, zoom: request.zoom,
      painted: request.paintsClipping)
  }
}

/// The finished pictures in pixels the screen draws from, by picture, box and crop.
///
/// Unlike cell art, a picture of another size never stands in while the right one
/// comes: it would cover other cells than its tile's.
package struct PictureShelf: Sendable {
  private var results: [PictureKey: PictureResult] = [:]

  package init() {}

  /// Keeps `result` for `key`. A preview never replaces the picture itself (it can
  /// arrive last when both race).
  package mutating func insert(_ result: PictureResult, for key: PictureKey) {
    if result.isPreview, let held = results[key], !held.isPreview { return }
    results[key] = result
  }

  /// The result for `key`, if any.
  package func result(for key: PictureKey) -> PictureResult? { results[key] }

  /// Whether the picture for `key` is on the shelf.
  package func contains(_ key: PictureKey) -> Bool { results[key] != nil }

  /// Whether the picture for `key` is on the shelf and final: not a preview.
  package func hasFinal(_ key: PictureKey) -> Bool {
    results[key].map { !$0.isPreview } ?? false
  }

  /// Forgets every picture no want asks for, but the plain or painted twin of each
  /// wanted one, which stands in while the other comes (`J`). O(shelf).
  package mutating func prune(keeping wants: [ThumbnailWant]) {
    var keep = Set<PictureKey>()
    for want in wants {
      var key = want.pictureKey
      keep.insert(key)
      key.painted.toggle()
      keep.insert(key)
    }
    results = results.filter { keep.contains($0.key) }
  }

  /// Forgets every picture of the file at `path` (it was rewritten). O(shelf).
  package mutating func remove(path: String) {
    results = results.filter { $0.key.path != path }
  }

  /// The number of pictures held.
  package var count: Int { results.count }
}

extension PictureResult {
  /// What the result says about its picture, without the pixels.
  package var outcome: ThumbnailOutcome {
    switch self {
    case .image(_, let metadata, let partial): .ready(metadata: metadata, isPartial: partial)
    case .failed(let error): .failed(error)
    }
  }
}
