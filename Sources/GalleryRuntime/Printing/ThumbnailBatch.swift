import Dispatch
import Gallery
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
