import Foundation
import Pictures
import Testing

@testable import Thumbnails

@Suite struct JPEGDecodingTests {
  let decoder = ImageDecoder()
  let red = [255, 0, 0, 255]
  let green = [0, 255, 0, 255]
  let blue = [0, 0, 255, 255]
  let white = [255, 255, 255, 255]

  func expectQuadrants(_ image: PixelImage, tolerance: Int = 12) {
    let w = image.width
    let h = image.height
    #expect(Fixtures.close(Fixtures.pixel(image, w / 4, h / 4), red, tolerance: tolerance))
    #expect(Fixtures.close(Fixtures.pixel(image, 3 * w / 4, h / 4), green, tolerance: tolerance))
    #expect(Fixtures.close(Fixtures.pixel(image, w / 4, 3 * h / 4), blue, tolerance: tolerance))
    #expect(
      Fixtures.close(Fixtures.pixel(image, 3 * w / 4, 3 * h / 4), white, tolerance: tolerance))
  }

  @Test(arguments: [Fixtures.JPEGKind.baseline, .progressive])
  func colourJPEGDecodesFullSize(kind: Fixtures.JPEGKind) throws {
    let bytes = Fixtures.jpeg(Fixtures.quadrants(width: 64, height: 48), kind: kind)
    let decoded = try decoder.decode(bytes: bytes)
    #expect(decoded.image.width == 64 && decoded.image.height == 48)
    #expect(decoded.image.stride == 64 * 4)
    #expect(decoded.metadata.format == .jpeg)
    #expect(decoded.metadata.originalWidth == 64 && decoded.metadata.originalHeight == 48)
    #expect(!decoded.isPartial)
    expectQuadrants(decoded.image)
  }

  @Test func greyscaleJPEGBecomesGreyRGBA() throws {
    let bytes = Fixtures.jpeg(Fixtures.quadrants(width: 32, height: 32), kind: .greyscale)
    let image = try decoder.decode(bytes: bytes).image
    let pixel = Fixtures.pixel(image, 24, 24)
    #expect(pixel[0] == pixel[1] && pixel[1] == pixel[2] && pixel[3] == 255)
    #expect(pixel[0] > 240)  // white quadrant
    #expect(Fixtures.pixel(image, 8, 8)[0] < 120)  // red is darker in grey
  }

  @Test func cmykJPEGConvertsToRGB() throws {
    let bytes = Fixtures.jpeg(Fixtures.quadrants(width: 32, height: 32), kind: .cmyk)
    #expect(!bytes.isEmpty)
    let image = try decoder.decode(bytes: bytes).image
    expectQuadrants(image, tolerance: 24)
  }

  @Test func exifOrientationTurnsPixelsAndReadsMetadata() throws {
    // Orientation 6: the stored picture needs a quarter turn clockwise.
    let bytes = Fixtures.jpegWithExif(
      Fixtures.quadrants(width: 64, height: 32), orientation: 6, model: "Test Camera",
      date: "2024:05:01 12:34:56")
    let decoded = try decoder.decode(bytes: bytes)
    #expect(decoded.image.width == 32 && decoded.image.height == 64)
    #expect(decoded.metadata.orientation == 6)
    #expect(decoded.metadata.displayWidth == 32)
    #expect(decoded.metadata.cameraModel == "Test Camera")
    #expect(decoded.metadata.dateTaken == "2024:05:01 12:34:56")
    // Turned clockwise: the stored bottom-left (blue) is now top-left, red top-right.
    #expect(Fixtures.close(Fixtures.pixel(decoded.image, 8, 16), blue))
    #expect(Fixtures.close(Fixtures.pixel(decoded.image, 24, 16), red))
    #expect(Fixtures.close(Fixtures.pixel(decoded.image, 8, 48), white))
    #expect(Fixtures.close(Fixtures.pixel(decoded.image, 24, 48), green))
  }

  @Test(arguments: 1...8)
  func everyOrientationKeepsCornersConsistent(orientation: Int) {
    // A 3×2 picture with distinct pixel values; checks against the spec's mapping.
    let stored = PixelImage(width: 3, height: 2, pixels: (0..<24).map { UInt8($0 / 4) })
    let turned = stored.oriented(orientation)
    let value = { (image: PixelImage, x: Int, y: Int) in
      Int(image.pixels[(y * image.width + x) * 4])
    }
    // Where the stored top-left pixel (value 0) must land, per orientation.
    let expected: [Int: (Int, Int)] = [
      1: (0, 0), 2: (2, 0), 3: (2, 1), 4: (0, 1), 5: (0, 0), 6: (1, 0), 7: (1, 2), 8: (0, 2),
    ]
    guard let (x, y) = expected[orientation] else { return }
    #expect(value(turned, x, y) == 0)
    #expect(turned.width * turned.height == 6)
  }

  @Test func dctScaleIsTheSmallestStillCoveringTheTarget() {
    let factors = JPEGDecoder.scalingFactors
    #expect(factors.contains(JPEGScale(1, 8)))
    func pick(_ w: Int, _ h: Int, _ tw: Int, _ th: Int) -> JPEGScale {
      JPEGScale.smallest(from: factors, width: w, height: h, atLeast: (tw, th))
    }
    #expect(pick(1920, 1080, 160, 90) == JPEGScale(1, 8))
    #expect(pick(1920, 1080, 240, 135) == JPEGScale(1, 8))
    #expect(pick(1920, 1080, 241, 100) == JPEGScale(1, 4))
    #expect(pick(1920, 1080, 300, 200) == JPEGScale(1, 4))
    #expect(
      pick(1920, 1080, 1000, 500) == JPEGScale(9, 16)
        || pick(1920, 1080, 1000, 500) == JPEGScale(5, 8))
    #expect(pick(1920, 1080, 1920, 1080) == .full)
    #expect(pick(100, 100, 4000, 4000) == .full)  // never upscales
    for factor in factors where factor.numerator < factor.denominator {
      let chosen = pick(1920, 1080, 300, 200)
      // Nothing smaller than the chosen one covers the target.
      if factor.scaled(1920) < chosen.scaled(1920) {
        #expect(factor.scaled(1920) < 300 || factor.scaled(1080) < 200)
      }
    }
  }

  @Test func decodingAtATargetUsesTheDCTScale() throws {
    let bytes = Fixtures.jpeg(Fixtures.quadrants(width: 256, height: 128))
    let decoded = try decoder.decode(bytes: bytes, target: (32, 16))
    #expect(decoded.image.width == 32 && decoded.image.height == 16)
    #expect(decoded.metadata.originalWidth == 256)
    expectQuadrants(decoded.image, tolerance: 30)
  }
}

