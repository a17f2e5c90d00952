import FoundationEssentials
import Glibc
import Pictures
import SystemSupport
import TerminalKit

/// The work behind a request's two steps: where each result comes from, cheapest first.
extension ThumbnailPipeline {
  // MARK: Cell art

  /// The quick step: drawn art from disk, art drawn from a copy in memory or a
  /// freedesktop thumbnail (final), or with `preview` the embedded preview drawn (a
  /// preview); nil when only decoding will do.
  func quickResult(_ request: ThumbnailRequest, preview: Bool) -> ThumbnailResult? {
    // A zoomed part is decoded large: nothing quick stands for it.
    guard request.crop == nil else { return nil }
    let identity = ArtDiskCache.identity(path: request.path)
    // Painted art is never on disk: the unpainted art under the same key must not stand in.
    if !request.paintsClipping, let key = identity.map({ artKey(request, identity: $0) }),
      let entry = configuration.artCache.load(key), case .cells(let cells) = entry.drawing
    {
      let result = ThumbnailResult.art(cells, metadata: entry.metadata, isPartial: false)
      art.insert(result, bytes: cells.approximateByteCount, for: request)
      return result
    }
    let box = Self.pixelBox(for: request.size, configuration)
    if let copy = cachedCopy(path: request.path, box: box) {
      return finish(request, copy: copy, identity: identity)
    }
    guard preview,
      let decoded = configuration.decoder.embeddedPreview(path: request.path, target: box)
    else { return nil }
    let copy = SmallCopy(
      image: decoded.image, metadata: decoded.metadata, isPartial: false, isReduced: true)
    return .art(
      draw(request, copy: copy, isPreview: true), metadata: decoded.metadata, isPartial: false)
  }

  /// The decoding step (and the whole of a request without a quick result): decodes (or
  /// reuses a copy), fits and renders; nil when cancelled midway. The art is cached in
  /// memory and, when whole, on disk.
  func produce(_ request: ThumbnailRequest, isCancelled: () -> Bool) -> ThumbnailResult? {
    if let crop = request.crop {
      let result = produceZoomed(request, crop: crop, isCancelled: isCancelled)
      if let result { art.insert(result, bytes: result.approximateByteCount, for: request) }
      return result
    }
    // The identity is read before the file: art is never stored under a newer identity
    // than the bytes it was drawn from.
    let identity = ArtDiskCache.identity(path: request.path)
    let copy: SmallCopy
    do {
      copy = try smallCopy(for: request)
    } catch {
      let result = ThumbnailResult.failed(error)
      art.insert(result, bytes: 64, for: request)
      return result
    }
    if isCancelled() { return nil }
    return finish(request, copy: copy, identity: identity)
  }

  /// Draws `copy` for `request`, and keeps the art in memory and on disk.
  private func finish(_ request: ThumbnailRequest, copy: SmallCopy, identity: String?)
    -> ThumbnailResult
  {
    let cells = draw(request, copy: copy, isPreview: false)
    let result = ThumbnailResult.art(cells, metadata: copy.metadata, isPartial: copy.isPartial)
    art.insert(result, bytes: cells.approximateByteCount, for: request)
    if !request.paintsClipping {
      keepOnDisk(.cells(cells), of: copy, key: identity.map { artKey(request, identity: $0) })
    }
    return result
  }

  /// Stores a drawing of `copy` on disk under `key`, when the copy is whole and says what
  /// its picture is (a preview is never kept).
  private func keepOnDisk(_ drawing: ArtArchive.Drawing, of copy: SmallCopy, key: String?) {
    guard !copy.isPartial, let metadata = copy.metadata, let key else { return }
    configuration.artCache.store(ArtArchive.Entry(drawing: drawing, metadata: metadata), key: key)
  }

  /// The cell art of `copy` in `request`'s box, fitted by the picture's displayed size
  /// (so a preview lands exactly where the picture will).
  private func draw(_ request: ThumbnailRequest, copy: SmallCopy, isPreview: Bool) -> CellArt {
    let fit = fitting(copy, in: request.size)
    // The renderer scales the copy to the fit itself (to 8×8 pixels a cell); the copy is
    // already at most a flavour or the decode's DCT scale away from that.
    let image = request.paintsClipping ? copy.image.clippingPainted(for: fit) : copy.image
    return CellArtRenderer.render(
      image, size: request.size, fit: fit, mode: request.mode, symbols: request.symbols,
      isPreview: isPreview)
  }

