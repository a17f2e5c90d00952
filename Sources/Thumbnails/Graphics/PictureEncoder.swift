import CChafa
import CImageCodecs
import TerminalKit

/// Turns a tile's pixels into a `TerminalImage` for one protocol.
///
/// - sixel: libchafa's sixel encoder (its palette and dithering; 256 colour
///   registers), on a pixel canvas of exactly the tile's cells and cell size.
/// - kitty: the RGB pixels, zlib-compressed (`o=z`), base64 in 4096-byte
///   chunks, transmitted once by id. libchafa's kitty output was measured and
///   not used: it shows the image at once (`a=T`, no id to place it again) and
///   sends RGBA uncompressed, about 10× the bytes.
/// - iTerm2: a PNG (libpng), base64. libchafa's iTerm2 output is an
///   uncompressed TIFF, several times larger.
public enum PictureEncoder {
  /// zlib's level for kitty transmissions: fast, and within a few per cent of
  /// the best size on photographs.
  static let zlibLevel: Int32 = 3

  /// `tile` (exactly `columns × rows` cells of the tile's cell size) as an
  /// image of `format` named `id`. Safe from any thread.
  public static func encode(
    _ tile: PixelImage, format: TerminalImage.Format, id: UInt32, columns: Int, rows: Int
  ) -> TerminalImage {
    let payload: [UInt8]
    switch format {
    case .sixel:
      payload = sixel(tile, columns: columns, rows: rows)
    case .iterm2:
      payload = ITerm2Image.sequence(file: png(tile), columns: columns, rows: rows)
    case .kitty, .kittyPlaceholder:
      let rgb = rgbBytes(tile)
      let compressed = zlib(rgb)
      payload = KittyGraphics.transmission(
        id: id, width: tile.width, height: tile.height, format: .rgb, data: compressed ?? rgb,
        compressed: compressed != nil,
        virtualPlacement: format == .kittyPlaceholder ? (columns, rows) : nil)
    }
    return TerminalImage(
      id: id, format: format, columns: columns, rows: rows, pixelWidth: tile.width,
      pixelHeight: tile.height, payload: payload)
  }

  /// The pixels without alpha (tiles are opaque).
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
  static func zlib(_ bytes: [UInt8]) -> [UInt8]? {
    var out = [UInt8](repeating: 0, count: Int(gallery_zlib_bound(UInt(bytes.count))))
    let size = bytes.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        gallery_zlib_compress(
          source.baseAddress, UInt(source.count), target.baseAddress, UInt(target.count),
          zlibLevel)
      }
    }
    guard size >= 0 else { return nil }
    out.removeSubrange(Int(size)...)
    return out
  }

  /// A PNG of the tile (RGB); empty if libpng fails.
  static func png(_ image: PixelImage) -> [UInt8] {
    let rgb = rgbBytes(image)
    let width = UInt32(image.width)
    let height = UInt32(image.height)
    let needed = rgb.withUnsafeBufferPointer {
      gallery_png_rgb_to_memory($0.baseAddress, width, height, nil, 0)
    }
    guard needed > 0 else { return [] }
    var out = [UInt8](repeating: 0, count: Int(needed))
    let written = rgb.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        gallery_png_rgb_to_memory(
          source.baseAddress, width, height, target.baseAddress, UInt(target.count))
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
