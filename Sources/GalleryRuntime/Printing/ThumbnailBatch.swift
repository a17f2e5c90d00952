import Dispatch
import Gallery
import TerminalKit
import Thumbnails

/// Renders a list of thumbnails through a pipeline and waits for all of them: the
/// thumbnails of `--print`, decoded in parallel on the pipeline's workers.
public enum ThumbnailBatch {
  /// The shelf holding every wanted thumbnail (or its failure).
  public static func render(
    _ wants: [ThumbnailWant], configuration: ThumbnailConfiguration, appearance: Appearance
  ) -> ThumbnailShelf {
    let collected = Locked<[(ThumbnailWant, ThumbnailResult)]>([])
    let group = DispatchGroup()
    let byRequest = Dictionary(
      wants.map { ($0.request(in: appearance), $0) }, uniquingKeysWith: { a, _ in a })
    // Each picture is rendered once and the shelf keeps the art, so the pipeline's
    // memory caches would only hold every decoded copy to the end: peak memory.
    var configuration = configuration
    configuration.decodedCacheBytes = 0
    configuration.artCacheBytes = 0
    let pipeline = ThumbnailPipeline(configuration: configuration) { request, result in
      if let want = byRequest[request] { collected.withLock { $0.append((want, result)) } }
      group.leave()
    }
    for (request, want) in byRequest {
      group.enter()
      pipeline.request(request, priority: want.priority.rawValue)
    }
    group.wait()
    pipeline.shutdown()
    var shelf = ThumbnailShelf()
    for (want, result) in collected.withLock({ $0 }) {
      shelf.insert(result, path: want.path, size: want.size)
    }
    return shelf
  }
}

extension ThumbnailBatch {
  /// The shelf holding every wanted picture in pixels (or its failure), encoded in the
  /// appearance's protocol at cells of `cell` pixels.
  public static func renderPictures(
    _ wants: [ThumbnailWant], configuration: ThumbnailConfiguration, appearance: Appearance,
    cell: CellPixelSize
  ) -> PictureShelf {
    let collected = Locked<[(PictureRequest, PictureResult)]>([])
    let group = DispatchGroup()
    var configuration = configuration
    configuration.decodedCacheBytes = 0
    configuration.pictureCacheBytes = 0
    let pipeline = ThumbnailPipeline(configuration: configuration) { _, _ in }
    var asked = Set<PictureRequest>()
    for want in wants {
      guard let request = want.pictureRequest(in: appearance, cell: cell),
        asked.insert(request).inserted
      else { continue }
      group.enter()
      pipeline.requestPicture(request, priority: want.priority.rawValue) { request, result in
        collected.withLock { $0.append((request, result)) }
        group.leave()
      }
    }
    group.wait()
    pipeline.shutdown()
    var shelf = PictureShelf()
    for (request, result) in collected.withLock({ $0 }) {
      shelf.insert(
        result, for: PictureKey(request))
    }
    return shelf
  }
}
