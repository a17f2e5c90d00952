/// What the survey shows of a picture to cull it by: its histogram, its clipping and its
/// sharpness.
package struct PictureAnalysis: Hashable, Sendable {
  package var histogram: ToneHistogram
  package var clipping: Clipping
  /// Nil when it could not be measured: a picture under `Sharpness.minimumSide` pixels, or
  /// a raw file whose embedded preview could not be decoded.
  package var sharpness: Sharpness?

  package init(histogram: ToneHistogram, clipping: Clipping, sharpness: Sharpness?) {
    self.histogram = histogram
    self.clipping = clipping
    self.sharpness = sharpness
  }

  /// Where the histogram and the clipping came from: a raw file's sensor data, or decoded
  /// pixels. The sharpness is always measured on decoded pixels.
  package var source: ToneHistogram.Source { histogram.source }
}
