import Foundation
import Pictures
import TerminalKit
import Thumbnails

/// Pictures in pixels: encode time and bytes per tile for each protocol, and
/// the bytes a frame of placed pictures writes when it scrolls.
@MainActor let graphicsBenchmarks = BenchmarkGroup(name: "graphics") {
  // A photograph-like source: smooth shapes and fine noise (flat colours would
  // flatter every compressor).
  let source = benchPhoto(width: 1024, height: 768)
  let cell = CellPixelSize(width: 10, height: 20)
  let tiles: [(name: String, size: TileSize)] = [
    ("tile_30x8", TileSize(columns: 30, rows: 8)),
    ("detail_120x40", TileSize(columns: 120, rows: 40)),
  ]
  for (name, size) in tiles {
    let tile = PictureTile(size: size, cell: cell)
    let fitNanoseconds = medianNanoseconds(runs: 5) { _ = tile.render(source) }
    report("graphics.fit_\(name)", fitNanoseconds / 1_000_000, "ms")
    let pixels = tile.render(source)
    for format in [TerminalImage.Format.kitty, .sixel, .iterm2] {
      var image: TerminalImage?
      let nanoseconds = medianNanoseconds(runs: 5) {
        image = PictureEncoder.encode(
          pixels, format: format, id: 1, columns: size.columns, rows: size.rows)
      }
      report("graphics.encode_\(format.rawValue)_\(name)", nanoseconds / 1_000_000, "ms")
      report(
        "graphics.bytes_\(format.rawValue)_\(name)", Double(image?.payload.count ?? 0), "bytes")
      // What the picture caches count it at: kitty's pixels once, its base64 made as sent.
      report("graphics.held_\(format.rawValue)_\(name)", Double(image?.byteCount ?? 0), "bytes")
      if format == .kitty, let image {
        // Its base64 transmission, made on the drawing thread when it is sent directly.
        let sending = medianNanoseconds(runs: 5) { _ = image.payload }
        report("graphics.transmission_kitty_\(name)", sending / 1_000_000, "ms")
      }
    }
    // Over a slow link kitty gets a PNG: fewer bytes for more work.
    var compact: TerminalImage?
    let compactNanoseconds = medianNanoseconds(runs: 5) {
      compact = PictureEncoder.encode(
        pixels, format: .kitty, id: 1, columns: size.columns, rows: size.rows, packing: .png)
    }
    report("graphics.encode_kitty_png_\(name)", compactNanoseconds / 1_000_000, "ms")
    report("graphics.bytes_kitty_png_\(name)", Double(compact?.payload.count ?? 0), "bytes")
    // A terminal with 1024 colour registers (foot, mlterm) gets the gallery's own sixels.
    var many: TerminalImage?
    let manyNanoseconds = medianNanoseconds(runs: 5) {
      many = PictureEncoder.encode(
        pixels, format: .sixel, id: 1, columns: size.columns, rows: size.rows,
        sixelRegisters: 1024)
    }
    report("graphics.encode_sixel_1024_\(name)", manyNanoseconds / 1_000_000, "ms")
    report("graphics.bytes_sixel_1024_\(name)", Double(many?.payload.count ?? 0), "bytes")
  }

  // A 200×60 screen of 12 placed pictures (30×8 cells) scrolled by 5 rows, and
  // a focus move (one label changes).
  let tile = PictureTile(size: TileSize(columns: 30, rows: 8), cell: cell)
  let pixels = tile.render(source)
  for format in [TerminalImage.Format.kitty, .kittyPlaceholder, .sixel] {
    let images = (0..<18).map {
      PictureEncoder.encode(pixels, format: format, id: UInt32($0 + 1), columns: 30, rows: 8)
    }
    func screen(scroll: Int, focus: Int) -> Frame {
      var frame = Frame(width: 200, height: 60)
      for index in images.indices {
        let x = 2 + (index % 6) * 33
        let y = 1 + (index / 6) * 11 - scroll
        frame.place(images[index], x: x, y: y)
        frame.put(
          "IMG_\(4000 + index).jpg", x: x, y: y + 8,
          style: index == focus ? Style(attributes: .reverse) : .plain)
      }
      frame.put(" status \(scroll) \(focus)", x: 0, y: 59, style: Style(attributes: .reverse))
      return frame
    }
    var writer = ANSIWriter(mode: .truecolor)
    let first = screen(scroll: 0, focus: 0)
    let initial = writer.update(from: nil, to: first, scrolling: true)
    let moved = screen(scroll: 0, focus: 1)
    let focusBytes = writer.update(from: first, to: moved, scrolling: true)
    let scrolled = screen(scroll: 5, focus: 1)
    let scrollBytes = writer.update(from: moved, to: scrolled, scrolling: true)
    report("graphics.first_frame_bytes_\(format.rawValue)", Double(initial.count), "bytes")
    report("graphics.focus_move_bytes_\(format.rawValue)", Double(focusBytes.count), "bytes")
    report("graphics.scroll_5_rows_bytes_\(format.rawValue)", Double(scrollBytes.count), "bytes")
  }
}

/// A deterministic picture with photographic texture.
func benchPhoto(width: Int, height: Int) -> PixelImage {
  var pixels = [UInt8](repeating: 255, count: width * height * 4)
  var seed: UInt32 = 12345
  for y in 0..<height {
    for x in 0..<width {
      seed = seed &* 1_103_515_245 &+ 12345
      let noise = Double(seed >> 24) / 255 * 24 - 12
      let fx = Double(x) / Double(width)
      let fy = Double(y) / Double(height)
      let r = 128 + 90 * sin(fx * 7 + fy * 3) + noise
      let g = 120 + 80 * cos(fy * 9 - fx * 2) + noise
      let b = 110 + 100 * sin((fx + fy) * 5) * cos(fx * 11) + noise
      let at = (y * width + x) * 4
      pixels[at] = UInt8(max(0, min(255, r)))
      pixels[at + 1] = UInt8(max(0, min(255, g)))
      pixels[at + 2] = UInt8(max(0, min(255, b)))
    }
  }
  return PixelImage(width: width, height: height, pixels: pixels)
}
