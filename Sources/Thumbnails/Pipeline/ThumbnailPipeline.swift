import Foundation

/// Pictures to cell art off the main thread: pool, memory caches and disk cache.
///
/// `request` answers from the cell-art cache at once when it can; otherwise a
/// worker decodes (or takes a small decoded copy from memory or disk), renders,
/// and calls `onCompletion` on its own thread. The app turns that call into an
/// event that wakes its loop; it must not touch UI state from there.
public final class ThumbnailPipeline: Sendable {
  /// Called once per finished request, from a worker thread.
  public typealias Completion = @Sendable (ThumbnailRequest, ThumbnailResult) -> Void

  /// Called once per finished picture request, from a worker thread.
  public typealias PictureCompletion = @Sendable (PictureRequest, PictureResult) -> Void

  let configuration: ThumbnailConfiguration
  let pool: WorkerPool<Job>
  private let decoded: ByteLimitedLRU<String, SmallCopy>
  /// Large copies for zoomed pictures, apart so they never push out the small ones.
  let zoomed: ByteLimitedLRU<String, SmallCopy>
  private let art: ByteLimitedLRU<ThumbnailRequest, ThumbnailResult>
  private let pictures: ByteLimitedLRU<PictureRequest, PictureResult>
  private let identifiers: ImageIdentifiers
  private let onCompletion: Completion

  /// A unit of the pool's work: a thumbnail, a picture's details, or a picture
  /// in pixels.
  enum Job: Hashable, Sendable {
    case thumbnail(ThumbnailRequest)
    case description(path: String)
    case animation(ThumbnailRequest)
    case picture(PictureRequest)
  }

  /// A decoded picture kept small: enough for thumbnails, so a resize re-renders
  /// without decoding. `isReduced` says it is smaller than the original.
  struct SmallCopy: Sendable {
    var image: PixelImage
    var metadata: ImageMetadata?
    var isPartial: Bool
    var isReduced: Bool
  }

  public init(configuration: ThumbnailConfiguration = .init(), onCompletion: @escaping Completion) {
    self.configuration = configuration
    let threads =
      configuration.threadCount > 0
      ? configuration.threadCount : ProcessInfo.processInfo.activeProcessorCount
    pool = WorkerPool(threadCount: threads)
    decoded = ByteLimitedLRU(capacity: configuration.decodedCacheBytes)
    zoomed = ByteLimitedLRU(capacity: configuration.zoomedCacheBytes)
    art = ByteLimitedLRU(capacity: configuration.artCacheBytes)
    pictures = ByteLimitedLRU(capacity: configuration.pictureCacheBytes)
    identifiers = ImageIdentifiers(
      limit: configuration.pictureIDLimit, first: configuration.firstPictureID)
    self.onCompletion = onCompletion
  }

  deinit { pool.shutdown() }

  /// The finished result for `request` if cached; nil means ask with `request(_:priority:)`.
  public func cachedResult(for request: ThumbnailRequest) -> ThumbnailResult? {
    art.value(for: request)
  }

  /// Queues `request`; larger `priority` first (visible pictures above prefetch).
  /// A request already cached completes at once on the calling thread.
  public func request(_ request: ThumbnailRequest, priority: Int) {
    if let result = art.value(for: request) {
      onCompletion(request, result)
      return
    }
    pool.submit(.thumbnail(request), priority: priority) { [self] isCancelled in
      guard !isCancelled() else { return }
      let result = produce(request, isCancelled: isCancelled)
      guard let result, !isCancelled() else { return }
      onCompletion(request, result)
    }
  }

  /// Reads the details of the picture at `path` (its header and EXIF, no pixels) on a
  /// worker and hands them to `completion` there. Not cancelled by `cancelAll(except:)`:
  /// it is cheap, and asked once per picture.
  public func describe(
    path: String, priority: Int,
    completion: @escaping @Sendable (String, Result<ImageMetadata, ThumbnailError>) -> Void
  ) {
    let decoder = configuration.decoder
    pool.submit(.description(path: path), priority: priority) { _ in
      completion(path, Result { () throws(ThumbnailError) in try decoder.metadata(path: path) })
    }
  }

  /// The encoded picture for `request` if cached; nil means ask with
  /// `requestPicture(_:priority:completion:)`.
  public func cachedPicture(for request: PictureRequest) -> PictureResult? {
    pictures.value(for: request)
  }

  /// Queues a picture in pixels: decoded (or from the memory and disk caches,
  /// shared with the cell art), fitted into the tile at its exact pixel size,
  /// encoded for the request's protocol with a fresh image id, and cached by
  /// bytes. `completion` runs once on a worker thread (at once on the calling
  /// thread when cached). Each distinct request gets its own `TerminalImage`;
  /// the same request gets the same one while it stays cached.
  public func requestPicture(
    _ request: PictureRequest, priority: Int, completion: @escaping PictureCompletion
  ) {
    if let result = pictures.value(for: request) {
      completion(request, result)
      return
    }
    pool.submit(.picture(request), priority: priority) { [self] isCancelled in
      guard !isCancelled() else { return }
      let result = producePicture(request, isCancelled: isCancelled)
      guard let result, !isCancelled() else { return }
      completion(request, result)
    }
  }

