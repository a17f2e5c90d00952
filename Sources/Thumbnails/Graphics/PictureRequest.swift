import Foundation
import TerminalKit

/// One picture wanted in pixels: a file, a tile, a protocol.
public struct PictureRequest: Hashable, Sendable {
  /// The picture's file path.
  public var path: String
  /// The tile: its cells, the cell's pixel size, background, corners.
  public var tile: PictureTile
  public var format: TerminalImage.Format
  /// For sixel and iTerm2 (whose bytes cannot be cut): the cells of the tile
  /// that are on screen, when the screen's edge cuts it (a row scrolled
  /// sideways); the image then covers just those cells, to be placed at the
  /// visible part's top-left. nil: the whole tile. kitty crops on its own.
  public var visible: TileCrop?
  /// The part of the picture a zoomed detail view shows; nil for the whole picture.
  public var zoom: PictureCrop?

  public init(
    path: String, tile: PictureTile, format: TerminalImage.Format, visible: TileCrop? = nil,
    zoom: PictureCrop? = nil
  ) {
    self.path = path
    self.tile = tile
    self.format = format
    self.visible = visible
    self.zoom = zoom
  }
}

/// Part of a tile, in cells from its top-left.
public struct TileCrop: Hashable, Sendable {
  public var column: Int
  public var row: Int
  public var columns: Int
  public var rows: Int

  public init(column: Int, row: Int, columns: Int, rows: Int) {
    self.column = column
    self.row = row
    self.columns = columns
    self.rows = rows
  }
}

/// What a picture request came to.
public enum PictureResult: Sendable {
  case image(TerminalImage, metadata: ImageMetadata?, isPartial: Bool)
  case failed(ThumbnailError)

  /// The encoded image, if any.
  public var image: TerminalImage? {
    if case .image(let image, _, _) = self { return image }
    return nil
  }
}

/// Hands out kitty image ids: 1 up to `limit`, then from 1 again (by then the
/// cache has long let the first ones go). Thread-safe.
final class ImageIdentifiers: @unchecked Sendable {
  private let lock = NSLock()
  private var last: UInt32 = 0
  let limit: UInt32

  /// Ids from `first` (then on, and round from 1) up to `limit`.
  init(limit: UInt32, first: UInt32 = 1) {
    self.limit = max(1, min(limit, 0xFF_FFFF))
    last = min(max(1, first), self.limit) - 1
  }

  func next() -> UInt32 {
    lock.lock()
    defer { lock.unlock() }
    last = last >= limit ? 1 : last + 1
    return last
  }
}

extension PictureRequest {
  /// Encodes `image` (a decoded copy) for this request with `id`, drawn over `place` in
  /// the tile when given (a zoomed picture's visible part), else fitted into it.
  func encode(
    _ image: PixelImage, id: UInt32, at place: (x: Int, y: Int, width: Int, height: Int)? = nil
  ) -> TerminalImage {
    var tilePixels = tile.render(image, at: place)
    var columns = tile.size.columns
    var rows = tile.size.rows
    if let visible, format == .sixel || format == .iterm2 {
      let column = max(0, min(visible.column, columns - 1))
      let row = max(0, min(visible.row, rows - 1))
      columns = max(1, min(visible.columns, columns - column))
      rows = max(1, min(visible.rows, rows - row))
      tilePixels = tilePixels.cropped(
        x: column * tile.cell.width, y: row * tile.cell.height, width: columns * tile.cell.width,
        height: rows * tile.cell.height)
    }
    return PictureEncoder.encode(tilePixels, format: format, id: id, columns: columns, rows: rows)
  }
}

extension PixelImage {
  /// The pixels of a rectangle inside the picture, clipped to it (at least one pixel).
  /// O(rectangle); the picture itself when the rectangle covers it.
  func cropped(x: Int, y: Int, width: Int, height: Int) -> PixelImage {
    let left = max(0, min(x, self.width - 1))
    let top = max(0, min(y, self.height - 1))
    let w = max(1, min(width, self.width - left))
    let h = max(1, min(height, self.height - top))
    if left == 0, top == 0, w == self.width, h == self.height { return self }
    var out = [UInt8]()
    out.reserveCapacity(w * h * 4)
    for row in top..<(top + h) {
      let start = (row * self.width + left) * 4
      out.append(contentsOf: pixels[start..<(start + w * 4)])
    }
    return PixelImage(width: w, height: h, pixels: out)
  }
}
