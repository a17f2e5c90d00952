import Foundation
import GalleryRuntime
import Pictures
import SystemSupport
import TerminalKit
import Thumbnails

/// A thumbnail service whose results come when the test says: it records requests, and
/// answers from `memory` as the real pipeline answers from its caches.
final class FakeThumbnails: ThumbnailService {
  private struct Record {
    var requests: [ThumbnailRequest] = []
    var described: [String] = []
    var analyzed: [String] = []
    var memory: [ThumbnailRequest: ThumbnailResult] = [:]
    var pauses = 0
    var isShutDown = false
    var animations: [ThumbnailRequest] = []
    var pictures: [PictureRequest] = []
    var cancelledAnimations: [ThumbnailRequest] = []
    var priorities: [ThumbnailRequest: Int] = [:]
    var previews: [ThumbnailRequest: Bool] = [:]
    var kept: Set<ThumbnailRequest>?
    var reprioritized: [(ThumbnailRequest, Int)] = []
  }

  private let animationCompletion = Locked<
    (@Sendable (ThumbnailRequest, Result<AnimationPart, ThumbnailError>) -> Void)?
  >(nil)

  private let record = Locked(Record())
  private let completion: ThumbnailPipeline.Completion

  init(completion: @escaping ThumbnailPipeline.Completion) { self.completion = completion }

  /// Every request sent to the service, in order.
  var requests: [ThumbnailRequest] { record.withLock { $0.requests } }
  /// The paths whose details were asked for.
  var described: [String] { record.withLock { $0.described } }
  var analyzed: [String] { record.withLock { $0.analyzed } }
  /// Whether `shutdown()` was called.
  var isShutDown: Bool { record.withLock { $0.isShutDown } }
  /// The pictures in pixels asked for.
  var pictures: [PictureRequest] { record.withLock { $0.pictures } }
  /// The animations asked for, and those cancelled.
  var animations: [ThumbnailRequest] { record.withLock { $0.animations } }
  var cancelledAnimations: [ThumbnailRequest] { record.withLock { $0.cancelledAnimations } }
  /// Pauses not yet resumed.
  var pauses: Int { record.withLock { $0.pauses } }

  /// Puts `result` in memory for `request`, as if an earlier visit had rendered it.
  func remember(_ result: ThumbnailResult, for request: ThumbnailRequest) {
    record.withLock { $0.memory[request] = result }
  }

  /// Finishes `request` with `result` from another thread, as a worker does.
  func complete(_ request: ThumbnailRequest, with result: ThumbnailResult) {
    let completion = self.completion
    Thread.detachNewThread { completion(request, result) }
  }

  func cachedResult(for request: ThumbnailRequest) -> ThumbnailResult? {
    record.withLock { $0.memory[request] }
  }

  func request(_ request: ThumbnailRequest, priority: Int, preview: Bool) {
    record.withLock {
      $0.requests.append(request)
      $0.priorities[request] = priority
      $0.previews[request] = preview
    }
  }

  func reprioritize(_ request: ThumbnailRequest, priority: Int) {
    record.withLock {
      $0.priorities[request] = priority
      $0.reprioritized.append((request, priority))
    }
  }

  func reprioritize(_ request: PictureRequest, priority: Int) {}

  /// The priority each request was last asked or moved at.
  var priorities: [ThumbnailRequest: Int] { record.withLock { $0.priorities } }
  /// Whether each request allowed a preview.
  var previews: [ThumbnailRequest: Bool] { record.withLock { $0.previews } }
  /// The requests the last `cancelAll` kept (all others were cancelled); nil before any.
  var kept: Set<ThumbnailRequest>? { record.withLock { $0.kept } }
  /// The requests moved up or down, in order.
  var reprioritized: [(ThumbnailRequest, Int)] { record.withLock { $0.reprioritized } }

  func describe(
    path: String, priority: Int,
    completion: @escaping @Sendable (String, Result<ImageMetadata, ThumbnailError>) -> Void
  ) {
    record.withLock { $0.described.append(path) }
  }

  func analyze(
    path: String, focus: FocusRegion?, priority: Int,
    completion: @escaping @Sendable (String, Result<PictureAnalysis, ThumbnailError>) -> Void
  ) {
    record.withLock { $0.analyzed.append(path) }
  }

