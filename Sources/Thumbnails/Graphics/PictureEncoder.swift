import CChafa
import CImageCodecs
import Pictures
import TerminalKit

/// Turns a tile's pixels into a `TerminalImage` for one protocol.
///
/// A tile's letterbox (and the outside of rounded corners) is transparent, so the
/// terminal's own background shows there; the picture itself is opaque.
///
/// - sixel: libchafa's sixel encoder (its palette and dithering; 256 colour
///   registers), on a pixel canvas of exactly the tile's cells and cell size; for a
///   terminal that reports another number of registers, `SixelEncoder` in that many.
///   Both start with a transparent background (`P2=1`): the letterbox's pixels are left
///   out.
/// - kitty: the pixels, RGB (RGBA when the tile has a letterbox), zlib-compressed
///   (`o=z`), base64 in 4096-byte chunks, transmitted once by id. libchafa's kitty output
///   was measured and not used: it shows the image at once (`a=T`, no id to place it
///   again) and sends RGBA uncompressed, about 10× the bytes.
/// - iTerm2: a PNG (libpng), RGB or RGBA the same way, base64. libchafa's iTerm2 output is
///   an uncompressed TIFF, several times larger.
package enum PictureEncoder {
  /// Changes whenever the same tile would be encoded differently: part of the art disk
  /// cache's keys.
  package static let revision = 2

  /// zlib's level for kitty transmissions: fast, and within a few per cent of
  /// the best size on photographs.
  static let zlibLevel: Int32 = 3

  /// `tile` (exactly `columns × rows` cells of the tile's cell size) as an
  /// image of `format` named `id`; `packing` packs kitty's pixels (`PicturePacking`),
  /// `sixelRegisters` (not 256) makes sixels in that many colours. Safe from any thread.
  package static func encode(
    _ tile: PixelImage, format: TerminalImage.Format, id: UInt32, columns: Int, rows: Int,
    packing: PicturePacking = .deflated, sixelRegisters: Int? = nil
  ) -> TerminalImage {
    encoded(
      tile, format: format, columns: columns, rows: rows, packing: packing,
      sixelRegisters: sixelRegisters
    ).image(id: id)
  }

  /// `tile` encoded for `format` but not yet named: what the disk cache keeps, kitty's
  /// pixels packed as `packing` says.
  static func encoded(
    _ tile: PixelImage, format: TerminalImage.Format, columns: Int, rows: Int,
    packing: PicturePacking = .deflated, sixelRegisters: Int? = nil
  ) -> EncodedPicture {
    let alpha = tile.hasTransparency
    var picture = EncodedPicture(
      format: format, columns: columns, rows: rows, pixelWidth: tile.width,
      pixelHeight: tile.height, data: [], isCompressed: false, hasAlpha: alpha)
    switch format {
    case .sixel:
      if let registers = sixelRegisters, registers != 256 {
        picture.data = SixelEncoder.encode(tile, registers: registers)
      } else {
        picture.data = sixel(tile, columns: columns, rows: rows)
      }
    case .iterm2:
      picture.data = ITerm2Image.sequence(
        file: png(tile, alpha: alpha), columns: columns, rows: rows)
    case .kitty, .kittyPlaceholder:
      if packing == .png {
        picture.data = png(tile, alpha: alpha)
        picture.isPNG = !picture.data.isEmpty
      }
      // Pixels when not a PNG, or libpng failed.
      if !picture.isPNG {
        let pixels = alpha ? tile.pixels : rgbBytes(tile)
        let compressed = packing == .plain ? nil : zlib(pixels)
        picture.data = compressed ?? pixels
        picture.isCompressed = compressed != nil
      }
    }
    return picture
  }

  /// The pixels without alpha, for a tile with no transparent pixel.
  static func rgbBytes(_ image: PixelImage) -> [UInt8] {
    var rgb = [UInt8](repeating: 0, count: image.width * image.height * 3)
    image.pixels.withUnsafeBufferPointer { source in
      rgb.withUnsafeMutableBufferPointer { target in
        var from = 0
        var to = 0
        while from < source.count {
          target[to] = source[from]
          target[to + 1] = source[from + 1]
          target[to + 2] = source[from + 2]
          from += 4
          to += 3
        }
      }
    }
    return rgb
  }

  /// zlib's compression of `bytes`; nil if zlib fails (then sent uncompressed).
  static func zlib(_ bytes: [UInt8], level: Int32 = zlibLevel) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: Int(gallery_zlib_bound(UInt(bytes.count))))
    let size = bytes.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        gallery_zlib_compress(
          source.baseAddress, UInt(source.count), target.baseAddress, UInt(target.count),
          level)
      }
    }
    guard size >= 0 else { return nil }
    out.removeSubrange(Int(size)...)
    return out
  }

  /// A PNG of the tile, RGB or with its `alpha`; empty if libpng fails.
  static func png(_ image: PixelImage, alpha: Bool = false) -> [UInt8] {
    let pixels = alpha ? image.pixels : rgbBytes(image)
    let width = UInt32(image.width)
    let height = UInt32(image.height)
    let withAlpha: Int32 = alpha ? 1 : 0
    let needed = pixels.withUnsafeBufferPointer {
      gallery_png_to_memory($0.baseAddress, width, height, withAlpha, nil, 0)
    }
    guard needed > 0 else { return [] }
    var out = [UInt8](repeating: 0, count: Int(needed))
    let written = pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        gallery_png_to_memory(
          source.baseAddress, width, height, withAlpha, target.baseAddress, UInt(target.count))
      }
    }
    guard written > 0 else { return [] }
    out.removeSubrange(Int(written)...)
    return out
  }

  /// libchafa's sixel string for the tile, drawn 1:1 (the canvas is exactly
  /// the tile's pixels). The same 1.12 rules as the cell art: RGBA with
  /// stride width × 4, a fresh canvas each time.
  static func sixel(_ image: PixelImage, columns: Int, rows: Int) -> [UInt8] {
    chafaReady
    guard columns > 0, rows > 0, let config = chafa_canvas_config_new() else { return [] }
    defer { chafa_canvas_config_unref(config) }
    chafa_canvas_config_set_geometry(config, Int32(columns), Int32(rows))
    chafa_canvas_config_set_cell_geometry(
      config, Int32(image.width / columns), Int32(image.height / rows))
    chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS)
    chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR)
    guard let canvas = chafa_canvas_new(config) else { return [] }
    defer { chafa_canvas_unref(canvas) }
    image.pixels.withUnsafeBufferPointer { buffer in
      chafa_canvas_draw_all_pixels(
        canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, buffer.baseAddress, Int32(image.width),
        Int32(image.height), Int32(image.stride))
    }
    guard let database = chafa_term_db_get_default(),
      let info = chafa_term_db_get_fallback_info(database)
    else { return [] }
    defer { chafa_term_info_unref(info) }
    guard let printed = chafa_canvas_print(canvas, info) else { return [] }
    defer { g_string_free(printed, 1) }
    return Array(
      UnsafeBufferPointer(
        start: UnsafeRawPointer(printed.pointee.str)?
          .assumingMemoryBound(to: UInt8.self), count: Int(printed.pointee.len)))
  }
}

