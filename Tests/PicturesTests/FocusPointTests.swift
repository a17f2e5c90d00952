import Pictures
import Testing

/// A focus point read in pixels of the stored picture lands at the same spot of the
/// picture as shown, whatever its orientation; what is no point of the picture is none.
@Suite struct FocusPointTests {
  /// A point a quarter across and a tenth down a 400×300 picture, with an area of 40×30,
  /// shown by each orientation: where the spot goes on the screen.
  @Test(arguments: [
    (1, 0.25, 0.1), (2, 0.75, 0.1), (3, 0.75, 0.9), (4, 0.25, 0.9),
    (5, 0.1, 0.25), (6, 0.9, 0.25), (7, 0.9, 0.75), (8, 0.1, 0.75),
  ])
  func eachOrientationTurnsThePoint(orientation: Int, x: Double, y: Double) throws {
    let point = try #require(
      FocusPoint(
        pixelX: 100, pixelY: 30, areaWidth: 40, areaHeight: 60, width: 400, height: 300,
        orientation: orientation))
    #expect(abs(point.x - x) < 1e-9 && abs(point.y - y) < 1e-9, "\(point)")
    let area = try #require(point.area)
    // A quarter turn lays the stored width along the shown height.
    let (width, height) = orientation >= 5 ? (0.2, 0.1) : (0.1, 0.2)
    #expect(abs(area.width - width) < 1e-9 && abs(area.height - height) < 1e-9)
  }

  @Test func anOrientationOutsideTheEightShowsAsStored() throws {
    let point = try #require(
      FocusPoint(pixelX: 100, pixelY: 30, width: 400, height: 300, orientation: 0))
    #expect(point == FocusPoint(x: 0.25, y: 0.1))
    #expect(point.area == nil)
  }

  /// The edges are the picture's; past them, or against no size, there is no point.
  @Test func thePictureBoundsThePoint() {
    #expect(FocusPoint(pixelX: 400, pixelY: 300, width: 400, height: 300, orientation: 6) != nil)
    #expect(FocusPoint(pixelX: 0, pixelY: 0, width: 400, height: 300, orientation: 1) != nil)
    #expect(FocusPoint(pixelX: 401, pixelY: 30, width: 400, height: 300, orientation: 1) == nil)
    #expect(FocusPoint(pixelX: 10, pixelY: -1, width: 400, height: 300, orientation: 1) == nil)
    #expect(FocusPoint(pixelX: .nan, pixelY: 3, width: 400, height: 300, orientation: 1) == nil)
    #expect(
      FocusPoint(pixelX: .infinity, pixelY: 3, width: 400, height: 300, orientation: 1) == nil)
    #expect(FocusPoint(pixelX: 0, pixelY: 0, width: 0, height: 300, orientation: 1) == nil)
    #expect(FocusPoint(pixelX: 0, pixelY: 0, width: 400, height: -3, orientation: 1) == nil)
    #expect(
      FocusPoint(
        pixelX: 1, pixelY: 1, width: FocusPoint.largestSide + 1, height: 300, orientation: 1)
        == nil)
    #expect(FocusPoint(x: 1.01, y: 0.5) == nil)
    #expect(FocusPoint(x: 0.5, y: .nan) == nil)
  }

  /// An area of no size, or larger than the picture, is left out; the point stays.
  @Test(arguments: [(0.0, 10.0), (10.0, 0.0), (401.0, 10.0), (10.0, -5.0), (.nan, 10.0)])
  func anAreaNoPictureHoldsIsLeftOut(width: Double, height: Double) throws {
    let point = try #require(
      FocusPoint(
        pixelX: 200, pixelY: 150, areaWidth: width, areaHeight: height, width: 400,
        height: 300, orientation: 1))
    #expect(point == FocusPoint(x: 0.5, y: 0.5))
  }
}