  func animate(
    _ request: ThumbnailRequest, priority: Int,
    completion:
      @escaping @Sendable (ThumbnailRequest, Result<AnimationPart, ThumbnailError>) ->
      Void
  ) {
    record.withLock { $0.animations.append(request) }
    animationCompletion.withLock { $0 = completion }
  }

  func cancelAnimation(_ request: ThumbnailRequest) {
    record.withLock { $0.cancelledAnimations.append(request) }
  }

  /// Hands `part` to the last animation asked for, from another thread.
  func sendAnimation(_ part: AnimationPart) {
    guard let completion = animationCompletion.withLock({ $0 }),
      let request = animations.last
    else { return }
    Thread.detachNewThread { completion(request, .success(part)) }
  }

  /// A video the runtime asked to play: what it asked, and what it did with the player.
  final class FakeVideo: VideoPlaying {
    let path: String
    let inPixels: Bool
    private let deliver: @Sendable (VideoPlayerEvent) -> Void
    private let calls = Locked<[String]>([])

    init(path: String, inPixels: Bool, deliver: @escaping @Sendable (VideoPlayerEvent) -> Void) {
      self.path = path
      self.inPixels = inPixels
      self.deliver = deliver
    }

    /// `pause`, `play`, `shown`, `stop`, in order.
    var log: [String] { calls.withLock { $0 } }
    func setPaused(_ paused: Bool) { calls.withLock { $0.append(paused ? "pause" : "play") } }
    func frameShown() { calls.withLock { $0.append("shown") } }
    func stop() { calls.withLock { $0.append("stop") } }
    /// Reports `event` from another thread, as a player does.
    func send(_ event: VideoPlayerEvent) {
      let deliver = self.deliver
      Thread.detachNewThread { deliver(event) }
    }
  }

  private let videoPlayers = Locked<[FakeVideo]>([])
  /// The videos asked to play, in order.
  var videos: [FakeVideo] { videoPlayers.withLock { $0 } }

  func playVideo(
    _ request: ThumbnailRequest, from start: Double,
    deliver: @escaping @Sendable (VideoPlayerEvent) -> Void
  ) -> any VideoPlaying {
    let video = FakeVideo(path: request.path, inPixels: false, deliver: deliver)
    videoPlayers.withLock { $0.append(video) }
    return video
  }

  func playVideo(
    _ request: PictureRequest, from start: Double,
    deliver: @escaping @Sendable (VideoPlayerEvent) -> Void
  ) -> any VideoPlaying {
    let video = FakeVideo(path: request.path, inPixels: true, deliver: deliver)
    videoPlayers.withLock { $0.append(video) }
    return video
  }

  func cachedPicture(for request: PictureRequest) -> PictureResult? { nil }

  func requestPicture(
    _ request: PictureRequest, priority: Int, preview: Bool,
    completion: @escaping @Sendable (PictureRequest, PictureResult) -> Void
  ) {
    record.withLock { $0.pictures.append(request) }
  }

  func cancelAll(except visible: Set<ThumbnailRequest>, pictures: Set<PictureRequest>) {
    record.withLock { $0.kept = visible }
  }
  func invalidate(path: String) {}
  func pause() { record.withLock { $0.pauses += 1 } }
  func resume() { record.withLock { $0.pauses -= 1 } }
  func shutdown() { record.withLock { $0.isShutDown = true } }
}

extension ThumbnailResult {
  /// The cell art, nil for a failure.
  var art: CellArt? {
    if case .art(let art, _, _) = self { return art }
    return nil
  }

  /// Cell art of `size` filled with one colour: easy to find on a screen.
  static func solid(_ size: TileSize, color: Color = .rgb(200, 40, 40)) -> ThumbnailResult {
    let cells = Array(
      repeating: Cell("█", style: Style(foreground: color)), count: size.columns * size.rows)
    let fit = CellFit(column: 0, row: 0, columns: size.columns, rows: size.rows)
    return .art(CellArt(size: size, fit: fit, cells: cells), metadata: nil, isPartial: false)
  }
}
