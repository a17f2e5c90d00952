import Testing

@testable import Thumbnails

@Suite struct FittingTests {
  @Test func widepictureFillsTheWidthAndIsCentredVertically() {
    let fit = CellFit.fitting(width: 1920, height: 1080, in: TileSize(columns: 40, rows: 20))
    // 40 columns of aspect-2 cells show 1920/1080 with 40 / (1.777 × 2) ≈ 11 rows.
    #expect(fit == CellFit(column: 0, row: 4, columns: 40, rows: 11))
  }

  @Test func tallPictureFillsTheHeightAndIsCentredHorizontally() {
    let fit = CellFit.fitting(width: 1080, height: 1920, in: TileSize(columns: 40, rows: 20))
    #expect(fit.rows == 20)
    #expect(fit.columns == 23)  // 20 × 2 × 0.5625 = 22.5, rounded
    #expect(fit.column == (40 - 23) / 2)
  }

  @Test func cellAspectChangesTheShape() {
    let square = CellFit.fitting(
      width: 800, height: 800, in: TileSize(columns: 40, rows: 40), cellAspect: 1)
    #expect(square.columns == 40 && square.rows == 40)
    let tallCells = CellFit.fitting(width: 800, height: 800, in: TileSize(columns: 40, rows: 40))
    #expect(tallCells.columns == 40 && tallCells.rows == 20)
  }

  @Test func smallPictureIsNeverUpscaledPastItsSource() {
    let fit = CellFit.fitting(width: 16, height: 16, in: TileSize(columns: 40, rows: 20))
    #expect(fit.columns == 2 && fit.rows == 1)
    #expect(fit.column == 19 && fit.row == 9)
  }

  @Test(arguments: [(3000, 20), (20, 3000), (1, 1), (640, 480)])
  func fitStaysInsideTheBox(width: Int, height: Int) {
    for columns in [1, 2, 7, 33] {
      for rows in [1, 3, 19] {
        let fit = CellFit.fitting(
          width: width, height: height, in: TileSize(columns: columns, rows: rows))
        #expect(fit.columns >= 1 && fit.rows >= 1)
        #expect(fit.column + fit.columns <= columns && fit.row + fit.rows <= rows)
      }
    }
  }

  @Test func pixelTargetIsEightPixelsACellCappedAtTheSource() {
    let fit = CellFit(column: 0, row: 0, columns: 20, rows: 10)
    #expect(fit.pixelTarget(sourceWidth: 1000, sourceHeight: 1000) == (160, 80))
    #expect(fit.pixelTarget(sourceWidth: 100, sourceHeight: 50) == (100, 50))
  }

  @Test func areaDownscaleAveragesCoveredPixels() {
    // One row 0, 90, 180 shrunk to two pixels: each covers 1.5 source pixels.
    let row: [UInt8] = [0, 90, 180].flatMap { [$0, $0, $0, 255] }
    let image = PixelImage(width: 3, height: 1, pixels: row)
    let small = image.downscaled(toWidth: 2, height: 1)
    #expect(small.width == 2 && small.height == 1)
    #expect(small.pixels[0] == 30)  // (0 × 1 + 90 × 0.5) / 1.5
    #expect(small.pixels[4] == 150)  // (90 × 0.5 + 180 × 1) / 1.5
    #expect(small.pixels[3] == 255 && small.pixels[7] == 255)
  }

  @Test func downscaleOfACheckerboardIsItsAverage() {
    var pixels: [UInt8] = []
    for y in 0..<8 {
      for x in 0..<8 { pixels += (x + y) % 2 == 0 ? [200, 100, 0, 255] : [0, 100, 200, 255] }
    }
    let small = PixelImage(width: 8, height: 8, pixels: pixels).downscaled(toWidth: 2, height: 2)
    #expect(small.pixels == [UInt8]([100, 100, 100, 255]).repeated(4))
  }

  @Test func downscaleNeverUpscales() {
    let image = Fixtures.quadrants(width: 10, height: 6)
    let same = image.downscaled(toWidth: 50, height: 50)
    #expect(same == image)
    let narrower = image.downscaled(toWidth: 5, height: 50)
    #expect(narrower.width == 5 && narrower.height == 6)
  }
}

extension Array {
  fileprivate func repeated(_ times: Int) -> [Element] { (0..<times).flatMap { _ in self } }
}
