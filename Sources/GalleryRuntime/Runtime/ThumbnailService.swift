import Gallery
import Thumbnails

/// What the runtime needs of the thumbnail pipeline; the tests put a fake in its place to
/// decide when results arrive.
public protocol ThumbnailService: Sendable {
  /// The finished result for `request` if it is in memory; nil means ask for it.
  func cachedResult(for request: ThumbnailRequest) -> ThumbnailResult?
  /// Queues `request` (larger `priority` first); the result comes back through the
  /// completion the service was made with, on another thread.
  func request(_ request: ThumbnailRequest, priority: Int)
  /// Reads the details of the picture at `path` (no pixels) and hands them to `completion`.
  func describe(
    path: String, priority: Int,
    completion: @escaping @Sendable (String, Result<ImageMetadata, ThumbnailError>) -> Void)
  /// Cancels the work for every thumbnail request not in `visible`.
  func cancelAll(except visible: Set<ThumbnailRequest>)
  /// Forgets what is cached about `path` (its file was rewritten).
  func invalidate(path: String)
  /// Holds the decoding threads while the user waits for a frame; calls nest.
  func pause()
  /// Ends one `pause()`.
  func resume()
  /// Stops the workers.
  func shutdown()
}

extension ThumbnailPipeline: ThumbnailService {}
