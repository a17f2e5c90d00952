import Pictures
import Testing

/// Where a picture lands in a box of cells.
@Suite struct CellFitTests {
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
}
