extension PixelImage {
  /// The picture shrunk to `width`×`height` by area averaging (a box filter that
  /// weighs partly covered source pixels by their coverage).
  ///
  /// Sizes larger than the source on a side keep that side: this never upscales.
  /// Separable, O(source pixels + target pixels) per pass.
  package func downscaled(toWidth width: Int, height: Int) -> PixelImage {
    let outWidth = max(1, min(width, self.width))
    let outHeight = max(1, min(height, self.height))
    if outWidth == self.width && outHeight == self.height { return self }
    let horizontal = AreaWeights(source: self.width, target: outWidth)
    let vertical = AreaWeights(source: self.height, target: outHeight)

    // Fixed point, since this runs on every picture of a cold print: weights are
    // fractions of 2^14 that sum exactly to 2^14 (flat colours stay exact), the
    // vertical pass keeps 8 fraction bits, the horizontal pass rounds to bytes.
    //
    // Vertical first: it adds whole rows (source rows outer, columns inner), which the
    // compiler vectorises, and leaves the per-pixel horizontal pass only the target's
    // rows; the other way round the scalar pass ran over every source row (2.7× its work
    // for a 320×240 decode drawn into 240×88). One target row at a time, through one row
    // of sums: the sums of every target row at once took 16 bytes a source column per
    // target row (147 MB to shrink a 12000×9000 picture to 1024×768), beside the picture.
    let sourceRowLength = self.width * 4
    let rowLength = outWidth * 4
    var rowSums = [UInt32](repeating: 0, count: sourceRowLength)
    var out = [UInt8](repeating: 0, count: rowLength * outHeight)
    vertical.withTaps { rowOffsets, rowIndices, rowWeights in
      horizontal.withTaps { offsets, indices, weights in
        pixels.withUnsafeBufferPointer { source in
          rowSums.withUnsafeMutableBufferPointer { row in
            out.withUnsafeMutableBufferPointer { target in
              for y in 0..<outHeight {
                row.update(repeating: 0)
                for tap in rowOffsets[y]..<rowOffsets[y &+ 1] {
                  let weight = UInt32(truncatingIfNeeded: rowWeights[tap])
                  let from = rowIndices[tap] &* sourceRowLength
                  for x in 0..<sourceRowLength {
                    row[x] &+= UInt32(source[from &+ x]) &* weight
                  }
                }
                for x in 0..<sourceRowLength {
                  row[x] = (row[x] &+ 32) >> 6
                }
                let targetRow = y &* rowLength
                for x in 0..<outWidth {
                  var sums: (Int, Int, Int, Int) = (1 << 21, 1 << 21, 1 << 21, 1 << 21)
                  for tap in offsets[x]..<offsets[x &+ 1] {
                    let weight = weights[tap]
                    let at = indices[tap] &* 4
                    sums.0 &+= Int(row[at]) &* weight
                    sums.1 &+= Int(row[at &+ 1]) &* weight
                    sums.2 &+= Int(row[at &+ 2]) &* weight
                    sums.3 &+= Int(row[at &+ 3]) &* weight
                  }
                  let at = targetRow &+ x &* 4
                  target[at] = UInt8(truncatingIfNeeded: min(255, sums.0 >> 22))
                  target[at &+ 1] = UInt8(truncatingIfNeeded: min(255, sums.1 >> 22))
                  target[at &+ 2] = UInt8(truncatingIfNeeded: min(255, sums.2 >> 22))
                  target[at &+ 3] = UInt8(truncatingIfNeeded: min(255, sums.3 >> 22))
                }
              }
            }
          }
        }
      }
    }
    var shrunk = PixelImage(width: outWidth, height: outHeight, pixels: out)
    shrunk.compositedOver = compositedOver
    return shrunk
  }
}

/// For each target index, the source indices it covers and their coverage in units of
/// 2^-14 (summing to exactly 2^14), stored flat: target `i` uses taps
/// `offsets[i]..<offsets[i + 1]`.
private struct AreaWeights {
  private(set) var offsets: [Int] = [0]
  private(set) var indices: [Int] = []
  private(set) var values: [Int] = []

  static let one = 1 << 14

  init(source: Int, target: Int) {
    let ratio = Double(source) / Double(target)
    for index in 0..<target {
      let from = Double(index) * ratio
      let to = min(Double(source), Double(index + 1) * ratio)
      let first = Int(from)
      let last = min(source - 1, Int(to.rounded(.up)) - 1)
      // Each weight is the difference of the rounded running coverage, so none is
      // negative and they sum to one exactly (rounding each tap alone and giving the
      // leftover to one of them made it negative past a shrink of about 185×).
      var covered = 0.0
      var given = 0
      for pixel in first...max(first, last) {
        covered += max(0, min(to, Double(pixel + 1)) - max(from, Double(pixel)))
        let running = Int((covered / (to - from) * Double(Self.one)).rounded())
        let weight = min(Self.one, running) - given
        indices.append(pixel)
        values.append(weight)
        given += weight
      }
      values[values.count - 1] += Self.one - given
      offsets.append(indices.count)
    }
  }

  /// Calls `body` with the offsets, source indices and weights as buffers.
  func withTaps<Result>(
    _ body: (UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>, UnsafeBufferPointer<Int>) ->
      Result
  ) -> Result {
    offsets.withUnsafeBufferPointer { offsets in
      indices.withUnsafeBufferPointer { indices in
        values.withUnsafeBufferPointer { values in body(offsets, indices, values) }
      }
    }
  }
}
