import Dispatch
import Gallery
import Pictures
import SystemSupport
import TerminalKit
import Thumbnails

/// Renders a list of pictures in pixels through a pipeline and waits for all of them:
/// the pictures of `--print --graphics`, decoded in parallel on the pipeline's workers.
/// (Cell art prints as a stream: `PrintStream`.)
package enum ThumbnailBatch {}

extension ThumbnailBatch {
  /// The shelf holding every wanted picture in pixels (or its failure), encoded in the
  /// appearance's protocol at cells of `cell` pixels.
  package static func renderPictures(
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
      // No previews: a printed picture is final.
      pipeline.requestPicture(request, priority: want.priority.rawValue, preview: false) {
        request, result in
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
