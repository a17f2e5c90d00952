/// Where the camera focused, in fractions of the picture as shown: after its EXIF
/// orientation, so `x` runs from the left edge (0) to the right (1) of what the screen
/// shows, `y` from the top (0) to the bottom (1).
///
/// Cameras and phones record it in pixels of the stored picture (EXIF's `SubjectArea` or
/// `SubjectLocation`, Sony's `FocusLocation`): a point, a circle or a rectangle around
/// it. The reader divides by the picture's size and turns the result as the orientation
/// turns the picture, so the value needs neither again. A circle's area is the square
/// around it.
package struct FocusPoint: Hashable, Sendable {
  /// The area around the point, in fractions of the shown width and height (each in
  /// `0 < side <= 1`).
  package struct Area: Hashable, Sendable {
    package private(set) var width: Double
    package private(set) var height: Double

    /// An area of the given fractions; nil when either is not in `0 < side <= 1`.
    package init?(width: Double, height: Double) {
      guard width > 0, width <= 1, height > 0, height <= 1 else { return nil }
      self.width = width
      self.height = height
    }

    /// The area with its sides exchanged, as a quarter turn shows it.
    var transposed: Area {
      var area = self
      (area.width, area.height) = (height, width)
      return area
    }
  }

  /// From the left edge (0) to the right (1) of the picture as shown.
  package let x: Double
  /// From the top edge (0) to the bottom (1) of the picture as shown.
  package let y: Double
  /// The area the camera named around the point; nil when it gave a point alone.
  package let area: Area?

  /// A point at fractions of the shown picture; nil when one is not finite or not in
  /// `0...1` (a point outside the picture is no point of it).
  package init?(x: Double, y: Double, area: Area? = nil) {
    guard (0...1).contains(x), (0...1).contains(y) else { return nil }
    self.x = x
    self.y = y
    self.area = area
  }

  /// The point the camera wrote in pixels of the stored picture (`pixelX`, `pixelY` from
  /// its top left corner; the area's sides, when given), for a stored picture of
  /// `width` × `height` pixels shown with EXIF `orientation` (1–8; anything else is 1).
  /// Nil when the size is not a picture's (zero, negative, past a million pixels a side)
  /// or the point lies outside it; an area of no size or larger than the picture is left
  /// out, the point kept.
  package init?(
    pixelX: Double, pixelY: Double, areaWidth: Double? = nil, areaHeight: Double? = nil,
    width: Int, height: Int, orientation: Int
  ) {
    let sides = 1...Self.largestSide
    guard sides.contains(width), sides.contains(height) else { return nil }
    let storedX = pixelX / Double(width)
    let storedY = pixelY / Double(height)
    guard (0...1).contains(storedX), (0...1).contains(storedY) else { return nil }
    let storedArea = areaWidth.flatMap { areaWidth in
      areaHeight.flatMap {
        Area(width: areaWidth / Double(width), height: $0 / Double(height))
      }
    }
    self.init(storedX: storedX, storedY: storedY, area: storedArea, orientation: orientation)
  }

  /// The most pixels a side of the picture a point is read against may have: EXIF's
  /// sizes are 32-bit numbers, and no camera's picture is a million pixels wide.
  package static let largestSide = 1_000_000

  /// The point at fractions of the stored picture, turned to the shown one by
  /// `orientation`.
  private init(storedX: Double, storedY: Double, area: Area?, orientation: Int) {
    let matrix = ExifOrientation(tagValue: orientation).matrix
    // The matrix acts on coordinates from the centre: 1 keeps a fraction, -1 takes it
    // from the other edge, 0 leaves it out (one of each row's two is 0). Worked out this
    // way rather than about the centre, a point shown as stored keeps its exact value.
    func along(_ factor: Int, _ fraction: Double) -> Double {
      factor == 0 ? 0 : factor > 0 ? fraction : 1 - fraction
    }
    x = along(matrix.a, storedX) + along(matrix.b, storedY)
    y = along(matrix.c, storedX) + along(matrix.d, storedY)
    // A quarter turn puts the stored width along the shown height.
    let swapsSides = matrix.a == 0
    self.area = swapsSides ? area?.transposed : area
  }
}
