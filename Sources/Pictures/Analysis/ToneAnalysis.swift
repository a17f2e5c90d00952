/// The histogram and the clipping of 8-bit pixels, counted in one pass.
package enum ToneAnalysis {
  /// The histogram (`.decoded`) and clipping of the pixels of `rows` in `bytes`; nil when
  /// `bytes` is shorter than the layout reaches. O(pixels), no allocation past the bins.
  package static func measure(_ bytes: UnsafeRawBufferPointer, _ rows: PixelRows)
    -> (histogram: ToneHistogram, clipping: Clipping)?
  {
    guard bytes.count >= rows.byteCount, let base = bytes.baseAddress else { return nil }
    var highlights = 0
    var shadows = 0
    let step = rows.bytesPerPixel
    let top = Clipping.highlightLevel
    let bottom = Clipping.shadowLevel
    // Four histograms of 256 in one block of memory (see the sensor's `measure`).
    var bins = [UInt32](repeating: 0, count: 1024)
    bins.withUnsafeMutableBufferPointer { bins in
      for y in 0..<rows.height {
        let row = base.advanced(by: y * rows.bytesPerRow).assumingMemoryBound(to: UInt8.self)
        var at = 0
        for _ in 0..<rows.width {
          let r = row[at]
          let g = row[at &+ 1]
          let b = row[at &+ 2]
          at &+= step
          let luma = (54 &* Int(r) &+ 183 &* Int(g) &+ 19 &* Int(b) &+ 128) >> 8
          bins[luma] &+= 1
          bins[256 &+ Int(r)] &+= 1
          bins[512 &+ Int(g)] &+= 1
          bins[768 &+ Int(b)] &+= 1
          if r >= top || g >= top || b >= top { highlights &+= 1 }
          if r <= bottom && g <= bottom && b <= bottom { shadows &+= 1 }
        }
      }
    }
    let histogram = ToneHistogram(bins: bins, source: .decoded)
    let clipping = Clipping(
      highlightPixels: highlights, shadowPixels: shadows, pixelCount: rows.width * rows.height)
    return (histogram, clipping)
  }

  /// `measure` of pixels in an array.
  package static func measure(_ bytes: [UInt8], _ rows: PixelRows)
    -> (histogram: ToneHistogram, clipping: Clipping)?
  {
    bytes.withUnsafeBytes { measure($0, rows) }
  }

  /// The whole analysis of 8-bit pixels: `measure`, and the sharpness over `focus` (the
  /// whole frame when nil). Nil when `bytes` is shorter than the layout reaches.
  package static func analyze(
    _ bytes: UnsafeRawBufferPointer, _ rows: PixelRows, focus: FocusRegion? = nil
  ) -> PictureAnalysis? {
    guard let tones = measure(bytes, rows) else { return nil }
    return PictureAnalysis(
      histogram: tones.histogram, clipping: tones.clipping,
      sharpness: Sharpness.measure(bytes, rows, focus: focus))
  }
}