  /// Moves a waiting request up or down (it scrolled into or out of view).
  public func reprioritize(_ request: ThumbnailRequest, priority: Int) {
    pool.reprioritize(.thumbnail(request), priority: priority)
  }

  /// Moves a waiting picture request up or down.
  public func reprioritize(_ request: PictureRequest, priority: Int) {
    pool.reprioritize(.picture(request), priority: priority)
  }

  /// Cancels work for every thumbnail request not in `visible` (pictures scrolled away).
  /// Animations, details and picture requests are left alone: they have their own ways
  /// to stop.
  public func cancelAll(except visible: Set<ThumbnailRequest>) {
    pool.cancelAll { job in
      guard case .thumbnail(let request) = job else { return false }
      return !visible.contains(request)
    }
  }

  /// Cancels work for every thumbnail request not in `visible` and every
  /// picture request not in `visiblePictures`.
  public func cancelAll(
    except visible: Set<ThumbnailRequest>, pictures visiblePictures: Set<PictureRequest>
  ) {
    pool.cancelAll { job in
      switch job {
      case .thumbnail(let request): return !visible.contains(request)
      case .picture(let request): return !visiblePictures.contains(request)
      case .description, .animation: return false
      }
    }
  }

  /// Holds the decoding threads at their next pause point until `resume()`; see
  /// `WorkerPool.hold()`. Calls nest.
  public func pause() { pool.hold() }

  /// Ends one `pause()`.
  public func resume() { pool.release() }

  /// Cancels the work for one request.
  public func cancel(_ request: ThumbnailRequest) { pool.cancel(.thumbnail(request)) }

  /// Cancels the work for one picture request.
  public func cancel(_ request: PictureRequest) { pool.cancel(.picture(request)) }

  /// Forgets everything cached in memory about `path` (the file changed).
  public func invalidate(path: String) {
    decoded.removeAll { $0 == path }
    zoomed.removeAll { $0 == path }
    art.removeAll { $0.path == path }
    pictures.removeAll { $0.path == path }
  }

  /// Decodes (or reuses a copy), fits, encodes; nil when cancelled midway.
  func producePicture(_ request: PictureRequest, isCancelled: () -> Bool) -> PictureResult? {
    let copy: SmallCopy
    do {
      copy = try smallCopy(
        path: request.path, box: (request.tile.pixelWidth, request.tile.pixelHeight), sharp: true)
    } catch {
      let result = PictureResult.failed(error)
      pictures.insert(result, bytes: 64, for: request)
      return result
    }
    if isCancelled() { return nil }
    var source = copy.image
    var place: (x: Int, y: Int, width: Int, height: Int)?
    var metadata = copy.metadata
    if let zoom = request.zoom {
      do {
        (source, place, metadata) = try zoomedPart(of: copy, request: request, zoom: zoom)
      } catch {
        return .failed(error)
      }
    }
    if isCancelled() { return nil }
    let image = request.encode(source, id: identifiers.next(), at: place)
    let result = PictureResult.image(image, metadata: metadata, isPartial: copy.isPartial)
    pictures.insert(result, bytes: image.byteCount, for: request)
    return result
  }

  /// The part of the picture a zoomed tile shows, decoded at the zoomed size (kept in the
  /// zoomed cache, so panning decodes nothing), and where in the tile it goes: the same
  /// window as the cell art's, in the tile's pixels.
  private func zoomedPart(of copy: SmallCopy, request: PictureRequest, zoom: PictureCrop)
    throws(ThumbnailError) -> (
      PixelImage, (x: Int, y: Int, width: Int, height: Int), ImageMetadata?
    )
  {
    let tile = request.tile
    let fitted = tile.fit(
      width: copy.metadata?.displayWidth ?? copy.image.width,
      height: copy.metadata?.displayHeight ?? copy.image.height)
    let magnification = max(1, zoom.magnification)
    let large = try smallCopy(
      path: request.path,
      box: (
        Int((Double(fitted.width) * magnification).rounded(.up)),
        Int((Double(fitted.height) * magnification).rounded(.up))
      ), sharp: true, cache: zoomed)
    let window = zoom.window(
      fittedWidth: Double(fitted.width), fittedHeight: Double(fitted.height),
      boxWidth: Double(tile.pixelWidth), boxHeight: Double(tile.pixelHeight))
    let image = large.image
    let part = image.cropped(
      x: Int((window.sourceX * Double(image.width)).rounded(.down)),
      y: Int((window.sourceY * Double(image.height)).rounded(.down)),
      width: Int((window.sourceWidth * Double(image.width)).rounded(.up)),
      height: Int((window.sourceHeight * Double(image.height)).rounded(.up)))
    let x = max(0, min(tile.pixelWidth - 1, Int(window.x.rounded())))
    let y = max(0, min(tile.pixelHeight - 1, Int(window.y.rounded())))
    let place = (
      x: x, y: y, width: max(1, min(tile.pixelWidth - x, Int(window.width.rounded()))),
      height: max(1, min(tile.pixelHeight - y, Int(window.height.rounded())))
    )
    return (part, place, large.metadata ?? copy.metadata)
  }

