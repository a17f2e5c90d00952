/// A DCT scaling factor of libjpeg-turbo: the decoded side is `ceil(side × numerator / denominator)`.
package struct JPEGScale: Hashable, Sendable, CustomStringConvertible {
  package var numerator: Int
  package var denominator: Int

  package init(_ numerator: Int, _ denominator: Int) {
    self.numerator = numerator
    self.denominator = denominator
  }

  package static let full = JPEGScale(1, 1)

  /// A side scaled by this factor, rounded up (TurboJPEG's `TJSCALED`).
  package func scaled(_ side: Int) -> Int {
    (side * numerator + denominator - 1) / denominator
  }

  package var description: String { "\(numerator)/\(denominator)" }

  /// The smallest factor whose decoded size is still at least `target` on both sides.
  ///
  /// When no factor reaches the target (it is larger than the picture), the full
  /// size: decoding never upscales. O(number of factors).
  package static func smallest(
    from factors: [JPEGScale], width: Int, height: Int, atLeast target: (width: Int, height: Int)
  ) -> JPEGScale {
    var best = JPEGScale.full
    var bestArea = width * height
    for factor in factors {
      let w = factor.scaled(width)
      let h = factor.scaled(height)
      guard w >= min(target.width, width), h >= min(target.height, height) else { continue }
      if w * h < bestArea || (w * h == bestArea && factor.numerator < best.numerator) {
        best = factor
        bestArea = w * h
      }
    }
    return best
  }
}