  /// The art disk cache's key of `request` for the file of `identity`.
  func artKey(_ request: ThumbnailRequest, identity: String) -> String {
    let background = configuration.decoder.background
    return "cells \(identity) \(request.size) \(request.mode.rawValue) \(request.symbols.rawValue)"
      + " aspect=\(NumberText.fixed(configuration.cellAspect, places: 4))"
      + " bg=\(background.red),\(background.green),\(background.blue)"
      + " art=\(CellArtRenderer.revision) thumbnails=\(ThumbnailDiskCache.revision)"
  }

  // MARK: Pictures in pixels

  /// The quick step of a picture request, as `quickResult` for cell art.
  func quickPicture(_ request: PictureRequest, preview: Bool) -> PictureResult? {
    guard request.zoom == nil else { return nil }
    let identity = ArtDiskCache.identity(path: request.path)
    if !request.paintsClipping, let key = identity.map({ pictureKey(request, identity: $0) }),
      let entry = configuration.artCache.load(key), case .picture(let encoded) = entry.drawing,
      encoded.format == request.format
    {
      let image = encoded.image(id: identifiers.next())
      let result = PictureResult.image(image, metadata: entry.metadata, isPartial: false)
      pictures.insert(result, bytes: image.byteCount, for: request)
      return result
    }
    let box = (request.tile.pixelWidth, request.tile.pixelHeight)
    if let copy = cachedCopy(path: request.path, box: box, sharp: true) {
      return finish(request, copy: copy, identity: identity)
    }
    guard preview,
      let decoded = configuration.decoder.embeddedPreview(path: request.path, target: box)
    else { return nil }
    // Drawn where the picture will be, and as large: nothing moves when it comes.
    let picture = (decoded.metadata.displayWidth, decoded.metadata.displayHeight)
    let image = request.encode(decoded.image, standingFor: picture)
      .image(id: identifiers.next(), isPreview: true)
    return .image(image, metadata: decoded.metadata, isPartial: false)
  }

  /// The decoding step of a picture request: decodes (or reuses a copy), fits, encodes;
  /// nil when cancelled midway.
  func producePicture(_ request: PictureRequest, isCancelled: () -> Bool) -> PictureResult? {
    let identity = ArtDiskCache.identity(path: request.path)
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
    guard let zoom = request.zoom else { return finish(request, copy: copy, identity: identity) }
    let part: (PixelImage, (x: Int, y: Int, width: Int, height: Int), ImageMetadata?)
    do {
      part = try zoomedPart(of: copy, request: request, zoom: zoom)
    } catch {
      return .failed(error)
    }
    if isCancelled() { return nil }
    let image = request.encode(part.0, at: part.1).image(id: identifiers.next())
    let result = PictureResult.image(image, metadata: part.2, isPartial: copy.isPartial)
    pictures.insert(result, bytes: image.byteCount, for: request)
    return result
  }

  /// Encodes `copy` for `request`, and keeps the image in memory and its encoding on disk.
  private func finish(_ request: PictureRequest, copy: SmallCopy, identity: String?)
    -> PictureResult
  {
    let encoded = request.encode(copy.image)
    let image = encoded.image(id: identifiers.next())
    let result = PictureResult.image(image, metadata: copy.metadata, isPartial: copy.isPartial)
    pictures.insert(result, bytes: image.byteCount, for: request)
    if !request.paintsClipping {
      keepOnDisk(
        .picture(encoded), of: copy, key: identity.map { pictureKey(request, identity: $0) })
    }
    return result
  }

