import Pictures

/// The finished thumbnails the screen draws from, by picture, box size, crop (the part a
/// zoomed view shows; nil for the whole picture) and whether the clipped areas are
/// painted.
///
/// A value the run loop fills as results arrive; `render` only reads it. Besides exact
/// sizes it remembers each picture's latest result, which stands in (centred, cut to
/// the box) while a resize waits for the new size: no flash of placeholders.
package struct ThumbnailShelf: Sendable {
  private var results: [Key: ThumbnailResult] = [:]
  private var latest: [String: Key] = [:]

  struct Key: Hashable, Sendable {
    var path: String
    var size: TileSize
    var crop: PictureCrop?
    var painted = false
  }

  package init() {}

  /// Keeps `result` for the picture at `path` in a box of `size` (cut to `crop`). Art of
  /// the picture replaces its preview in place (same box, same fit: nothing moves); a
  /// preview never replaces the picture's art.
  package mutating func insert(
    _ result: ThumbnailResult, path: String, size: TileSize, crop: PictureCrop? = nil,
    painted: Bool = false
  ) {
    let key = Key(path: path, size: size, crop: crop, painted: painted)
    if result.isPreview, let held = results[key], !held.isPreview { return }
    results[key] = result
    latest[path] = key
  }

  /// The result for exactly this picture, box and crop, if any.
  package func result(
    path: String, size: TileSize, crop: PictureCrop? = nil, painted: Bool = false
  ) -> ThumbnailResult? {
    results[Key(path: path, size: size, crop: crop, painted: painted)]
  }

  /// The result for this box and crop, else the picture's latest result at another size
  /// or crop (a zoomed view shows the last one until the new part is rendered).
  package func bestResult(
    path: String, size: TileSize, crop: PictureCrop? = nil, painted: Bool = false
  ) -> ThumbnailResult? {
    if let exact = results[Key(path: path, size: size, crop: crop, painted: painted)] {
      return exact
    }
    return latest[path].flatMap { results[$0] }
  }

  /// Whether this exact thumbnail is on the shelf (perhaps a preview).
  package func contains(
    path: String, size: TileSize, crop: PictureCrop? = nil, painted: Bool = false
  ) -> Bool {
    results[Key(path: path, size: size, crop: crop, painted: painted)] != nil
  }

  /// Whether this exact thumbnail is on the shelf and final: not a preview.
  package func hasFinal(
    path: String, size: TileSize, crop: PictureCrop? = nil, painted: Bool = false
  ) -> Bool {
    results[Key(path: path, size: size, crop: crop, painted: painted)].map { !$0.isPreview }
      ?? false
  }

  /// Forgets everything but the wanted thumbnails and each wanted picture's latest one.
  /// O(shelf).
  package mutating func prune(keeping wants: [ThumbnailWant]) {
    var keep = Set(
      wants.map { Key(path: $0.path, size: $0.size, crop: $0.crop, painted: $0.paintsClipping) })
    for want in wants {
      if let key = latest[want.path] { keep.insert(key) }
    }
    results = results.filter { keep.contains($0.key) }
    let paths = Set(wants.map(\.path))
    latest = latest.filter { paths.contains($0.key) }
  }

  /// Forgets every thumbnail of the picture at `path` (its file was rewritten). O(shelf).
  package mutating func remove(path: String) {
    results = results.filter { $0.key.path != path }
    latest[path] = nil
  }

  /// The number of thumbnails held.
  package var count: Int { results.count }
}