@Suite struct PNGDecodingTests {
  let decoder = ImageDecoder(background: BackgroundColor(red: 10, green: 20, blue: 30))

  @Test(arguments: [
    Fixtures.PNGKind.grey, .greyAlpha, .rgb, .rgba, .paletteWithTransparency, .sixteenBit,
  ])
  func everyColourTypeDecodes(kind: Fixtures.PNGKind) throws {
    let source = Fixtures.quadrants(width: 20, height: 10)
    let bytes = Fixtures.png(source, kind: kind)
    #expect(ImageFormat.sniff(bytes) == .png)
    let decoded = try decoder.decode(bytes: bytes)
    #expect(decoded.image.width == 20 && decoded.image.height == 10)
    #expect(decoded.metadata.format == .png)
    let bottomRight = Fixtures.pixel(decoded.image, 15, 7)
    #expect(Fixtures.close(bottomRight, [255, 255, 255, 255], tolerance: 1))
    let topLeftQuadrant = Fixtures.pixel(decoded.image, 5, 2)
    switch kind {
    case .grey, .greyAlpha:
      #expect(topLeftQuadrant[0] == topLeftQuadrant[1] && topLeftQuadrant[0] == 85)
    default:
      #expect(Fixtures.close(topLeftQuadrant, [255, 0, 0, 255], tolerance: 1))
    }
    if kind == .paletteWithTransparency {
      // The transparent corner shows the background.
      #expect(Fixtures.pixel(decoded.image, 0, 0) == [10, 20, 30, 255])
    }
  }

  @Test func alphaIsCompositedOverTheBackground() throws {
    let half = Fixtures.quadrants(width: 8, height: 8, alpha: 128)
    let decoded = try decoder.decode(bytes: Fixtures.png(half, kind: .rgba))
    let pixel = Fixtures.pixel(decoded.image, 1, 1)  // red at alpha 128 over (10, 20, 30)
    #expect(Fixtures.close(pixel, [133, 10, 15, 255], tolerance: 2))
    #expect(decoded.image.compositedOver == BackgroundColor(red: 10, green: 20, blue: 30))
    let opaque = try decoder.decode(
      bytes: Fixtures.png(Fixtures.quadrants(width: 8, height: 8), kind: .rgba))
    #expect(opaque.image.compositedOver == nil)
  }

  @Test func interlacedPNGDecodes() throws {
    let folder = Fixtures.makeFolder()
    let path = Fixtures.interlacedPNG(Fixtures.quadrants(width: 33, height: 17), in: folder)
    let decoded = try decoder.decode(path: path)
    #expect(decoded.image.width == 33 && decoded.image.height == 17)
    #expect(Fixtures.pixel(decoded.image, 30, 15) == [255, 255, 255, 255])
    #expect(Fixtures.pixel(decoded.image, 2, 12) == [0, 0, 255, 255])
  }
}

@Suite struct FormatSniffingTests {
  @Test func formatComesFromTheBytesNotTheName() throws {
    let folder = Fixtures.makeFolder()
    let picture = Fixtures.quadrants(width: 8, height: 8)
    let pngNamedJPEG = Fixtures.write(
      Fixtures.png(picture, kind: .rgb), "really-png.jpg", in: folder)
    let jpegNamedPNG = Fixtures.write(Fixtures.jpeg(picture), "really-jpeg.png", in: folder)
    #expect(try ImageDecoder().decode(path: pngNamedJPEG).metadata.format == .png)
    #expect(try ImageDecoder().decode(path: jpegNamedPNG).metadata.format == .jpeg)
  }

}