  /// The part of the picture a zoomed tile shows, decoded at the zoomed size (kept in the
  /// zoomed cache, so panning decodes nothing), and where in the tile it goes: the same
  /// window as the cell art's, in the tile's pixels.
  func zoomedPart(of copy: SmallCopy, request: PictureRequest, zoom: PictureCrop)
    throws(ThumbnailError) -> (
      PixelImage, (x: Int, y: Int, width: Int, height: Int), ImageMetadata?
    )
  {
    let tile = request.tile
    let fitted = tile.fit(
      width: copy.metadata?.displayWidth ?? copy.image.width,
      height: copy.metadata?.displayHeight ?? copy.image.height)
    let magnification = max(1, zoom.magnification)
    let magnified = (
      width: Int((Double(fitted.width) * magnification).rounded(.up)),
      height: Int((Double(fitted.height) * magnification).rounded(.up))
    )
    let window = zoom.window(
      fittedWidth: Double(fitted.width), fittedHeight: Double(fitted.height),
      boxWidth: Double(tile.pixelWidth), boxHeight: Double(tile.pixelHeight))
    let shown = PictureWindow(shownBy: window)
    let cut = try zoomedCut(
      path: request.path, format: copy.metadata?.format, width: magnified.width,
      height: magnified.height, window: shown
    ) { () throws(ThumbnailError) in
      try smallCopy(path: request.path, box: magnified, sharp: true, cache: zoomed)
    }
    let (part, metadata) = (cut.image, cut.metadata ?? copy.metadata)
    let x = max(0, min(tile.pixelWidth - 1, Int(window.x.rounded())))
    let y = max(0, min(tile.pixelHeight - 1, Int(window.y.rounded())))
    let place = (
      x: x, y: y, width: max(1, min(tile.pixelWidth - x, Int(window.width.rounded()))),
      height: max(1, min(tile.pixelHeight - y, Int(window.height.rounded())))
    )
    return (part, place, metadata)
  }

  /// The art disk cache's key of a picture request for the file of `identity`.
  func pictureKey(_ request: PictureRequest, identity: String) -> String {
    let tile = request.tile
    let background = tile.background
    let crop = request.visible.map { "\($0.column),\($0.row),\($0.columns)x\($0.rows)" } ?? "whole"
    return "picture \(identity) \(request.format.rawValue) \(tile.size)"
      + " cell=\(tile.cell.width)x\(tile.cell.height)"
      + " bg=\(background.red),\(background.green),\(background.blue)"
      + " corners=\(tile.cornerRadius) enlarges=\(tile.enlarges) crop=\(crop)"
      + " encoder=\(PictureEncoder.revision)\(request.packing == .deflated ? "" : " \(request.packing)")"
      + " thumbnails=\(ThumbnailDiskCache.revision)"
      + (request.sixelRegisters.map { " registers=\($0)" } ?? "")
  }

  // MARK: Decoded copies

  /// A decoded copy big enough for `request`'s box: from memory (`cache`), disk, or the
  /// file.
  func smallCopy(for request: ThumbnailRequest, in cache: ByteLimitedLRU<String, SmallCopy>? = nil)
    throws(ThumbnailError) -> SmallCopy
  {
    // 8 pixels a column is cell art's working resolution; a row is cellAspect times
    // as tall on screen.
    try smallCopy(
      path: request.path, box: Self.pixelBox(for: request.size, configuration), cache: cache)
  }

  /// A decoded copy of `path` big enough for a `box` of pixels from memory or the
  /// freedesktop disk cache; nil when the file must be decoded. The box's longest side
  /// picks the disk flavour.
  ///
  /// `sharp` (pictures in pixels) wants every pixel of the box: only a copy at least as
  /// large serves. Cell art is drawn at 8 pixels a column, so a flavour half the box's
  /// side serves it as well.
  func cachedCopy(
    path: String, box: (width: Int, height: Int), sharp: Bool = false,
    cache: ByteLimitedLRU<String, SmallCopy>? = nil
  ) -> SmallCopy? {
    let decoded = cache ?? self.decoded
    let needed = max(box.0, box.1)
    let flavor = Self.flavor(serving: needed, sharp: sharp)
    // A copy of the serving flavour's size is as good as one of the box's.
    let enough = sharp ? needed : min(needed, flavor?.side ?? needed)
    if let copy = decoded.value(for: path),
      !copy.isReduced || max(copy.image.width, copy.image.height) >= enough
        || Self.fills(copy, box)
    {
      // The file gone, the copy still serves (a resize draws it again).
      let now = copy.identity == nil ? nil : ArtDiskCache.identity(path: path)
      if now == nil || now == copy.identity { return copy }
      decoded.removeAll { $0 == path }
    }
    let identity = flavor == nil ? nil : ArtDiskCache.identity(path: path)
    guard let flavor,
      let cached = configuration.diskCache.load(
        path: path, flavor: flavor, background: configuration.decoder.background),
      max(cached.image.width, cached.image.height) >= enough
    else { return nil }
    var metadata: ImageMetadata?
    if let format = cached.format, let width = cached.originalWidth,
      let height = cached.originalHeight
    {
      // Displayed dimensions were stored, so orientation is already in them.
      metadata = ImageMetadata(
        format: format, originalWidth: width, originalHeight: height,
        colorProfile: cached.colorProfile, frameCount: cached.frameCount ?? 1,
        // The length and the frames' size: enough for the tile's badge and the status
        // line; the rest of the details are read for the detail view.
        video: format == .video
          ? VideoFacts(
            duration: cached.movieLength, codec: "", framesPerSecond: nil, hasAudio: false,
            frameSize: cached.frameSize.flatMap {
              // Nil when the poster is a frame, as the decoder says it.
              $0 == PixelSize(width: width, height: height) ? nil : $0
            })
          : nil)
    }
    let copy = SmallCopy(
      image: cached.image, metadata: metadata, isPartial: false, isReduced: true,
      identity: identity)
    decoded.insert(copy, bytes: cached.image.byteCount, for: path)
    return copy
  }

