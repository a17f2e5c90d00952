import Gallery
import Pictures
import Thumbnails

/// What the runtime needs of the thumbnail pipeline; the tests put a fake in its place to
/// decide when results arrive.
package protocol ThumbnailService: Sendable {
  /// The finished result for `request` if it is in memory; nil means ask for it.
  func cachedResult(for request: ThumbnailRequest) -> ThumbnailResult?
  /// Queues `request` (larger `priority` first); the result comes back through the
  /// completion the service was made with, on another thread: with `preview`, first the
  /// picture's embedded preview when it has one (`isPreview`), then the picture.
  func request(_ request: ThumbnailRequest, priority: Int, preview: Bool)
  /// Moves a request not yet finished up or down.
  func reprioritize(_ request: ThumbnailRequest, priority: Int)
  /// Reads the details of the picture at `path` (no pixels) and hands them to `completion`.
  func describe(
    path: String, priority: Int,
    completion: @escaping @Sendable (String, Result<ImageMetadata, ThumbnailError>) -> Void)
  /// Measures the picture at `path` (histogram, clipping, sharpness over `focus`) and
  /// hands the result to `completion`.
  func analyze(
    path: String, focus: FocusRegion?, priority: Int,
    completion: @escaping @Sendable (String, Result<PictureAnalysis, ThumbnailError>) -> Void)
  /// Decodes the animation of `request.path` and draws its frames in `request.size`,
  /// handing them to `completion` in parts.
  func animate(
    _ request: ThumbnailRequest, priority: Int,
    completion:
      @escaping @Sendable (ThumbnailRequest, Result<AnimationPart, ThumbnailError>) ->
      Void)
  /// Stops the animation work for `request`.
  func cancelAnimation(_ request: ThumbnailRequest)
  /// Plays the video at `request.path` muted as cell art in `request.size`, from `start`
  /// seconds in; `deliver` gets each frame as it is due, on another thread.
  func playVideo(
    _ request: ThumbnailRequest, from start: Double,
    deliver: @escaping @Sendable (VideoPlayerEvent) -> Void
  ) -> any VideoPlaying
  /// Plays the video at `request.path` muted as pictures in pixels for its protocol.
  func playVideo(
    _ request: PictureRequest, from start: Double,
    deliver: @escaping @Sendable (VideoPlayerEvent) -> Void
  ) -> any VideoPlaying
  /// The finished picture in pixels for `request` if it is in memory.
  func cachedPicture(for request: PictureRequest) -> PictureResult?
  /// Queues a picture in pixels; `completion` gets it on another thread (at once when
  /// cached).
  func requestPicture(
    _ request: PictureRequest, priority: Int, preview: Bool,
    completion: @escaping @Sendable (PictureRequest, PictureResult) -> Void)
  /// Moves a picture request not yet finished up or down.
  func reprioritize(_ request: PictureRequest, priority: Int)
  /// Cancels the work for every thumbnail request not in `visible` and every picture
  /// request not in `pictures`.
  func cancelAll(except visible: Set<ThumbnailRequest>, pictures: Set<PictureRequest>)
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
