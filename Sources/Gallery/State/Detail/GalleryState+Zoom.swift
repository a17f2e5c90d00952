import Pictures

/// Zoom and pan in the detail view (`+`, `-`, `=`, `0`, the arrows while zoomed).
extension GalleryState {
  /// The focused picture's size and how it fits the detail view, once decoding has told
  /// its size; nil before.
  var zoomGeometry: (geometry: DetailZoom.Geometry, pictureWidth: Int)? {
    guard let focus, let picture = picture(at: focus) else { return nil }
    return zoomGeometry(of: picture.path, in: detailLayout.artBox)
  }

  /// The picture at `path` and how it fits `box` (the detail view's, or a survey pane's),
  /// once decoding has told its size; nil before, or without a box.
  func zoomGeometry(of path: String, in box: TileSize?) -> (
    geometry: DetailZoom.Geometry, pictureWidth: Int
  )? {
    guard case .ready(let metadata?, _)? = loading.info[path], let box else { return nil }
    let fit = CellFit.fitting(
      width: metadata.displayWidth, height: metadata.displayHeight, in: box,
      cellAspect: cellAspect)
    let geometry = DetailZoom.Geometry(
      fittedColumns: Double(fit.columns), fittedRows: Double(fit.rows),
      boxColumns: Double(box.columns), boxRows: Double(box.rows))
    return (geometry, metadata.displayWidth)
  }

  /// A zoom key in the detail view.
  mutating func handleZoom(_ action: KeyAction) {
    let known = zoomGeometry
    let path = focus.flatMap { picture(at: $0) }?.path
    let spot = path.flatMap(focusSpot(of:))
    switch action {
    case .zoomIn: detail.stepZoom(in: true, geometry: known?.geometry, on: path, around: spot)
    case .zoomOut: detail.stepZoom(in: false, geometry: known?.geometry, on: path)
    case .actualSize:
      if let known {
        detail.showActualSize(
          pictureWidth: known.pictureWidth, geometry: known.geometry, on: path, around: spot)
      }
    case .fit: detail.fit()
    default: break
    }
  }

  /// Where the camera focused in the picture at `path`, in fractions of it as shown:
  /// where zooming in starts. Nil when it did not say (the centre).
  func focusSpot(of path: String) -> (x: Double, y: Double)? {
    content.details(for: path)?.focusPoint.map { ($0.x, $0.y) }
  }

  /// An arrow while zoomed: pans by a quarter of the view.
  mutating func pan(dx: Int, dy: Int) {
    detail.pan(dx: dx, dy: dy, geometry: zoomGeometry?.geometry)
  }

  /// The zoom goes with the picture: another picture, or leaving the detail view, shows
  /// the whole of it again.
  mutating func keepZoomOnItsPicture() {
    let shown = screenMode == .detail ? focus.flatMap { picture(at: $0) }?.path : nil
    detail.keepZoom(on: shown)
  }
}