  /// A decoded copy of `path` big enough for a `box` of pixels: from memory, disk, or
  /// the file (then kept in memory and, at a flavour's size, on disk).
  func smallCopy(
    path: String, box: (width: Int, height: Int), sharp: Bool = false,
    cache: ByteLimitedLRU<String, SmallCopy>? = nil
  ) throws(ThumbnailError) -> SmallCopy {
    let decoded = cache ?? self.decoded
    if let copy = cachedCopy(path: path, box: box, sharp: sharp, cache: decoded) { return copy }
    let needed = max(box.0, box.1)
    let flavor = Self.flavor(serving: needed, sharp: sharp)
    // With thumbnails written, decode for the whole flavour so the stored thumbnail
    // is full size for file managers; without, only what this request needs.
    let useDisk = configuration.diskCache.isWritable ? flavor : nil
    let side = useDisk?.side ?? needed
    let target = useDisk.map { ($0.side, $0.side) } ?? box
    // Read before the file, as the art's identity is: a thumbnail is never stored under a
    // newer time than the bytes it was made from.
    let modified = useDisk == nil ? nil : FileReader.modificationTime(path: path)
    let identity = ArtDiskCache.identity(path: path)
    let result = try configuration.decoder.decode(path: path, target: target)
    var image = result.image
    let longest = max(image.width, image.height)
    if longest > side {
      let scale = Double(side) / Double(longest)
      let width = max(1, Int((Double(image.width) * scale).rounded()))
      let height = max(1, Int((Double(image.height) * scale).rounded()))
      // Shrinking makes a second buffer beside the decoded one. When even the shrunk copy
      // is past what its cache may hold, and no thumbnail is written, it would be used
      // once and let go: the decoded one serves as it is (the art and the encoders
      // resample it anyway). Shrinking an actual-size zoom of a 108-megapixel photo had
      // held 833 MB at once instead of 432.
      let usedOnce = useDisk == nil && width * height * 4 > decoded.capacity
      if !usedOnce { image = image.downscaled(toWidth: width, height: height) }
    }
    if !result.isPartial, !result.metadata.format.isScalable {
      configuration.likenessTap?.record(path: path, image: image, identity: identity)
    }
    if let flavor = useDisk, !result.isPartial, let modified {
      configuration.diskCache.store(
        image, metadata: result.metadata, path: path, flavor: flavor, modified: modified)
    }
    let copy = SmallCopy(
      image: image, metadata: result.metadata, isPartial: result.isPartial,
      // A drawing rendered for this box serves no larger one: it is rendered again.
      isReduced: image.width < result.metadata.displayWidth || result.metadata.format.isScalable,
      identity: identity)
    decoded.insert(copy, bytes: image.byteCount, for: path)
    return copy
  }
}

extension ThumbnailPipeline {
  /// Whether a drawing's render (SVG: rendered at a box's size, never larger) fills
  /// `box` on one side, so the drawing fitted into `box` is no larger than it: a 1:2
  /// drawing rendered for a wide box never reaches the box's longest side, yet serves.
  /// A pixel short counts, for the rounding of the render's size.
  static func fills(_ copy: SmallCopy, _ box: (width: Int, height: Int)) -> Bool {
    guard copy.metadata?.format.isScalable == true else { return false }
    return copy.image.width + 1 >= box.width || copy.image.height + 1 >= box.height
  }

  /// The freedesktop flavour that serves a box whose longest side is `side`: at least
  /// as large when `sharp`, else up to twice as small (`Flavor.serving`).
  static func flavor(serving side: Int, sharp: Bool) -> ThumbnailDiskCache.Flavor? {
    sharp
      ? ThumbnailDiskCache.Flavor.allCases.first { side <= $0.side }
      : ThumbnailDiskCache.Flavor.serving(side: side)
  }
}
