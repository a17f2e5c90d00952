import Pictures

extension ThumbnailPipeline {
  /// Cell art of the part of a picture a zoomed view shows (`request.crop`): the picture
  /// decoded at its zoomed size (kept in the zoomed cache, so panning decodes nothing),
  /// the visible part cut out and rendered into the cells it covers. Nil when cancelled.
  ///
  /// The crop is relative to the picture fitted into the box as `CellFit` fits it, the
  /// same fit the unzoomed detail view shows, so zooming starts from what is on screen.
  func produceZoomed(_ request: ThumbnailRequest, crop: PictureCrop, isCancelled: () -> Bool)
    -> ThumbnailResult?
  {
    let box = request.size
    guard box.columns > 0, box.rows > 0 else { return nil }
    let magnification = max(1, crop.magnification)
    // The magnified picture's size in cells decides how finely it is decoded: the first
    // fit needs the picture's size, from its header when the copy is not yet known.
    var probe = request
    probe.crop = nil
    let header: SmallCopy
    do {
      header = try smallCopy(for: probe)
    } catch {
      return .failed(error)
    }
    let fit = fitting(header, in: box)
    let zoomedBox = TileSize(
      columns: Int((Double(fit.columns) * magnification).rounded(.up)),
      rows: Int((Double(fit.rows) * magnification).rounded(.up)))
    if isCancelled() { return nil }
    let window = crop.window(
      fittedWidth: Double(fit.columns), fittedHeight: Double(fit.rows),
      boxWidth: Double(box.columns), boxHeight: Double(box.rows))
    let shown = PictureWindow(shownBy: window)
    let pixels = Self.pixelBox(for: zoomedBox, configuration)
    probe.size = zoomedBox
    let part: PixelImage
    let metadata: ImageMetadata?
    let isPartial: Bool
    do {
      (part, metadata, isPartial) = try zoomedCut(
        path: request.path, format: header.metadata?.format, width: pixels.width,
        height: pixels.height, window: shown
      ) { () throws(ThumbnailError) in try smallCopy(for: probe, in: zoomed) }
    } catch {
      return .failed(error)
    }
    if isCancelled() { return nil }
    let columns = max(1, min(box.columns, Int(window.width.rounded())))
    let rows = max(1, min(box.rows, Int(window.height.rounded())))
    let cells = CellFit(
      column: (box.columns - columns) / 2, row: (box.rows - rows) / 2, columns: columns,
      rows: rows)
    let art = CellArtRenderer.render(
      request.paintsClipping ? part.clippingPainted(for: cells) : part, size: box, fit: cells,
      mode: request.mode, symbols: request.symbols)
    return .art(art, metadata: metadata, isPartial: isPartial)
  }

  /// Where the whole picture of `copy` lands in `box`, as the unzoomed view fits it.
  func fitting(_ copy: SmallCopy, in box: TileSize) -> CellFit {
    CellFit.fitting(
      width: copy.metadata?.displayWidth ?? copy.image.width,
      height: copy.metadata?.displayHeight ?? copy.image.height, in: box,
      cellAspect: configuration.cellAspect)
  }
}

extension ThumbnailResult {
  /// Roughly the memory the result holds, for the byte-bounded cache.
  var approximateByteCount: Int {
    switch self {
    case .art(let art, _, _): art.approximateByteCount
    case .failed: 64
    }
  }
}
