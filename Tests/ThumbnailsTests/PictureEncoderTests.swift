import CImageCodecs
import Dispatch
import Foundation
import Pictures
import TerminalKit
import TestSupport
import Testing

@testable import Thumbnails

@Suite struct PictureEncoderTests {
  static let cell = CellPixelSize(width: 10, height: 20)

  /// The payload of every `ESC _ G … ; payload ESC \` command, joined.
  static func kittyPayload(_ bytes: [UInt8]) -> (keys: [String], data: String) {
    var keys: [String] = []
    var data = ""
    for command in String(decoding: bytes, as: UTF8.self).split(separator: "\u{1B}\\") {
      let body = command.dropFirst(3)  // ESC _ G
      let parts = body.split(separator: ";", maxSplits: 1, omittingEmptySubsequences: false)
      keys.append(String(parts[0]))
      if parts.count > 1 { data += parts[1] }
    }
    return (keys, data)
  }

  @Test func aTileIsThePictureFittedAndCentredAtExactPixels() {
    let tile = PictureTile(size: TileSize(columns: 10, rows: 5), cell: Self.cell)
    let picture = PixelImage(width: 200, height: 50, filledWith: (255, 0, 0, 255))
    let pixels = tile.render(picture)
    #expect(pixels.width == 100 && pixels.height == 100)
    // 200×50 shrinks to 100×25, centred: rows 37..<62 red, the rest transparent.
    func pixel(_ image: PixelImage, _ x: Int, _ y: Int) -> [UInt8] {
      Array(image.pixels[((y * 100 + x) * 4)..<((y * 100 + x) * 4 + 4)])
    }
    #expect(pixel(pixels, 50, 50) == [255, 0, 0, 255])
    #expect(pixel(pixels, 50, 10) == [0, 0, 0, 0])
    #expect(pixel(pixels, 50, 90) == [0, 0, 0, 0])
    #expect(pixels.hasTransparency)
    let rounded = PictureTile(
      size: TileSize(columns: 10, rows: 5), cell: Self.cell, cornerRadius: 8
    ).render(picture)
    #expect(pixel(rounded, 0, 37)[3] == 0)
    #expect(pixel(rounded, 50, 49) == [255, 0, 0, 255])
    // The picture's own transparent pixels are drawn over the tile's background.
    let white = BackgroundColor(red: 255, green: 255, blue: 255)
    let clear = PixelImage(width: 100, height: 100, filledWith: (0, 0, 0, 0))
    let filled = PictureTile(
      size: TileSize(columns: 10, rows: 5), cell: Self.cell, background: white
    )
    .render(clear)
    #expect(pixel(filled, 50, 50) == [255, 255, 255, 255])
    #expect(!filled.hasTransparency)
    // A small picture is enlarged only when asked.
    let small = PixelImage(width: 10, height: 10, filledWith: (0, 255, 0, 255))
    #expect(tile.fit(width: 10, height: 10) == (45, 45, 10, 10))
    var enlarging = tile
    enlarging.enlarges = true
    #expect(enlarging.fit(width: 10, height: 10) == (0, 0, 100, 100))
    #expect(enlarging.render(small).pixels[(50 * 100 + 50) * 4 + 1] == 255)
  }

  @Test func kittyTransmitsCompressedRGBByID() throws {
    let tile = PictureTile(size: TileSize(columns: 8, rows: 3), cell: Self.cell)
      .render(Fixtures.quadrants(width: 160, height: 120))
    for format in [TerminalImage.Format.kitty, .kittyPlaceholder] {
      let image = PictureEncoder.encode(tile, format: format, id: 77, columns: 8, rows: 3)
      #expect(image.columns == 8 && image.rows == 3 && image.pixelWidth == 80)
      let (keys, data) = Self.kittyPayload(image.payload)
      #expect(keys[0].hasPrefix("a=t,q=2,i=77,f=24,s=80,v=60,t=d,o=z,m="))
      #expect(keys.contains("a=p,U=1,q=2,i=77,c=8,r=3") == (format == .kittyPlaceholder))
      let compressed = try #require(Data(base64Encoded: data))
      var out = [UInt8](repeating: 0, count: 80 * 60 * 3)
      var size = uLongf(out.count)
      let status = compressed.withUnsafeBytes { source in
        uncompress(
          &out, &size, source.baseAddress?.assumingMemoryBound(to: UInt8.self),
          uLong(compressed.count))
      }
      #expect(status == Z_OK)
      #expect(out == PictureEncoder.rgbBytes(tile))
      // Held once, as the compressed pixels; the base64 transmission is made when written.
      let pixels = try #require(image.kittyPixels)
      #expect(pixels.data == [UInt8](compressed))
      #expect(image.byteCount == pixels.data.count + 96)
    }
  }

