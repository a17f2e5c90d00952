import Dispatch
import Gallery
import Pictures
import SystemSupport
import Thumbnails

/// What the screen learns of each picture of a printed gallery by drawing it, for a
/// document that shows no pictures (`--format json`): why it is broken, a video's length.
///
/// Each picture is decoded as its tile would be (the same request, so the drawn-art cache
/// on disk answers for pictures seen before), on every core, and only the outcome is
/// kept, never the art: a sound-only video, a cut raw file or video is broken here as
/// on the screen, which its first bytes alone do not tell.
enum PrintDescriptions {
  /// Each wanted picture's outcome, the path first, in no order.
  static func outcomes(
    of wants: [ThumbnailWant], appearance: Appearance, configuration: ThumbnailConfiguration
  ) -> [(path: String, outcome: ThumbnailOutcome)] {
    var configuration = configuration
    configuration.decodedCacheBytes = 0
    configuration.artCacheBytes = 0
    let found = Locked<[(path: String, outcome: ThumbnailOutcome)]>([])
    let group = DispatchGroup()
    let pipeline = ThumbnailPipeline(configuration: configuration) { request, result in
      found.withLock { $0.append((request.path, result.outcome)) }
      group.leave()
    }
    var asked = Set<ThumbnailRequest>()
    for want in wants {
      let request = want.request(in: appearance)
      guard asked.insert(request).inserted else { continue }
      group.enter()
      pipeline.request(request, priority: 1, preview: false)
    }
    group.wait()
    pipeline.shutdown()
    return found.withLock { $0 }
  }
}
