/// Which picture of a camera raw file is shown: the camera's own preview in the file, or
/// the sensor's data developed.
package enum RawRendition: Hashable, Sendable {
  /// The JPEG (or bitmap) the camera stored beside the raw data, of this size in pixels.
  case embeddedPreview(width: Int, height: Int)
  /// The raw data demosaiced, at half the sensor's size (each 2×2 block of the mosaic one
  /// pixel) or at full size.
  case developed(halfSize: Bool)

  /// What the details say: `embedded preview 1620×1080`, `developed at half size`.
  package func description(times: String) -> String {
    switch self {
    case .embeddedPreview(let width, let height): "embedded preview \(width)\(times)\(height)"
    case .developed(let halfSize): halfSize ? "developed at half size" : "developed at full size"
    }
  }
}
