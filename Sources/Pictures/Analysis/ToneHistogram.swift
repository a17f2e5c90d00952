/// How a picture's tones are spread: 256 bins each for luminance and for red, green and
/// blue, and where the values came from.
///
/// Bin `n` counts the pixels whose value, on an 8-bit scale (0 black, 255 white), is `n`.
/// Luminance is Rec. 709's luma on the 8-bit values as they are encoded
/// (0.2126 R + 0.7152 G + 0.0722 B, in 1/256ths: 54, 183, 19), not a linear luminance.
/// For sensor data (`.sensor`) a pixel is one block of the colour filter mosaic (2×2 for a
/// Bayer sensor, 3×3 for X-Trans), each channel the mean of its photosites of that colour
/// after the black level is taken off, put on the 8-bit scale by the sRGB curve so the
/// shape compares with a decoded picture's; its luminance is the same weights on the
/// linear means, before white balance (the camera's own colours), then the curve. Every
/// histogram of one value counts the same pixels: the four arrays sum to `pixelCount`.
package struct ToneHistogram: Hashable, Sendable {
  /// Where the values came from.
  package enum Source: Hashable, Sendable {
    /// A camera raw file's sensor data, before development: what the sensor recorded.
    case sensor
    /// The picture's decoded pixels (a raw file's embedded preview or development, or any
    /// other picture), after the camera's or the editor's tone curve.
    case decoded
  }

  /// One of the four histograms.
  package enum Channel: Hashable, Sendable, CaseIterable {
    case luminance, red, green, blue
  }

  /// How `columns(_:of:combining:)` folds several bins into one column.
  package enum Combining: Hashable, Sendable {
    /// The largest bin of the column: peaks stay as tall as they are.
    case maximum
    /// The bins added: each column counts all its pixels.
    case sum
  }

  /// 256 counts each.
  package private(set) var luminance: [UInt32]
  package private(set) var red: [UInt32]
  package private(set) var green: [UInt32]
  package private(set) var blue: [UInt32]
  package var source: Source

  /// An empty histogram of `source`.
  package init(source: Source) {
    let empty = [UInt32](repeating: 0, count: 256)
    luminance = empty
    red = empty
    green = empty
    blue = empty
    self.source = source
  }

  /// A histogram of given bins; each array is cut or padded with zeros to 256.
  package init(
    luminance: [UInt32], red: [UInt32], green: [UInt32], blue: [UInt32], source: Source
  ) {
    func bins(_ values: [UInt32]) -> [UInt32] {
      Array((values + [UInt32](repeating: 0, count: 256)).prefix(256))
    }
    self.luminance = bins(luminance)
    self.red = bins(red)
    self.green = bins(green)
    self.blue = bins(blue)
    self.source = source
  }

  /// The pixels counted (the luminance bins' sum).
  package var pixelCount: Int { luminance.reduce(0) { $0 + Int($1) } }

  /// The 256 bins of `channel`.
  package func counts(of channel: Channel) -> [UInt32] {
    switch channel {
    case .luminance: luminance
    case .red: red
    case .green: green
    case .blue: blue
    }
  }

  /// `channel`'s bins folded into `count` columns for drawing (1…256; clamped): column `c`
  /// takes bins `c * 256 / count ..< (c + 1) * 256 / count`, so every bin falls in exactly
  /// one column, and the columns are as even as 256 allows. O(256).
  package func columns(_ count: Int, of channel: Channel, combining: Combining = .maximum)
    -> [UInt32]
  {
    let count = max(1, min(256, count))
    let bins = counts(of: channel)
    return (0..<count).map { column in
      let slice = bins[(column * 256 / count)..<((column + 1) * 256 / count)]
      switch combining {
      case .maximum: return slice.max() ?? 0
      case .sum: return slice.reduce(0) { $0 &+ $1 }
      }
    }
  }

  /// A histogram of 1024 bins in a row: luminance, red, green, blue.
  init(bins: [UInt32], source: Source) {
    luminance = Array(bins[0..<256])
    red = Array(bins[256..<512])
    green = Array(bins[512..<768])
    blue = Array(bins[768..<1024])
    self.source = source
  }
}