  @Test func iterm2SendsAPNGOfTheTile() throws {
    let tile = PictureTile(size: TileSize(columns: 8, rows: 3), cell: Self.cell)
      .render(Fixtures.quadrants(width: 160, height: 120))
    let image = PictureEncoder.encode(tile, format: .iterm2, id: 5, columns: 8, rows: 3)
    let text = String(decoding: image.payload, as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}]1337;File=inline=1;size="))
    #expect(text.contains(";width=8;height=3;preserveAspectRatio=0;doNotMoveCursor=1:"))
    #expect(text.hasSuffix("\u{1B}\\"))
    let base64 = try #require(text.split(separator: ":").last?.dropLast(2))
    let png = try #require(Data(base64Encoded: String(base64)))
    let decoded = try ImageDecoder().decode(bytes: Array(png)).image
    #expect(decoded.width == 80 && decoded.height == 60)
    #expect(decoded.pixels == tile.pixels)
  }

  @Test func aLetterboxIsTransparentInEveryProtocol() throws {
    // 160×40 in an 80×60 tile: bands above and below.
    let tile = PictureTile(size: TileSize(columns: 8, rows: 3), cell: Self.cell)
      .render(PixelImage(width: 160, height: 40, filledWith: (0, 0, 255, 255)))
    let kitty = PictureEncoder.encode(tile, format: .kitty, id: 9, columns: 8, rows: 3)
    let (keys, data) = Self.kittyPayload(kitty.payload)
    #expect(keys[0].hasPrefix("a=t,q=2,i=9,f=32,s=80,v=60,t=d,o=z,m="))
    let compressed = try #require(Data(base64Encoded: data))
    var out = [UInt8](repeating: 0, count: 80 * 60 * 4)
    var size = uLongf(out.count)
    let status = compressed.withUnsafeBytes { source in
      uncompress(
        &out, &size, source.baseAddress?.assumingMemoryBound(to: UInt8.self),
        uLong(compressed.count))
    }
    #expect(status == Z_OK && Int(size) == out.count)
    #expect(out[3] == 0 && out[(30 * 80 + 40) * 4 + 3] == 255)

    let iterm2 = PictureEncoder.encode(tile, format: .iterm2, id: 9, columns: 8, rows: 3)
    let text = String(decoding: iterm2.payload, as: UTF8.self)
    let base64 = try #require(text.split(separator: ":").last?.dropLast(2))
    let png = Array(try #require(Data(base64Encoded: String(base64))))
    #expect(png[25] == 6)  // IHDR's colour type: RGBA
    var decoder = ImageDecoder()
    decoder.background = BackgroundColor(red: 0, green: 255, blue: 0)
    let shown = try decoder.decode(bytes: png).image
    #expect(Array(shown.pixels[0..<3]) == [0, 255, 0])

    // chafa's sixels leave the pixels they do not paint as they were (P2=1).
    let sixel = PictureEncoder.encode(tile, format: .sixel, id: 9, columns: 8, rows: 3)
    #expect(String(decoding: sixel.payload, as: UTF8.self).hasPrefix("\u{1B}P0;1;0q"))
  }

  /// Over a slow link kitty gets a PNG (`f=100`): fewer bytes for a photograph-like tile,
  /// and the same pixels.
  @Test func aCompactKittyPictureIsAPNG() throws {
    let tile = PictureTile(size: TileSize(columns: 8, rows: 3), cell: Self.cell)
      .render(Fixtures.scene(width: 160, height: 120))
    let plain = PictureEncoder.encoded(tile, format: .kitty, columns: 8, rows: 3)
    let compact = PictureEncoder.encoded(tile, format: .kitty, columns: 8, rows: 3, packing: .png)
    #expect(compact.isPNG && !compact.isCompressed)
    #expect(compact.data.count < plain.data.count, "\(compact.data.count) vs \(plain.data.count)")
    let image = compact.image(id: 12)
    let (keys, data) = Self.kittyPayload(image.payload)
    #expect(keys[0].hasPrefix("a=t,q=2,i=12,f=100,s=80,v=60,t=d,m="))
    #expect(image.kittyPixels?.format == .png)
    let png = try #require(Data(base64Encoded: data))
    #expect(try ImageDecoder().decode(bytes: Array(png)).image.pixels == tile.pixels)
  }

  /// A kitty on this machine reads its pictures from files: they go as plain RGB, no
  /// work spent packing them, the same pixels.
  @Test func aPlainKittyPictureIsItsPixels() throws {
    let tile = PictureTile(size: TileSize(columns: 8, rows: 3), cell: Self.cell)
      .render(Fixtures.scene(width: 160, height: 120))
    let plain = PictureEncoder.encoded(tile, format: .kitty, columns: 8, rows: 3, packing: .plain)
    #expect(!plain.isPNG && !plain.isCompressed)
    #expect(plain.data == PictureEncoder.rgbBytes(tile))
    let image = plain.image(id: 13)
    let (keys, _) = Self.kittyPayload(image.payload)
    #expect(keys[0].hasPrefix("a=t,q=2,i=13,f=24,s=80,v=60,t=d,m="), "\(keys[0])")
    #expect(image.kittyPixels?.compressed == false)
  }

  @Test func sixelComesFromChafaAtTheTilesExactSize() {
    let tile = PictureTile(size: TileSize(columns: 8, rows: 3), cell: Self.cell)
      .render(Fixtures.quadrants(width: 160, height: 120))
    let image = PictureEncoder.encode(tile, format: .sixel, id: 5, columns: 8, rows: 3)
    let text = String(decoding: image.payload, as: UTF8.self)
    #expect(text.hasPrefix("\u{1B}P"))
    #expect(text.contains("q\"1;1;80;60"))
    #expect(text.hasSuffix("\u{1B}\\"))
  }

  @Test func thePipelineEncodesCachesAndCrops() async throws {
    let folder = Fixtures.makeFolder()
    let jpeg = Fixtures.write(
      Fixtures.jpeg(Fixtures.scene(width: 640, height: 320)), "a.jpg", in: folder)
    let done = TestSignal()
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(
        diskCache: ThumbnailDiskCache(root: folder + "/thumbnails"), threadCount: 1)
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let tile = PictureTile(size: TileSize(columns: 20, rows: 6), cell: Self.cell)
    let results = Recorder<PictureResult>()
    func run(_ request: PictureRequest) async -> PictureResult? {
      pipeline.requestPicture(request, priority: 1) { _, result in
        results.append(result)
        done.signal()
      }
      guard await done.wait() else { return nil }
      return results.elements.last
    }
    let whole = PictureRequest(path: jpeg, tile: tile, format: .sixel)
    let first = try #require(await run(whole)?.image)
    #expect(first.columns == 20 && first.rows == 6 && first.pixelWidth == 200)
    #expect(pipeline.cachedPicture(for: whole)?.image === first)
    #expect(await run(whole)?.image === first)
    let cut = PictureRequest(
      path: jpeg, tile: tile, format: .sixel,
      visible: TileCrop(column: 12, row: 0, columns: 8, rows: 6))
    let part = try #require(await run(cut)?.image)
    #expect(part.columns == 8 && part.rows == 6 && part.pixelWidth == 80)
    #expect(part.id != first.id)
    let kitty = try #require(
      await run(PictureRequest(path: jpeg, tile: tile, format: .kitty))?.image)
    #expect(kitty.format == .kitty)
    let broken = Fixtures.write(Array("not a picture".utf8), "b.jpg", in: folder)
    guard case .failed = await run(PictureRequest(path: broken, tile: tile, format: .kitty)) else {
      Issue.record("expected a failure")
      return
    }
  }
}

