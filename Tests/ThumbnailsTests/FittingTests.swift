import Testing

@testable import Thumbnails

@Suite struct FittingTests {
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

  /// A strip shrunk hundreds of times (a long screenshot into a tile): one bright pixel
  /// a row in the dark stays a faint average, never a bright speck. Rounding each tap's
  /// weight alone once made the leftover weight negative past about 185×.
  @Test(arguments: [(6000, 9), (20000, 96), (30000, 7), (1000, 3)])
  func aHugeShrinkAveragesEveryRow(rows: Int, to target: Int) async {
    var pixels = [UInt8](repeating: 0, count: 4 * rows * 4)
    for y in 0..<rows {
      pixels[y * 16 + 3] = 255
      pixels[y * 16 + 7] = 255
      pixels[y * 16 + 11] = 255
      pixels[y * 16 + 15] = 255
      pixels[y * 16 + (y % 4) * 4] = 255  // one red pixel a row, in turn
    }
    let small = PixelImage(width: 4, height: rows, pixels: pixels)
      .downscaled(toWidth: 1, height: target)
    // A quarter of the pixels are red: every output pixel is about 64 red, no more.
    for y in 0..<target {
      #expect((62...66).contains(small.pixels[y * 4]), "row \(y): \(small.pixels[y * 4])")
      #expect(small.pixels[y * 4 + 1] == 0 && small.pixels[y * 4 + 3] == 255)
    }
    // One white pixel alone in the dark, on any of the first rows: at most its share.
    let band = Double(rows) / Double(target)
    for bright in 0..<min(rows, 800) {
      // Seconds of work under a sanitizer: between rounds the pool's other tests get a turn.
      await Task.yield()
      var dark = [UInt8](repeating: 0, count: rows * 4)
      for y in 0..<rows { dark[y * 4 + 3] = 255 }
      dark[bright * 4] = 255
      let shrunk = PixelImage(width: 1, height: rows, pixels: dark)
        .downscaled(toWidth: 1, height: target)
      let brightest = (0..<target).map { shrunk.pixels[$0 * 4] }.max() ?? 0
      #expect(Double(brightest) <= 255 / band + 1, "a white pixel on row \(bright)")
    }
    // And a strip of one colour stays exactly that colour.
    let flat = PixelImage(width: 3, height: rows, filledWith: (17, 130, 250, 255))
      .downscaled(toWidth: 2, height: target)
    #expect(flat.pixels == [UInt8]([17, 130, 250, 255]).repeated(2 * target))
  }

  @Test func bilinearEnlargementBlendsNeighboursAndKeepsEdges() {
    // Two pixels, black and white, made four wide: the ends keep their colours, the
    // middle two are a quarter and three quarters of the way (pixel centres aligned).
    let row: [UInt8] = [0, 0, 0, 255, 200, 200, 200, 255]
    let large = PixelImage(width: 2, height: 1, pixels: row).bilinear(toWidth: 4, height: 2)
    #expect(large.width == 4 && large.height == 2)
    let reds = (0..<4).map { large.pixels[$0 * 4] }
    #expect(reds == [0, 50, 150, 200])
    #expect(Array(large.pixels[16..<32]) == Array(large.pixels[0..<16]))
    let flat = PixelImage(width: 3, height: 2, filledWith: (9, 99, 199, 255))
      .bilinear(toWidth: 7, height: 5)
    #expect(flat.pixels == [UInt8]([9, 99, 199, 255]).repeated(35))
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
