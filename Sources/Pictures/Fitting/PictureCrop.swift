/// The part of a picture a zoomed view shows: the detail view's zoom and pan.
///
/// Independent of how the picture is drawn: the same crop turns into cell art (the
/// pipeline decodes at the zoomed size and renders the visible part into the box) or a
/// pixel tile (the visible part resampled to the tile's pixels), so a zoomed picture in
/// pixels is the same request at the same crop. `window` works in any unit, the same for
/// both sizes it is given: cells for cell art, pixels for a tile.
package struct PictureCrop: Hashable, Sendable {
  /// How many times larger than the picture fitted into the box; above 1.
  package var magnification: Double
  /// The point of the picture at the box's centre, as a fraction of its width (0 the
  /// left edge, 1 the right).
  package var centerX: Double
  /// The same down its height.
  package var centerY: Double

  package init(magnification: Double, centerX: Double = 0.5, centerY: Double = 0.5) {
    self.magnification = magnification
    self.centerX = centerX
    self.centerY = centerY
  }

  /// What a box shows of the magnified picture.
  package struct Window: Hashable, Sendable {
    /// The part of the picture shown, in fractions of its width and height.
    package var sourceX: Double
    package var sourceY: Double
    package var sourceWidth: Double
    package var sourceHeight: Double
    /// Where in the box it is drawn, in the box's units: centred where the magnified
    /// picture is smaller than the box, filling it where it is larger.
    package var x: Double
    package var y: Double
    package var width: Double
    package var height: Double
  }

  /// The window for a picture that, fitted, covers `fittedWidth × fittedHeight` of a
  /// `boxWidth × boxHeight` box. The centre is taken as near as it can be while the
  /// window stays inside the picture (`clamped`). O(1).
  package func window(
    fittedWidth: Double, fittedHeight: Double, boxWidth: Double, boxHeight: Double
  ) -> Window {
    let x = Self.axis(
      fitted: fittedWidth, box: boxWidth, magnification: magnification, center: centerX)
    let y = Self.axis(
      fitted: fittedHeight, box: boxHeight, magnification: magnification, center: centerY)
    return Window(
      sourceX: x.source, sourceY: y.source, sourceWidth: x.sourceLength,
      sourceHeight: y.sourceLength, x: x.offset, y: y.offset, width: x.length, height: y.length)
  }

  /// The crop with its centre moved as little as needed for the window to stay inside
  /// the picture (the middle on an axis where the magnified picture fits the box).
  package func clamped(
    fittedWidth: Double, fittedHeight: Double, boxWidth: Double, boxHeight: Double
  ) -> PictureCrop {
    let window = window(
      fittedWidth: fittedWidth, fittedHeight: fittedHeight, boxWidth: boxWidth,
      boxHeight: boxHeight)
    return PictureCrop(
      magnification: magnification, centerX: window.sourceX + window.sourceWidth / 2,
      centerY: window.sourceY + window.sourceHeight / 2)
  }

  /// One axis: the magnified picture is `fitted × magnification` long; the box shows at
  /// most `box` of it, centred on `center` but kept inside.
  private static func axis(fitted: Double, box: Double, magnification: Double, center: Double)
    -> (source: Double, sourceLength: Double, offset: Double, length: Double)
  {
    let zoomed = max(fitted * max(1, magnification), .leastNonzeroMagnitude)
    let length = min(box, zoomed)
    let start = min(max(0, center * zoomed - length / 2), zoomed - length)
    return (start / zoomed, length / zoomed, (box - length) / 2, length)
  }
}
