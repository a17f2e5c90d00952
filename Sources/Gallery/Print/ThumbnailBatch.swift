import Dispatch
import Synchronization
import Thumbnails

/// Renders a list of thumbnails through a pipeline and waits for all of them: the
/// thumbnails of `--print`, decoded in parallel on the pipeline's workers.
public enum ThumbnailBatch {
  /// The shelf holding every wanted thumbnail (or its failure).
  public static func render(
    _ wants: [ThumbnailWant], configuration: ThumbnailConfiguration, appearance: Appearance
  ) -> ThumbnailShelf {
    let collected = Mutex<[(ThumbnailWant, ThumbnailResult)]>([])
    let group = DispatchGroup()
    let byRequest = Dictionary(
      wants.map { (request(for: $0, appearance: appearance), $0) }, uniquingKeysWith: { a, _ in a })
    let pipeline = ThumbnailPipeline(configuration: configuration) { request, result in
      if let want = byRequest[request] { collected.withLock { $0.append((want, result)) } }
      group.leave()
    }
    for (request, want) in byRequest {
      group.enter()
      pipeline.request(request, priority: want.priority)
    }
    group.wait()
    pipeline.shutdown()
    var shelf = ThumbnailShelf()
    for (want, result) in collected.withLock({ $0 }) {
      shelf.insert(result, path: want.path, size: want.size)
    }
    return shelf
  }

  /// The pipeline's request for a want, in the appearance's colours and symbols.
  public static func request(for want: ThumbnailWant, appearance: Appearance) -> ThumbnailRequest {
    ThumbnailRequest(
      path: want.path, size: want.size, mode: appearance.colorMode, symbols: appearance.symbols)
  }
}
