import Pictures
import Testing

/// The sharpness: the Laplacian's variance at one scale.
@Suite struct SharpnessTests {
  /// A checkerboard of `cell`-pixel squares, `width`×`height` RGBA, optionally box-blurred
  /// `blur` pixels each way.
  private func board(width: Int, height: Int, cell: Int, blur: Int = 0) -> [UInt8] {
    var grey = [Int](repeating: 0, count: width * height)
    for y in 0..<height {
      for x in 0..<width { grey[y * width + x] = (x / cell + y / cell) % 2 == 0 ? 40 : 210 }
    }
    if blur > 0 {
      var blurred = grey
      for y in 0..<height {
        for x in 0..<width {
          var sum = 0
          var count = 0
          for dy in -blur...blur {
            for dx in -blur...blur {
              let (u, v) = (x + dx, y + dy)
              guard u >= 0, v >= 0, u < width, v < height else { continue }
              sum += grey[v * width + u]
              count += 1
            }
          }
          blurred[y * width + x] = sum / count
        }
      }
      grey = blurred
    }
    return grey.flatMap { [UInt8($0), UInt8($0), UInt8($0), 255] }
  }

  @Test func aSharpPictureMeasuresHigherThanItsBlurredCopy() throws {
    let rows = PixelRows.rgba(width: 256, height: 192)!
    let sharp = try #require(Sharpness.measure(board(width: 256, height: 192, cell: 8), rows))
    let soft = try #require(
      Sharpness.measure(board(width: 256, height: 192, cell: 8, blur: 2), rows))
    #expect(sharp.value > soft.value * 2)
    #expect(sharp.side == 256 && soft.side == 256)
  }

  @Test func aFlatPictureMeasuresZero() throws {
    let rows = PixelRows.rgba(width: 64, height: 64)!
    let flat = [UInt8](repeating: 128, count: 64 * 64 * 4)
    #expect(try #require(Sharpness.measure(flat, rows)).value == 0)
  }

  @Test func theSameSceneLargerMeasuresRoughlyTheSame() throws {
    // The scene at 1280 and at 2048 pixels wide, both measured at 1024.
    let small = try #require(
      Sharpness.measure(
        board(width: 1280, height: 960, cell: 20), PixelRows.rgba(width: 1280, height: 960)!))
    let large = try #require(
      Sharpness.measure(
        board(width: 2048, height: 1536, cell: 32), PixelRows.rgba(width: 2048, height: 1536)!))
    #expect(small.side == Sharpness.scale && large.side == Sharpness.scale)
    #expect(abs(small.value - large.value) / small.value < 0.35)
  }

  @Test func aFocusRegionMeasuresItsPartOnly() throws {
    // Sharp on the left half, flat on the right.
    let (width, height) = (128, 64)
    var pixels = board(width: width, height: height, cell: 4)
    for y in 0..<height {
      for x in (width / 2)..<width {
        for channel in 0..<3 { pixels[(y * width + x) * 4 + channel] = 90 }
      }
    }
    let rows = PixelRows.rgba(width: width, height: height)!
    let left = try #require(
      Sharpness.measure(pixels, rows, focus: FocusRegion(x: 0, y: 0, width: 0.4, height: 1)))
    let right = try #require(
      Sharpness.measure(pixels, rows, focus: FocusRegion(x: 0.6, y: 0, width: 0.4, height: 1)))
    let whole = try #require(Sharpness.measure(pixels, rows))
    #expect(right.value == 0)
    #expect(left.value > whole.value)
    #expect(left.focus == FocusRegion(x: 0, y: 0, width: 0.4, height: 1))
    #expect(
      Sharpness.measure(pixels, rows, focus: FocusRegion(x: 0.5, y: 0.5, width: 0, height: 0))
        == nil)
  }

  @Test func regionsAreClampedIntoThePicture() {
    let region = FocusRegion(x: 0.8, y: -1, width: 0.5, height: .nan)
    #expect(region.x == 0.8 && region.y == 0)
    #expect(abs(region.width - 0.2) < 1e-12 && region.height == 0)
  }

  @Test func aTinyPictureIsNotMeasured() {
    let rows = PixelRows.rgba(width: 8, height: 8)!
    #expect(Sharpness.measure([UInt8](repeating: 0, count: 256), rows) == nil)
  }
}
