extension PixelImage {
  /// The picture shrunk to `width`×`height` by area averaging (a box filter that
  /// weighs partly covered source pixels by their coverage).
  ///
  /// Sizes larger than the source on a side keep that side: this never upscales.
  /// Separable, O(source pixels + target pixels) per pass.
  public func downscaled(toWidth width: Int, height: Int) -> PixelImage {
    let outWidth = max(1, min(width, self.width))
    let outHeight = max(1, min(height, self.height))
    if outWidth == self.width && outHeight == self.height { return self }
    let horizontal = AreaWeights(source: self.width, target: outWidth)
    let vertical = AreaWeights(source: self.height, target: outHeight)

    // Horizontal pass into floats, then vertical into bytes.
    var rowsPass = [Float](repeating: 0, count: outWidth * self.height * 4)
    pixels.withUnsafeBufferPointer { source in
      rowsPass.withUnsafeMutableBufferPointer { target in
        for y in 0..<self.height {
          let sourceRow = y * self.width * 4
          let targetRow = y * outWidth * 4
          for x in 0..<outWidth {
            var sums: (Float, Float, Float, Float) = (0, 0, 0, 0)
            for tap in horizontal.range(x) {
              let weight = horizontal.values[tap]
              let at = sourceRow + horizontal.indices[tap] * 4
              sums.0 += Float(source[at]) * weight
              sums.1 += Float(source[at + 1]) * weight
              sums.2 += Float(source[at + 2]) * weight
              sums.3 += Float(source[at + 3]) * weight
            }
            let at = targetRow + x * 4
            target[at] = sums.0
            target[at + 1] = sums.1
            target[at + 2] = sums.2
            target[at + 3] = sums.3
          }
        }
      }
    }
    var out = [UInt8](repeating: 0, count: outWidth * outHeight * 4)
    rowsPass.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        for y in 0..<outHeight {
          let taps = vertical.range(y)
          for x in 0..<(outWidth * 4) {
            var sum: Float = 0
            for tap in taps {
              sum += source[vertical.indices[tap] * outWidth * 4 + x] * vertical.values[tap]
            }
            target[y * outWidth * 4 + x] = UInt8(min(255, max(0, sum.rounded())))
          }
        }
      }
    }
    return PixelImage(width: outWidth, height: outHeight, pixels: out)
  }
}

/// For each target index, the source indices it covers and their normalised coverage,
/// stored flat: target `i` uses taps `offsets[i]..<offsets[i + 1]`.
private struct AreaWeights {
  private(set) var offsets: [Int] = [0]
  private(set) var indices: [Int] = []
  private(set) var values: [Float] = []

  init(source: Int, target: Int) {
    let ratio = Double(source) / Double(target)
    for index in 0..<target {
      let from = Double(index) * ratio
      let to = min(Double(source), Double(index + 1) * ratio)
      let first = Int(from)
      let last = min(source - 1, Int(to.rounded(.up)) - 1)
      for pixel in first...max(first, last) {
        let covered = min(to, Double(pixel + 1)) - max(from, Double(pixel))
        indices.append(pixel)
        values.append(Float(max(0, covered) / (to - from)))
      }
      offsets.append(indices.count)
    }
  }

  func range(_ index: Int) -> Range<Int> { offsets[index]..<offsets[index + 1] }
}
