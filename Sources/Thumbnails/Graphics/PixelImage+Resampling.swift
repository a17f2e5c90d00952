import Pictures

extension PixelImage {
  /// The picture at `width × height`: area-averaged where it shrinks, bilinear
  /// where it grows.
  package func resampled(toWidth width: Int, height: Int) -> PixelImage {
    let shrunk = downscaled(toWidth: min(width, self.width), height: min(height, self.height))
    guard width > shrunk.width || height > shrunk.height else { return shrunk }
    return shrunk.bilinear(toWidth: max(width, shrunk.width), height: max(height, shrunk.height))
  }

  /// Bilinear enlargement (pixel centres aligned). O(target pixels).
  ///
  /// Fixed point (weights in 1/256): the cold path upscales a small cached copy for every
  /// tile, and floating point with rounding per channel was a tenth of a cold print.
  func bilinear(toWidth width: Int, height: Int) -> PixelImage {
    /// Per target index: the two source indices and the second one's weight, 0–256.
    func taps(source: Int, target: Int) -> [(Int, Int, Int)] {
      let scale = Double(source) / Double(target)
      return (0..<target).map { index in
        let position = max(0, (Double(index) + 0.5) * scale - 0.5)
        let first = min(source - 1, Int(position))
        let weight = Int(((position - Double(first)) * 256).rounded())
        return (first, min(source - 1, first + 1), min(256, weight))
      }
    }
    let columns = taps(source: self.width, target: width)
    let rows = taps(source: self.height, target: height)
    var out = [UInt8](repeating: 0, count: width * height * 4)
    let sourceWidth = self.width
    pixels.withUnsafeBufferPointer { source in
      out.withUnsafeMutableBufferPointer { target in
        var at = 0
        for (y0, y1, fy) in rows {
          let top = y0 &* sourceWidth &* 4
          let bottom = y1 &* sourceWidth &* 4
          for (x0, x1, fx) in columns {
            let left = x0 &* 4
            let right = x1 &* 4
            for channel in 0..<4 {
              let a = Int(source[top &+ left &+ channel])
              let b = Int(source[top &+ right &+ channel])
              let c = Int(source[bottom &+ left &+ channel])
              let d = Int(source[bottom &+ right &+ channel])
              let upper = a &* (256 &- fx) &+ b &* fx
              let lower = c &* (256 &- fx) &+ d &* fx
              let value = (upper &* (256 &- fy) &+ lower &* fy &+ 32768) >> 16
              target[at &+ channel] = UInt8(truncatingIfNeeded: value)
            }
            at &+= 4
          }
        }
      }
    }
    return PixelImage(width: width, height: height, pixels: out)
  }

  /// Makes the corners of the rectangle outside a quarter circle of `radius`
  /// transparent, the edge pixel's alpha its coverage.
  mutating func roundCorners(x: Int, y: Int, width: Int, height: Int, radius: Int) {
    let radius = min(radius, width / 2, height / 2)
    guard radius > 0 else { return }
    let r = Double(radius)
    let imageWidth = self.width
    pixels.withUnsafeMutableBufferPointer { out in
      for dy in 0..<radius {
        for dx in 0..<radius {
          // Distance from the corner circle's centre, at the pixel's centre.
          let distance =
            ((r - Double(dx) - 0.5) * (r - Double(dx) - 0.5)
            + (r - Double(dy) - 0.5) * (r - Double(dy) - 0.5)).squareRoot()
          let coverage = min(1, max(0, r - distance + 0.5))
          guard coverage < 1 else { continue }
          for (cx, cy) in [
            (x + dx, y + dy), (x + width - 1 - dx, y + dy), (x + dx, y + height - 1 - dy),
            (x + width - 1 - dx, y + height - 1 - dy),
          ] {
            let index = (cy * imageWidth + cx) * 4 + 3
            out[index] = UInt8((Double(out[index]) * coverage).rounded())
          }
        }
      }
    }
  }
}
