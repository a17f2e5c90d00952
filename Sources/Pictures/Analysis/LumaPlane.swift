/// A picture's luminance (Rec. 709's luma on 8-bit values, 0…255) as floats, for the
/// sharpness.
struct LumaPlane {
  let width: Int
  let height: Int
  /// `width * height` values, rows top to bottom.
  let values: [Float]

  /// The luma of the pixels of `rows` at `base`, area-averaged so its long side is at most
  /// `longSide` (never enlarged). Columns are averaged row by row as each is read, then
  /// rows: one row of the source's width beside the planes.
  static func scaled(_ base: UnsafeRawPointer, _ rows: PixelRows, longSide: Int) -> LumaPlane {
    let long = max(rows.width, rows.height)
    let factor = long > longSide ? Double(longSide) / Double(long) : 1
    let width = max(1, min(rows.width, Int((Double(rows.width) * factor).rounded())))
    let height = max(1, min(rows.height, Int((Double(rows.height) * factor).rounded())))
    let across = AreaWeights(source: rows.width, target: width)
    let down = AreaWeights(source: rows.height, target: height)
    var line = [Float](repeating: 0, count: rows.width)
    var narrow = [Float](repeating: 0, count: width * rows.height)
    for y in 0..<rows.height {
      let row = base.advanced(by: y * rows.bytesPerRow).assumingMemoryBound(to: UInt8.self)
      var at = 0
      for x in 0..<rows.width {
        line[x] =
          (0.2126 * Float(row[at]) + 0.7152 * Float(row[at + 1]) + 0.0722 * Float(row[at + 2]))
        at += rows.bytesPerPixel
      }
      narrow.withUnsafeMutableBufferPointer { out in
        across.apply(line, into: out, offset: y * width, step: 1)
      }
    }
    var values = [Float](repeating: 0, count: width * height)
    var column = [Float](repeating: 0, count: rows.height)
    for x in 0..<width {
      for y in 0..<rows.height { column[y] = narrow[y * width + x] }
      values.withUnsafeMutableBufferPointer { out in
        down.apply(column, into: out, offset: x, step: width)
      }
    }
    return LumaPlane(width: width, height: height, values: values)
  }

  /// The variance of the 3×3 Laplacian (4 neighbours) over the inner pixels of the
  /// rectangle `left..<right`, `top..<bottom` (pixels on the plane's edge have no
  /// neighbours all round and are left out); nil when no pixel is inside.
  func laplacianVariance(left: Int, top: Int, right: Int, bottom: Int) -> Double? {
    let x0 = max(left, 1)
    let x1 = min(right, width - 1)
    let y0 = max(top, 1)
    let y1 = min(bottom, height - 1)
    guard x1 > x0, y1 > y0 else { return nil }
    var sum = 0.0
    var squares = 0.0
    values.withUnsafeBufferPointer { v in
      for y in y0..<y1 {
        var rowSum: Float = 0
        var rowSquares: Float = 0
        let at = y * width
        for x in x0..<x1 {
          let centre = v[at + x]
          let laplacian =
            4 * centre - v[at + x - 1] - v[at + x + 1] - v[at - width + x] - v[at + width + x]
          rowSum += laplacian
          rowSquares += laplacian * laplacian
        }
        sum += Double(rowSum)
        squares += Double(rowSquares)
      }
    }
    let count = Double((x1 - x0) * (y1 - y0))
    let mean = sum / count
    return max(0, squares / count - mean * mean)
  }
}

/// Area averaging along one side: each target sample the mean of the source samples it
/// covers, partly covered ones weighted by the part.
struct AreaWeights {
  /// Per target sample: the first source sample it covers and the weights from there.
  let taps: [(first: Int, weights: [Float])]

  init(source: Int, target: Int) {
    let scale = Double(source) / Double(target)
    taps = (0..<target).map { index in
      let start = Double(index) * scale
      let end = min(Double(source), Double(index + 1) * scale)
      let first = Int(start.rounded(.down))
      let last = min(source - 1, Int(end.rounded(.up)) - 1)
      let weights = (first...max(first, last)).map { sample -> Float in
        let covered = min(end, Double(sample + 1)) - max(start, Double(sample))
        return Float(max(0, covered) / (end - start))
      }
      return (first, weights)
    }
  }

  /// The target samples of `source` written to `out` at `offset`, `step` apart.
  func apply(_ source: [Float], into out: UnsafeMutableBufferPointer<Float>, offset: Int, step: Int)
  {
    source.withUnsafeBufferPointer { input in
      var at = offset
      for tap in taps {
        var value: Float = 0
        for (index, weight) in tap.weights.enumerated() {
          value += input[tap.first + index] * weight
        }
        out[at] = value
        at += step
      }
    }
  }
}
