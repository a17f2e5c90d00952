import Pictures
import Testing

/// The part of a picture a zoomed view shows: the crop's window.
@Suite struct PictureCropTests {
  @Test func theWindowShowsTheMiddleAndStaysInsideThePicture() {
    // A picture fitted to 40×20 of an 80×20 box, twice as large: 80×40, of which the box
    // shows 80 columns (the whole width) and 20 rows (half the height).
    let crop = PictureCrop(magnification: 2)
    let window = crop.window(fittedWidth: 40, fittedHeight: 20, boxWidth: 80, boxHeight: 20)
    #expect(window.sourceX == 0 && window.sourceWidth == 1)
    #expect(window.sourceY == 0.25 && window.sourceHeight == 0.5)
    #expect(window.x == 0 && window.width == 80 && window.y == 0 && window.height == 20)
    // Past the bottom edge: kept inside.
    let low = PictureCrop(magnification: 2, centerY: 0.95)
    let kept = low.window(fittedWidth: 40, fittedHeight: 20, boxWidth: 80, boxHeight: 20)
    #expect(kept.sourceY == 0.5 && kept.sourceHeight == 0.5)
    #expect(
      low.clamped(fittedWidth: 40, fittedHeight: 20, boxWidth: 80, boxHeight: 20).centerY
        == 0.75)
  }

  @Test func aSmallMagnifiedPictureIsCentredInTheBox() {
    let crop = PictureCrop(magnification: 1.5, centerX: 0.1)
    let window = crop.window(fittedWidth: 20, fittedHeight: 10, boxWidth: 80, boxHeight: 20)
    #expect(window.width == 30 && window.x == 25, "30 of 80 columns, centred")
    #expect(window.sourceX == 0 && window.sourceWidth == 1, "the whole width shows")
  }
}