/// A zoomed detail view in pixels: the same crop as cell art, the visible part of the
/// picture decoded large and drawn over the tile.
@Suite struct PictureZoomTests {
  @Test func aZoomedTileShowsThePartAroundItsCentre() async throws {
    let folder = Fixtures.makeFolder()
    let path = Fixtures.write(
      Fixtures.png(Fixtures.quadrants(width: 64, height: 48), kind: .rgb), "q.png", in: folder)
    let pipeline = ThumbnailPipeline(
      configuration: ThumbnailConfiguration(diskCache: ThumbnailDiskCache(isEnabled: false))
    ) { _, _ in }
    defer { pipeline.shutdown() }
    let tile = PictureTile(
      size: TileSize(columns: 8, rows: 3), cell: CellPixelSize(width: 10, height: 20),
      enlarges: true)
    func decoded(_ zoom: PictureCrop?) async throws -> PixelImage {
      let done = TestSignal()
      let result = Recorder<PictureResult>()
      pipeline.requestPicture(
        PictureRequest(path: path, tile: tile, format: .iterm2, zoom: zoom), priority: 4
      ) { _, picture in
        result.append(picture)
        done.signal()
      }
      #expect(await done.wait())
      let image = try #require(result.elements.first?.image)
      let text = String(decoding: image.payload, as: UTF8.self)
      let base64 = try #require(text.split(separator: ":").last?.dropLast(2))
      let png = try #require(Data(base64Encoded: String(base64)))
      return try ImageDecoder().decode(bytes: Array(png)).image
    }
    func colour(_ image: PixelImage, _ x: Int, _ y: Int) -> [UInt8] {
      Array(image.pixels[((y * image.width + x) * 4)..<((y * image.width + x) * 4 + 3)])
    }
    // Whole: the four quadrants, red top left and white bottom right of the tile's middle.
    let whole = try await decoded(nil)
    #expect(whole.width == 80 && whole.height == 60)
    #expect(Fixtures.close(colour(whole, 30, 15).map(Int.init), [255, 0, 0]))
    #expect(Fixtures.close(colour(whole, 50, 45).map(Int.init), [255, 255, 255]))
    // Four times larger around the red quadrant's centre: red wherever the picture shows.
    let zoomed = try await decoded(PictureCrop(magnification: 4, centerX: 0.25, centerY: 0.25))
    for (x, y) in [(10, 10), (40, 30), (70, 50)] {
      #expect(Fixtures.close(colour(zoomed, x, y).map(Int.init), [255, 0, 0]), "\(x),\(y)")
    }
  }
}
