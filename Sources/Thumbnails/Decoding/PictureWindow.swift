import Pictures

/// A rectangle of a picture in fractions of its sides (0 to 1), as shown or as stored:
/// the part of a zoomed picture on screen, or the part decoded of it.
struct PictureWindow: Equatable, Sendable {
  var x: Double
  var y: Double
  var width: Double
  var height: Double

  /// The whole picture.
  static let whole = PictureWindow(x: 0, y: 0, width: 1, height: 1)

  init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  /// The part of the picture a zoomed crop's `window` shows.
  init(shownBy window: PictureCrop.Window) {
    self.init(
      x: window.sourceX, y: window.sourceY, width: window.sourceWidth,
      height: window.sourceHeight)
  }

  /// This window grown by `share` of its size on every side, cut to the picture.
  func grown(by share: Double) -> PictureWindow {
    let left = max(0, x - width * share)
    let top = max(0, y - height * share)
    let right = min(1, x + width * (1 + share))
    let bottom = min(1, y + height * (1 + share))
    return PictureWindow(x: left, y: top, width: right - left, height: bottom - top)
  }

  /// Whether `other` lies inside this window (a rounding's margin allowed).
  func contains(_ other: PictureWindow) -> Bool {
    let slack = 1e-9
    return other.x >= x - slack && other.y >= y - slack
      && other.x + other.width <= x + width + slack
      && other.y + other.height <= y + height + slack
  }

  /// The same part of the picture as it is stored, for a picture shown turned by EXIF
  /// `orientation` (1–8; anything else as 1).
  func stored(orientation: Int) -> PictureWindow {
    let right = 1 - (x + width)
    let bottom = 1 - (y + height)
    switch orientation {
    case 2: return PictureWindow(x: right, y: y, width: width, height: height)
    case 3: return PictureWindow(x: right, y: bottom, width: width, height: height)
    case 4: return PictureWindow(x: x, y: bottom, width: width, height: height)
    case 5: return PictureWindow(x: y, y: x, width: height, height: width)
    case 6: return PictureWindow(x: y, y: right, width: height, height: width)
    case 7: return PictureWindow(x: bottom, y: right, width: height, height: width)
    case 8: return PictureWindow(x: bottom, y: x, width: height, height: width)
    default: return self
    }
  }

  /// The part of a picture stored as this window, as shown turned by `orientation`: the
  /// inverse of `stored(orientation:)`.
  func shown(orientation: Int) -> PictureWindow {
    // Turning by 6 and by 8 undo each other; every other orientation undoes itself.
    switch orientation {
    case 6: return stored(orientation: 8)
    case 8: return stored(orientation: 6)
    default: return stored(orientation: orientation)
    }
  }

  /// The window inside this one that `other` is, in fractions of this one.
  func relative(_ other: PictureWindow) -> PictureWindow {
    PictureWindow(
      x: (other.x - x) / max(width, 1e-12), y: (other.y - y) / max(height, 1e-12),
      width: other.width / max(width, 1e-12), height: other.height / max(height, 1e-12))
  }
}

extension PictureWindow {
  /// This window in the pixels of a `width × height` picture, its edges rounded outwards,
  /// at least one pixel, inside the picture; and the window those pixels cover.
  func pixels(width: Int, height: Int) -> (
    x: Int, y: Int, width: Int, height: Int, covers: PictureWindow
  ) {
    let (columns, rows) = (Double(width), Double(height))
    let left = max(0, min(width - 1, Int((x * columns).rounded(.down))))
    let top = max(0, min(height - 1, Int((y * rows).rounded(.down))))
    let right = max(left + 1, min(width, Int(((x + self.width) * columns).rounded(.up))))
    let bottom = max(top + 1, min(height, Int(((y + self.height) * rows).rounded(.up))))
    let covers = PictureWindow(
      x: Double(left) / columns, y: Double(top) / rows, width: Double(right - left) / columns,
      height: Double(bottom - top) / rows)
    return (left, top, right - left, bottom - top, covers)
  }
}

extension PixelImage {
  /// The pixels of `window` (fractions of this image), its edges rounded outwards.
  func cropped(to window: PictureWindow) -> PixelImage {
    let part = window.pixels(width: width, height: height)
    return cropped(x: part.x, y: part.y, width: part.width, height: part.height)
  }
}