/// One chafa thread: encoding already runs on the pipeline's pool.
private let chafaReady: Void = chafa_set_n_threads(1)

/// A picture encoded for one protocol, before it is named by an image id.
///
/// sixel and iTerm2 sequences name no image, so `data` is the sequence itself; kitty's
/// transmission carries the id, so `data` is its pixels (RGB, or RGBA when `hasAlpha`;
/// zlib-compressed when `isCompressed`), wrapped for each id by `image(id:isPreview:)` (a
/// base64 pass).
struct EncodedPicture: Hashable, Sendable {
  var format: TerminalImage.Format
  var columns: Int
  var rows: Int
  var pixelWidth: Int
  var pixelHeight: Int
  var data: [UInt8]
  var isCompressed: Bool
  /// Whether some pixels are transparent (a letterbox): kitty's pixels are then RGBA.
  var hasAlpha: Bool = false
  /// kitty: `data` is a PNG (`f=100`) rather than pixels.
  var isPNG: Bool = false

  /// How kitty reads `data`.
  var kittyFormat: KittyGraphics.PixelFormat { isPNG ? .png : hasAlpha ? .rgba : .rgb }

  /// The terminal image named `id`.
  func image(id: UInt32, isPreview: Bool = false) -> TerminalImage {
    // kitty's transmission is made from the pixels as it is written.
    let pixels =
      format.isKitty ? KittyPixels(format: kittyFormat, compressed: isCompressed, data: data) : nil
    return TerminalImage(
      id: id, format: format, columns: columns, rows: rows, pixelWidth: pixelWidth,
      pixelHeight: pixelHeight, payload: pixels == nil ? data : [], isPreview: isPreview,
      kittyPixels: pixels, isOpaque: !hasAlpha)
  }
}
