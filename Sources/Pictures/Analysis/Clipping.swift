/// How much of a picture is clipped: pixels past the top of the scale (highlights) or at
/// its bottom (shadows), where detail is lost.
///
/// A pixel's highlights are clipped when any of its channels is at the top: 255 for 8-bit
/// pixels; for sensor data, any photosite of the mosaic block at or above the white level
/// less `sensorMargin` of the range above black (LibRaw's `maximum`; a sensor saturates a
/// little under its nominal white). Its shadows are clipped when every channel is at the
/// bottom: at most `shadowLevel` (2) for 8-bit pixels, at or under the black level for
/// sensor data. Shares are of the pixels counted (for sensor data, of the mosaic blocks).
package struct Clipping: Hashable, Sendable {
  /// Pixels with a clipped highlight.
  package var highlightPixels: Int
  /// Pixels whose every channel is clipped black.
  package var shadowPixels: Int
  /// Pixels looked at.
  package var pixelCount: Int

  package init(highlightPixels: Int, shadowPixels: Int, pixelCount: Int) {
    self.highlightPixels = highlightPixels
    self.shadowPixels = shadowPixels
    self.pixelCount = pixelCount
  }

  /// The share of pixels with clipped highlights, 0…1 (0 for no pixels).
  package var highlights: Double {
    pixelCount > 0 ? Double(highlightPixels) / Double(pixelCount) : 0
  }

  /// The share of pixels with clipped shadows, 0…1 (0 for no pixels).
  package var shadows: Double {
    pixelCount > 0 ? Double(shadowPixels) / Double(pixelCount) : 0
  }

  /// An 8-bit channel at or above this is a clipped highlight.
  package static let highlightLevel: UInt8 = 255
  /// An 8-bit pixel whose channels are all at or below this has clipped shadows.
  package static let shadowLevel: UInt8 = 2
  /// The share of the sensor's range (white level less black) under the white level
  /// that still counts as clipped: 1 %.
  package static let sensorMargin = 0.01
}
