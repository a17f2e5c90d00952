import CRsvg
import Pictures

/// The size an SVG drawing has of its own, in pixels at 96 dpi, and the size it is
/// rendered at for a box.
///
/// In order: `width` and `height` in absolute or font units; one of them in pixels with
/// the `viewBox`'s aspect for the other; the `viewBox`'s own size (user units are
/// pixels); with neither, the extent of what it draws in a viewport of 300×150 pixels
/// (the size a browser gives a drawing that says nothing). A drawing that gives no size
/// and draws nothing is `ThumbnailError.noSize`.
struct SVGSize: Hashable, Sendable {
  var width: Double
  var height: Double

  /// The viewport a drawing without a size is laid out in: CSS's default for a replaced
  /// element.
  static let defaultViewport = (width: 300.0, height: 150.0)

  init(width: Double, height: Double) {
    self.width = width
    self.height = height
  }

  /// The size `document` gives itself, checked positive and finite.
  init(of document: SVGDocument) throws(ThumbnailError) {
    let geometry = document.geometry
    let viewBox = (width: geometry.viewbox_width, height: geometry.viewbox_height)
    let hasViewBox = geometry.has_viewbox != 0 && viewBox.width > 0 && viewBox.height > 0
    if geometry.has_size != 0 {
      self.init(width: geometry.width, height: geometry.height)
    } else if hasViewBox, geometry.width_px > 0 {
      self.init(
        width: geometry.width_px, height: geometry.width_px * viewBox.height / viewBox.width)
    } else if hasViewBox, geometry.height_px > 0 {
      self.init(
        width: geometry.height_px * viewBox.width / viewBox.height, height: geometry.height_px)
    } else if hasViewBox {
      self.init(width: viewBox.width, height: viewBox.height)
    } else if geometry.has_viewbox != 0 {
      throw .corrupt("its viewBox is \(viewBox.width)×\(viewBox.height)")
    } else {
      let viewport = Self.defaultViewport
      guard let drawn = try document.drawnExtent(width: viewport.width, height: viewport.height)
      else { throw .noSize(.svg) }
      self.init(width: drawn.width, height: drawn.height)
    }
    guard width.isFinite, height.isFinite, width > 0, height > 0 else {
      throw .corrupt("its size is \(Self.text(width))×\(Self.text(height))")
    }
  }

  /// Whole pixels, rounded, at least 1; saturating for sizes past `Int`'s range.
  var pixels: (width: Int, height: Int) { (Self.whole(width), Self.whole(height)) }

  /// The size the drawing is rendered at for `box` (nil: its own size): fitted into the
  /// box, aspect kept, larger or smaller than its own size; at least 1×1 and never past
  /// the box.
  func rendered(in box: (width: Int, height: Int)?) -> (width: Int, height: Int) {
    guard let box else { return pixels }
    let scale = min(Double(max(1, box.width)) / width, Double(max(1, box.height)) / height)
    return (
      min(max(1, box.width), Self.whole(width * scale)),
      min(max(1, box.height), Self.whole(height * scale))
    )
  }

  private static func whole(_ value: Double) -> Int {
    guard value.isFinite else { return .max }
    if value >= Double(Int.max / 2) { return .max }
    return max(1, Int(value.rounded()))
  }

  /// A size as a person reads it: `100`, `12.5`.
  private static func text(_ value: Double) -> String {
    value.isFinite && value == value.rounded() && abs(value) < 1e15
      ? String(Int(value)) : String(value)
  }
}