  /// Stops the workers; pending requests never complete.
  public func shutdown() { pool.shutdown() }

  /// Decodes (or reuses a copy), fits and renders; nil when cancelled midway.
  func produce(_ request: ThumbnailRequest, isCancelled: () -> Bool) -> ThumbnailResult? {
    if let crop = request.crop {
      let result = produceZoomed(request, crop: crop, isCancelled: isCancelled)
      if let result { art.insert(result, bytes: result.approximateByteCount, for: request) }
      return result
    }
    let copy: SmallCopy
    do {
      copy = try smallCopy(for: request)
    } catch {
      let result = ThumbnailResult.failed(error)
      art.insert(result, bytes: 64, for: request)
      return result
    }
    if isCancelled() { return nil }
    let fit = fitting(copy, in: request.size)
    // libchafa scales the copy to the fit itself (smolscale: SIMD, area-averaging when
    // shrinking), several times faster than a pass of ours; the copy is already at
    // most a flavour or the decode's DCT scale away from the target.
    if isCancelled() { return nil }
    let cells = ChafaRenderer.render(
      copy.image, size: request.size, fit: fit, mode: request.mode, symbols: request.symbols)
    let result = ThumbnailResult.art(cells, metadata: copy.metadata, isPartial: copy.isPartial)
    art.insert(result, bytes: cells.approximateByteCount, for: request)
    return result
  }

  /// A decoded copy big enough for `request`: from memory (`cache`), disk, or the file.
  func smallCopy(for request: ThumbnailRequest, in cache: ByteLimitedLRU<String, SmallCopy>? = nil)
    throws(ThumbnailError) -> SmallCopy
  {
    // 8 pixels a column is libchafa's working resolution; a row is cellAspect times
    // as tall on screen.
    try smallCopy(
      path: request.path, box: Self.pixelBox(for: request.size, configuration),
      cache: cache ?? decoded)
  }

  /// A decoded copy of `path` big enough for a `box` of pixels. The box's
  /// longest side picks the disk flavour.
  ///
  /// `sharp` (pictures in pixels) wants every pixel of the box: only a copy at least as
  /// large serves. Cell art is drawn at 8 pixels a column, so a flavour half the box's
  /// side serves it as well.
  private func smallCopy(
    path: String, box: (width: Int, height: Int), sharp: Bool = false,
    cache: ByteLimitedLRU<String, SmallCopy>? = nil
  ) throws(ThumbnailError) -> SmallCopy {
    let decoded = cache ?? self.decoded
    let needed = max(box.0, box.1)
    let flavor =
      sharp
      ? ThumbnailDiskCache.Flavor.allCases.first { needed <= $0.side }
      : ThumbnailDiskCache.Flavor.serving(side: needed)
    // A copy of the serving flavour's size is as good as one of the box's.
    let enough = sharp ? needed : min(needed, flavor?.side ?? needed)
    if let copy = decoded.value(for: path),
      !copy.isReduced || max(copy.image.width, copy.image.height) >= enough
    {
      return copy
    }
    if let flavor,
      let cached = configuration.diskCache.load(
        path: path, flavor: flavor, background: configuration.decoder.background),
      max(cached.image.width, cached.image.height) >= enough
    {
      let image = cached.image
      var metadata: ImageMetadata?
      if let format = cached.format, let width = cached.originalWidth,
        let height = cached.originalHeight
      {
        // Displayed dimensions were stored, so orientation is already in them.
        metadata = ImageMetadata(
          format: format, originalWidth: width, originalHeight: height,
          colorProfile: cached.colorProfile, frameCount: cached.frameCount ?? 1)
      }
      let copy = SmallCopy(image: image, metadata: metadata, isPartial: false, isReduced: true)
      decoded.insert(copy, bytes: image.byteCount, for: path)
      return copy
    }
    // With the disk cache on, decode for the whole flavour so the stored thumbnail
    // is full size for file managers; without it, only what this request needs.
    let useDisk = configuration.diskCache.isEnabled ? flavor : nil
    let side = useDisk?.side ?? needed
    let target = useDisk.map { ($0.side, $0.side) } ?? box
    let result = try configuration.decoder.decode(path: path, target: target)
    var image = result.image
    let longest = max(image.width, image.height)
    if longest > side {
      let scale = Double(side) / Double(longest)
      image = image.downscaled(
        toWidth: max(1, Int((Double(image.width) * scale).rounded())),
        height: max(1, Int((Double(image.height) * scale).rounded())))
    }
    if let flavor = useDisk, !result.isPartial {
      configuration.diskCache.store(
        image, metadata: result.metadata, path: path, flavor: flavor)
    }
    let copy = SmallCopy(
      image: image, metadata: result.metadata, isPartial: result.isPartial,
      isReduced: image.width < result.metadata.displayWidth)
    decoded.insert(copy, bytes: image.byteCount, for: path)
    return copy
  }
}
