import FoundationEssentials
import Glibc
import Pictures

/// Pictures to cell art off the main thread: pool, memory caches and disk cache.
///
/// `request` answers from the cell-art cache at once when it can; otherwise a
/// worker decodes (or takes a small decoded copy from memory or disk), renders,
/// and calls `onCompletion` on its own thread. The app turns that call into an
/// event that wakes its loop; it must not touch UI state from there.
package final class ThumbnailPipeline: Sendable {
  /// Called once per finished request, from a worker thread.
  package typealias Completion = @Sendable (ThumbnailRequest, ThumbnailResult) -> Void

  /// Called once per finished picture request, from a worker thread.
  package typealias PictureCompletion = @Sendable (PictureRequest, PictureResult) -> Void

  let configuration: ThumbnailConfiguration
  let pool: WorkerPool<Job>
  let decoded: ByteLimitedLRU<String, SmallCopy>
  /// Large copies for zoomed pictures, apart from the small ones: a cap of their own, so a
  /// zoomed picture never pushes out more than the shared budget makes it.
  let zoomed: ByteLimitedLRU<String, SmallCopy>
  /// Parts of zoomed JPEGs, decoded around what was on screen, so panning decodes again
  /// only past their edges; under the zoomed copies' cap.
  let zoomedParts: ByteLimitedLRU<String, ZoomedPart>
  let art: ByteLimitedLRU<ThumbnailRequest, ThumbnailResult>
  let pictures: ByteLimitedLRU<PictureRequest, PictureResult>
  /// The caches' bytes together, within `configuration.memory`.
  package let memory: MemoryLedger
  let identifiers: ImageIdentifiers
  private let onCompletion: Completion

  /// A unit of the pool's work: a thumbnail, a picture's details, or a picture
  /// in pixels.
  enum Job: Hashable, Sendable {
    case thumbnail(ThumbnailRequest, Stage)
    case description(path: String)
    case analysis(path: String)
    case animation(ThumbnailRequest)
    case picture(PictureRequest, Stage)
  }

  /// The steps of a request: what is quick (drawn art on disk, a decoded copy, a
  /// preview), then decoding.
  enum Stage: Hashable, Sendable {
    case quick
    case decode
  }

  /// A decoded picture kept small: enough for thumbnails, so a resize re-renders
  /// without decoding. `isReduced` says it is smaller than the original, or a drawing
  /// (SVG) rendered for one box, which a larger box renders again.
  struct SmallCopy: Sendable {
    var image: PixelImage
    var metadata: ImageMetadata?
    var isPartial: Bool
    var isReduced: Bool
    /// The file's identity (`ArtDiskCache.identity`) read before the bytes the copy came
    /// from; nil when unknown. A copy of another identity than the file's is of an older
    /// version of it: a decode that ran while the file was turned, finished after the
    /// memory was cleared of it.
    var identity: String? = nil
  }

  package init(configuration: ThumbnailConfiguration = .init(), onCompletion: @escaping Completion)
  {
    self.configuration = configuration
    let threads =
      configuration.threadCount > 0
      ? configuration.threadCount : ProcessInfo.processInfo.activeProcessorCount
    pool = WorkerPool(threadCount: threads)
    memory = MemoryLedger(budget: configuration.memory)
    decoded = ByteLimitedLRU(capacity: configuration.decodedCacheBytes, ledger: memory)
    zoomed = ByteLimitedLRU(capacity: configuration.zoomedCacheBytes, ledger: memory)
    zoomedParts = ByteLimitedLRU(capacity: configuration.zoomedCacheBytes, ledger: memory)
    art = ByteLimitedLRU(capacity: configuration.artCacheBytes, ledger: memory)
    pictures = ByteLimitedLRU(capacity: configuration.pictureCacheBytes, ledger: memory)
    identifiers = ImageIdentifiers(
      limit: configuration.pictureIDLimit, first: configuration.firstPictureID)
    self.onCompletion = onCompletion
  }

  deinit { pool.shutdown() }

  /// The finished result for `request` if cached; nil means ask with `request(_:priority:)`.
  package func cachedResult(for request: ThumbnailRequest) -> ThumbnailResult? {
    art.value(for: request)
  }

  /// Queues `request`; larger `priority` first (visible pictures above prefetch).
  /// A request already cached in memory completes at once on the calling thread.
  ///
  /// Work comes in two steps. The quick one (queued `quickBoost` above `priority`, so the
  /// quick steps of everything asked go before any decoding) finds drawn art on disk, or
  /// draws from a decoded copy in memory or a freedesktop thumbnail, and otherwise, when
  /// `preview` allows, draws the file's embedded preview (`EmbeddedPreview`) and completes
  /// with art whose `isPreview` is set. Then, unless a final result came, the decoding
  /// step follows at `priority`: the file is decoded and the art completes again, in the
  /// same box and fit. So `onCompletion` runs once, or twice with a preview first. Previews
  /// are never cached.
  package func request(_ request: ThumbnailRequest, priority: Int, preview: Bool = true) {
    if let result = art.value(for: request) {
      onCompletion(request, result)
      return
    }
    twoSteps(
      .thumbnail(request, .quick), then: .thumbnail(request, .decode), priority: priority,
      quick: { [self] in quickResult(request, preview: preview) }, isPreview: \.isPreview,
      decode: { [self] in produce(request, isCancelled: $0) },
      completion: { [self] in onCompletion(request, $0) })
  }

  /// Queues a request's quick step under `quickKey` (`quickBoost` above `priority`) and,
  /// unless it finished the request, its decoding step under `decodeKey` after it;
  /// `completion` gets each result of a step that was not cancelled.
  private func twoSteps<Result>(
    _ quickKey: Job, then decodeKey: Job, priority: Int, quick: @escaping @Sendable () -> Result?,
    isPreview: @escaping @Sendable (Result) -> Bool,
    decode: @escaping @Sendable (_ isCancelled: () -> Bool) -> Result?,
    completion: @escaping @Sendable (Result) -> Void
  ) {
    pool.submit(
      quickKey, priority: priority + Self.quickBoost,
      background: priority <= Self.backgroundPriority
    ) { [self] isCancelled in
      guard !isCancelled() else { return }
      let result = quick()
      guard !isCancelled() else { return }
      if let result {
        completion(result)
        if !isPreview(result) { return }
      }
      pool.followUp(from: quickKey, with: decodeKey, priorityOffset: -Self.quickBoost) {
        isCancelled in
        guard !isCancelled(), let result = decode(isCancelled), !isCancelled() else { return }
        completion(result)
      }
    }
  }

  /// How far above its own priority a request's quick step is queued.
  package static let quickBoost = 100

  /// Requests at this priority or below are work ahead of need (decoding ahead while the
  /// user is idle): they run on one thread fewer than the others (`WorkerPool`), so a
  /// key's frame never shares the last core with them.
  package static let backgroundPriority = 0

  /// Reads the details of the picture at `path` (its header and EXIF, no pixels) on a
  /// worker and hands them to `completion` there. Not cancelled by `cancelAll(except:)`:
  /// it is cheap, and asked once per picture.
  package func describe(
    path: String, priority: Int,
    completion: @escaping @Sendable (String, Result<ImageMetadata, ThumbnailError>) -> Void
  ) {
    let decoder = configuration.decoder
    pool.submit(.description(path: path), priority: priority) { _ in
      completion(path, Result { () throws(ThumbnailError) in try decoder.metadata(path: path) })
    }
  }

  /// Measures the picture at `path` (its histogram, clipping and sharpness, over `focus`
  /// when given: `PictureAnalyzer`) and hands the result to `completion`.
  package func analyze(
    path: String, focus: FocusRegion?, priority: Int,
    completion: @escaping @Sendable (String, Result<PictureAnalysis, ThumbnailError>) -> Void
  ) {
    let analyzer = PictureAnalyzer(decoder: configuration.decoder)
    pool.submit(.analysis(path: path), priority: priority) { _ in
      completion(path, analyzer.analyze(path: path, focus: focus))
    }
  }

  /// The encoded picture for `request` if cached; nil means ask with
  /// `requestPicture(_:priority:completion:)`.
  package func cachedPicture(for request: PictureRequest) -> PictureResult? {
    pictures.value(for: request)
  }

  /// Queues a picture in pixels: drawn on disk already, or decoded (or from the memory
  /// and disk caches, shared with the cell art), fitted into the tile at its exact pixel
  /// size, encoded for the request's protocol with a fresh image id, and cached by bytes.
  /// Each distinct request gets its own `TerminalImage`; the same request gets the same
  /// one while it stays cached.
  ///
  /// The same two steps as `request(_:priority:preview:)`: with `preview` allowed, a
  /// picture with an embedded preview completes first with an image made from it
  /// (`isPreview`), then again with the picture itself. `completion` runs on a worker
  /// thread (at once on the calling thread when cached).
  package func requestPicture(
    _ request: PictureRequest, priority: Int, preview: Bool = true,
    completion: @escaping PictureCompletion
  ) {
    if let result = pictures.value(for: request) {
      completion(request, result)
      return
    }
    twoSteps(
      .picture(request, .quick), then: .picture(request, .decode), priority: priority,
      quick: { [self] in quickPicture(request, preview: preview) }, isPreview: \.isPreview,
      decode: { [self] in producePicture(request, isCancelled: $0) },
      completion: { completion(request, $0) })
  }

  /// Moves a request up or down (it scrolled into or out of view): whichever of its
  /// steps waits, and the decoding step a running quick step will queue.
  package func reprioritize(_ request: ThumbnailRequest, priority: Int) {
    let background = priority <= Self.backgroundPriority
    pool.reprioritize(
      .thumbnail(request, .quick), priority: priority + Self.quickBoost, background: background)
    pool.reprioritize(.thumbnail(request, .decode), priority: priority, background: background)
  }

  /// Moves a picture request up or down.
  package func reprioritize(_ request: PictureRequest, priority: Int) {
    let background = priority <= Self.backgroundPriority
    pool.reprioritize(
      .picture(request, .quick), priority: priority + Self.quickBoost, background: background)
    pool.reprioritize(.picture(request, .decode), priority: priority, background: background)
  }

  /// Cancels work for every thumbnail request not in `visible` (pictures scrolled away).
  /// Animations, details and picture requests are left alone: they have their own ways
  /// to stop.
  package func cancelAll(except visible: Set<ThumbnailRequest>) {
    pool.cancelAll { job in
      guard case .thumbnail(let request, _) = job else { return false }
      return !visible.contains(request)
    }
  }

  /// Cancels work for every thumbnail request not in `visible` and every
  /// picture request not in `visiblePictures`.
  package func cancelAll(
    except visible: Set<ThumbnailRequest>, pictures visiblePictures: Set<PictureRequest>
  ) {
    pool.cancelAll { job in
      switch job {
      case .thumbnail(let request, _): return !visible.contains(request)
      case .picture(let request, _): return !visiblePictures.contains(request)
      case .description, .analysis, .animation: return false
      }
    }
  }

  /// Holds the decoding threads at their next pause point until `resume()`; see
  /// `WorkerPool.hold()`. Calls nest.
  package func pause() { pool.hold() }

  /// Ends one `pause()`.
  package func resume() { pool.release() }

  /// Cancels the work for one request.
  package func cancel(_ request: ThumbnailRequest) {
    pool.cancel(.thumbnail(request, .quick))
    pool.cancel(.thumbnail(request, .decode))
  }

  /// Cancels the work for one picture request.
  package func cancel(_ request: PictureRequest) {
    pool.cancel(.picture(request, .quick))
    pool.cancel(.picture(request, .decode))
  }

  /// Forgets everything cached in memory about `path` (the file changed).
  package func invalidate(path: String) {
    decoded.removeAll { $0 == path }
    zoomed.removeAll { $0 == path }
    zoomedParts.removeAll { $0 == path }
    configuration.likenessTap?.forget(path)
    art.removeAll { $0.path == path }
    pictures.removeAll { $0.path == path }
  }

  /// Stops the workers; pending requests never complete.
  package func shutdown() { pool.shutdown() }
}
