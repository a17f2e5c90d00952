import Pictures

/// The detail view's zoom: how much larger than fitted, and which part is in the middle.
///
/// `+` and `-` step by √2 around the centre (up to 16 times), `=` shows the picture at
/// its actual size (one picture pixel to a pixel of cell art, cell art's 8 a column),
/// `0` fits it again; the arrows pan by a quarter of the view. The centre is kept where
/// the view stays inside the picture, so panning past an edge does not pile up.
package struct DetailZoom: Hashable, Sendable {
  /// The largest magnification.
  package static let maximum = 16.0
  /// The step of `+` and `-`.
  static let step = 2.0.squareRoot()
  /// Pixels a column of cell art stands for.
  static let pixelsPerColumn = 8.0

  /// Times larger than fitted; 1 shows the whole picture.
  package private(set) var magnification = 1.0
  /// The point of the picture in the middle of the view, in fractions of its size.
  package private(set) var centerX = 0.5
  package private(set) var centerY = 0.5
  /// Whether each zoom step goes on centring the spot zooming in started from (where the
  /// camera focused), which an edge held back at a lower magnification; a pan ends it.
  private var followsSpot = false

  /// The whole picture.
  package static let fitted = DetailZoom()

  /// Whether the view is zoomed in.
  package var isZoomed: Bool { magnification > 1 }

  /// The part to render, nil when the whole picture shows.
  package var crop: PictureCrop? {
    isZoomed
      ? PictureCrop(magnification: magnification, centerX: centerX, centerY: centerY) : nil
  }

  /// `×2.8`.
  package var label: String {
    let tenths = (magnification * 10).rounded() / 10
    return "×" + (tenths == tenths.rounded() ? String(Int(tenths)) : String(tenths))
  }

  /// One step in (`zoomIn`) or out, around the centre; back to the whole picture
  /// below a step. From the whole picture, in around `spot` when given (where the camera
  /// focused, in fractions of the picture).
  mutating func zoom(
    in zoomIn: Bool, geometry: Geometry?, around spot: (x: Double, y: Double)? = nil
  ) {
    let next = zoomIn ? magnification * Self.step : magnification / Self.step
    aim(at: spot)
    set(magnification: next, geometry: geometry)
  }

  /// The actual size: one picture pixel to a pixel of cell art; from the whole picture,
  /// around `spot` when given.
  mutating func showActualSize(
    pictureWidth: Int, geometry: Geometry?, around spot: (x: Double, y: Double)? = nil
  ) {
    guard let geometry, geometry.fittedColumns > 0 else { return }
    let actual = Double(pictureWidth) / Self.pixelsPerColumn / geometry.fittedColumns
    aim(at: spot)
    set(magnification: actual, geometry: geometry)
  }

  /// Centres `spot` when zooming in from the whole picture, and at every step after until
  /// a pan.
  private mutating func aim(at spot: (x: Double, y: Double)?) {
    guard let spot else { return }
    if !isZoomed { followsSpot = true }
    if followsSpot { (centerX, centerY) = spot }
  }

  /// Moves the view by `dx`, `dy` quarters of itself.
  mutating func pan(dx: Int, dy: Int, geometry: Geometry?) {
    guard isZoomed else { return }
    followsSpot = false
    if let geometry {
      let window = crop?.window(
        fittedWidth: geometry.fittedColumns, fittedHeight: geometry.fittedRows,
        boxWidth: geometry.boxColumns, boxHeight: geometry.boxRows)
      centerX += Double(dx) * (window?.sourceWidth ?? 0) / 4
      centerY += Double(dy) * (window?.sourceHeight ?? 0) / 4
    } else {
      centerX += Double(dx) / (4 * magnification)
      centerY += Double(dy) / (4 * magnification)
    }
    clamp(geometry)
  }

  private mutating func set(magnification: Double, geometry: Geometry?) {
    let bounded = min(Self.maximum, magnification)
    guard bounded > 1.01 else {
      self = .fitted
      return
    }
    self.magnification = bounded
    clamp(geometry)
  }

  private mutating func clamp(_ geometry: Geometry?) {
    guard let geometry, let crop else {
      centerX = min(max(0, centerX), 1)
      centerY = min(max(0, centerY), 1)
      return
    }
    let kept = crop.clamped(
      fittedWidth: geometry.fittedColumns, fittedHeight: geometry.fittedRows,
      boxWidth: geometry.boxColumns, boxHeight: geometry.boxRows)
    centerX = kept.centerX
    centerY = kept.centerY
  }

  /// The picture fitted into the view, in cells: what the zoom is relative to.
  struct Geometry: Hashable {
    var fittedColumns: Double
    var fittedRows: Double
    var boxColumns: Double
    var boxRows: Double
  }
}
