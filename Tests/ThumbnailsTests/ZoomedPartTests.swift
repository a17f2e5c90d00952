import Foundation
import Pictures
import Testing

@testable import Thumbnails

/// A zoomed JPEG decoded in part: the same pixels as TurboJPEG's whole picture at that
/// place (the same inverse DCT and upsampling), for every orientation, kept around the window so panning decodes nothing new.
@Suite struct ZoomedPartTests {
  static let limits = DecodeLimits()

  /// The largest difference of a channel between two images of one size.
  static func largestDifference(_ one: PixelImage, _ other: PixelImage) -> Int {
    zip(one.pixels, other.pixels).map { abs(Int($0) - Int($1)) }.max() ?? 0
  }

  @Test func aWindowAsStoredAndAsShownUndoEachOther() {
    let window = PictureWindow(x: 0.1, y: 0.2, width: 0.3, height: 0.4)
    func isClose(_ one: PictureWindow, _ other: PictureWindow) -> Bool {
      abs(one.x - other.x) < 1e-12 && abs(one.y - other.y) < 1e-12
        && abs(one.width - other.width) < 1e-12 && abs(one.height - other.height) < 1e-12
    }
    for orientation in 1...8 {
      let stored = window.stored(orientation: orientation)
      #expect(isClose(stored.shown(orientation: orientation), window), "orientation \(orientation)")
    }
    // A quarter turn clockwise shows the stored top along the right: the shown top left
    // corner is the stored bottom left.
    #expect(
      isClose(window.stored(orientation: 6), PictureWindow(x: 0.2, y: 0.6, width: 0.4, height: 0.3))
    )
    #expect(
      isClose(window.stored(orientation: 3), PictureWindow(x: 0.6, y: 0.4, width: 0.3, height: 0.4))
    )
  }

  /// For each orientation, the part decoded is the whole picture's pixels at that place.
  @Test(arguments: 1...8)
  func aPartIsTheWholePicturesPixelsThere(orientation: Int) throws {
    let bytes = Fixtures.jpegWithExif(
      Fixtures.scene(width: 320, height: 240), orientation: UInt16(orientation), model: "Part",
      date: "2024:05:01 12:00:00")
    let whole = try ImageDecoder().decode(bytes: bytes).image
    let window = PictureWindow(x: 0.25, y: 0.125, width: 0.5, height: 0.375)
    let part = try #require(
      try JPEGDecoder.decodePart(
        bytes, window: window, size: (whole.width, whole.height), limits: Self.limits))
    #expect(part.window.contains(window), "\(part.window) covers \(window)")
    #expect(part.metadata.orientation == orientation)
    let expected = whole.cropped(to: part.window)
    #expect(part.image.width == expected.width && part.image.height == expected.height)
    #expect(Self.largestDifference(part.image, expected) == 0, "orientation \(orientation)")
  }

  /// A part of a picture zoomed to less than its size decodes at a DCT scale.
  @Test func aSmallerZoomDecodesAtAScale() throws {
    let bytes = Fixtures.jpeg(Fixtures.scene(width: 800, height: 600))
    let part = try #require(
      try JPEGDecoder.decodePart(
        bytes, window: PictureWindow(x: 0, y: 0, width: 0.5, height: 0.5), size: (200, 150),
        limits: Self.limits))
    #expect(part.image.width == 100 && part.image.height == 75, "\(part.image.width)")
  }

  @Test func aCMYKPictureIsLeftToTheWholeDecode() throws {
    let bytes = Fixtures.jpeg(Fixtures.scene(width: 64, height: 48), kind: .cmyk)
    #expect(
      try JPEGDecoder.decodePart(bytes, window: .whole, size: (64, 48), limits: Self.limits)
        == nil)
  }

  @Test func aProgressiveOrGreyPictureIsDecodedInPart() throws {
    for kind in [Fixtures.JPEGKind.progressive, .greyscale] {
      let bytes = Fixtures.jpeg(Fixtures.scene(width: 160, height: 120), kind: kind)
      let whole = try ImageDecoder().decode(bytes: bytes).image
      let part = try #require(
        try JPEGDecoder.decodePart(
          bytes, window: PictureWindow(x: 0.5, y: 0.5, width: 0.5, height: 0.5),
          size: (160, 120), limits: Self.limits))
      #expect(Self.largestDifference(part.image, whole.cropped(to: part.window)) == 0, "\(kind)")
    }
  }

  @Test func aDamagedPictureFailsOrDecodesButNeverCrashes() throws {
    let bytes = Fixtures.jpeg(Fixtures.scene(width: 160, height: 120))
    let cut = Array(bytes.prefix(bytes.count / 2))
    let result = Result { () throws(ThumbnailError) in
      try JPEGDecoder.decodePart(
        cut, window: PictureWindow(x: 0.2, y: 0.6, width: 0.5, height: 0.3), size: (160, 120),
        limits: Self.limits)
    }
    // libjpeg fills a cut file in with grey and warns: it is left to the whole decode,
    // which says the picture is partial, and never kept as a whole part.
    if case .success(let part) = result { #expect(part == nil) }
    var garbage = bytes
    for index in stride(from: 700, to: garbage.count - 2, by: 13) { garbage[index] ^= 0x5A }
    _ = try? JPEGDecoder.decodePart(
      garbage, window: .whole, size: (160, 120), limits: Self.limits)
  }

  /// Panning inside the margin cuts from the part kept; past it, a new part is decoded.
  @Test func panningCutsFromThePartKept() throws {
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(
      Fixtures.jpeg(Fixtures.scene(width: 1600, height: 1200)), "p.jpg", in: folder)
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(diskCache: ThumbnailDiskCache(isEnabled: false))
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let first = PictureWindow(x: 0.4, y: 0.4, width: 0.2, height: 0.2)
    let (image, metadata) = try #require(
      pipeline.zoomedWindow(path: path, format: .jpeg, width: 1600, height: 1200, window: first))
    #expect(metadata?.format == .jpeg)
    // A fifth of each side, a pixel more where the edges round outwards.
    #expect((320...321).contains(image.width) && (240...241).contains(image.height))
    let kept = try #require(pipeline.zoomedParts.value(for: path))
    #expect(kept.window.contains(first.grown(by: 0.4)))
    // A step to the right, inside the margin: the same part.
    let step = PictureWindow(x: 0.45, y: 0.4, width: 0.2, height: 0.2)
    let (stepped, _) = try #require(
      pipeline.zoomedWindow(path: path, format: .jpeg, width: 1600, height: 1200, window: step))
    #expect((320...321).contains(stepped.width))
    #expect(pipeline.zoomedParts.value(for: path)?.window == kept.window)
    // Far to the left: a new part.
    let far = PictureWindow(x: 0, y: 0, width: 0.2, height: 0.2)
    _ = try #require(
      pipeline.zoomedWindow(path: path, format: .jpeg, width: 1600, height: 1200, window: far))
    #expect(pipeline.zoomedParts.value(for: path)?.window != kept.window)
    // Another format is decoded whole by the caller.
    let png = Fixtures.write(
      Fixtures.png(Fixtures.scene(width: 64, height: 48), kind: .rgb), "p.png", in: folder)
    #expect(
      pipeline.zoomedWindow(path: png, format: .png, width: 64, height: 48, window: first) == nil)
  }

  /// A picture no part of which can be decoded alone, too large zoomed to keep whole (a
  /// raw developed at 100 %), keeps the part around the window: a pan step inside it
  /// decodes nothing.
  @Test func aWholeCopyTooLargeToKeepLeavesItsPartForPanning() throws {
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(
      Fixtures.png(Fixtures.quadrants(width: 2000, height: 1000), kind: .rgb), "q.png",
      in: folder)
    // Eight times zoomed, the copy is the whole picture (2000×1000, 8 MB), past the cap; a
    // part around the window (a quarter of each side) is not.
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(
        diskCache: ThumbnailDiskCache(isEnabled: false), zoomedCacheBytes: 4 << 20)
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let box = TileSize(columns: 80, rows: 10)
    let crop = PictureCrop(magnification: 8, centerX: 0.2, centerY: 0.2)
    _ = try #require(
      pipeline.produce(ThumbnailRequest(path: path, size: box, crop: crop), isCancelled: { false }))
    let keptWhole = pipeline.zoomed.value(for: path) != nil
    #expect(!keptWhole, "the whole copy is not kept")
    let kept = try #require(pipeline.zoomedParts.value(for: path))
    #expect(kept.image.byteCount <= 4 << 20)
    // A step to the right is cut from the part kept, in red (the top left quadrant).
    let step = PictureCrop(magnification: 8, centerX: 0.21, centerY: 0.2)
    let result = try #require(
      pipeline.produce(ThumbnailRequest(path: path, size: box, crop: step), isCancelled: { false }))
    let samePart = pipeline.zoomedParts.value(for: path)?.window == kept.window
    #expect(samePart)
    guard case .art(let art, _, _) = result else {
      Issue.record("no art")
      return
    }
    let drawn = art.cells.filter { $0.style.background != .default }
    #expect(!drawn.isEmpty)
  }
}
