import Thumbnails

/// The finished thumbnails the screen draws from, by picture and box size.
///
/// A value the run loop fills as results arrive; `render` only reads it. Besides exact
/// sizes it remembers each picture's latest result, which stands in (centred, cut to
/// the box) while a resize waits for the new size: no flash of placeholders.
public struct ThumbnailShelf: Sendable {
  private var results: [Key: ThumbnailResult] = [:]
  private var latest: [String: TileSize] = [:]

  struct Key: Hashable, Sendable {
    var path: String
    var size: TileSize
  }

  public init() {}

  /// Keeps `result` for the picture at `path` in a box of `size`. Art of the picture
  /// replaces its preview in place (same box, same fit: nothing moves); a preview never
  /// replaces the picture's art.
  public mutating func insert(_ result: ThumbnailResult, path: String, size: TileSize) {
    let key = Key(path: path, size: size)
    if result.isPreview, let held = results[key], !held.isPreview { return }
    results[key] = result
    latest[path] = size
  }

  /// The result for exactly this picture and box, if any.
  public func result(path: String, size: TileSize) -> ThumbnailResult? {
    results[Key(path: path, size: size)]
  }

  /// The result for this box, else the picture's latest result at another size.
  public func bestResult(path: String, size: TileSize) -> ThumbnailResult? {
    if let exact = results[Key(path: path, size: size)] { return exact }
    return latest[path].flatMap { results[Key(path: path, size: $0)] }
  }

  /// Whether this exact thumbnail is on the shelf (perhaps a preview).
  public func contains(path: String, size: TileSize) -> Bool {
    results[Key(path: path, size: size)] != nil
  }

  /// Whether this exact thumbnail is on the shelf and final: not a preview.
  public func hasFinal(path: String, size: TileSize) -> Bool {
    results[Key(path: path, size: size)].map { !$0.isPreview } ?? false
  }

  /// Forgets everything but the wanted thumbnails and each wanted picture's latest one.
  /// O(shelf).
  public mutating func prune(keeping wants: [ThumbnailWant]) {
    var keep = Set(wants.map { Key(path: $0.path, size: $0.size) })
    for want in wants {
      if let size = latest[want.path] { keep.insert(Key(path: want.path, size: size)) }
    }
    results = results.filter { keep.contains($0.key) }
    let paths = Set(wants.map(\.path))
    latest = latest.filter { paths.contains($0.key) }
  }

  /// Forgets every thumbnail of the picture at `path` (its file was rewritten). O(shelf).
  public mutating func remove(path: String) {
    results = results.filter { $0.key.path != path }
    latest[path] = nil
  }

  /// The number of thumbnails held.
  public var count: Int { results.count }
}
