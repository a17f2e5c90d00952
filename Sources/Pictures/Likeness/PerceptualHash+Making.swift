import FoundationEssentials

import func Glibc.cos

extension PerceptualHash {
  /// The kinds of hash a picture's pixels make. Hashes of different kinds are never
  /// compared: the index and the finder keep one, `PerceptualHash.kind`.
  package enum Kind: String, Hashable, Sendable, CaseIterable {
    /// A difference hash: the grey levels reduced to 9×8, a bit for each pair of
    /// neighbours in a row, set when the right one is brighter.
    case difference
    /// A cosine hash: the grey levels reduced to 32×32, their 2-D discrete cosine
    /// transform, a bit for each of the 8×8 lowest frequencies, set when above their
    /// median.
    case cosine
  }

  /// The kind the gallery makes and keeps. The cosine hash separates the bursts of the
  /// labelled set (`LikenessSetTests`) from their neighbours better than the difference
  /// hash: a burst's pairs at a median of 6 bits against 7, 95 % within 14 bits against
  /// 19, unrelated pairs from 14 bits against 13; grouped at 12 bits (`LikenessGroups`)
  /// both with precision 1.000, the cosine hash with recall 0.979, the difference hash
  /// 0.861. One kind, not both: the second would cost a second reduction for no pair the
  /// first misses at the threshold chosen.
  package static let kind = Kind.cosine

  /// The hash of the pixels of `rows` in `bytes` (8-bit RGB or RGBA; alpha not read), of
  /// the gallery's kind; nil when `bytes` is shorter than the layout or the picture is
  /// under 32 pixels on a side. O(pixels), no copy of the picture.
  package static func of(_ bytes: UnsafeRawBufferPointer, _ rows: PixelRows) -> PerceptualHash? {
    make(kind, bytes, rows)
  }

  /// `of` for pixels in an array.
  package static func of(_ bytes: [UInt8], _ rows: PixelRows) -> PerceptualHash? {
    bytes.withUnsafeBytes { of($0, rows) }
  }

  /// The hash of the given kind (see `of`).
  package static func make(_ kind: Kind, _ bytes: UnsafeRawBufferPointer, _ rows: PixelRows)
    -> PerceptualHash?
  {
    guard bytes.count >= rows.byteCount, let base = bytes.baseAddress else { return nil }
    switch kind {
    case .difference: return difference(base, rows)
    case .cosine: return cosine(base, rows)
    }
  }

  /// The difference hash of the pixels; nil under 32 pixels on a side.
  static func difference(_ base: UnsafeRawPointer, _ rows: PixelRows) -> PerceptualHash? {
    guard min(rows.width, rows.height) >= minimumSide,
      let grey = GreyReduction(base, rows, width: 9, height: 8)
    else { return nil }
    var bits: UInt64 = 0
    for row in 0..<8 {
      for column in 0..<8 where grey.values[row * 9 + column] < grey.values[row * 9 + column + 1] {
        bits |= 1 << UInt64(row * 8 + column)
      }
    }
    return PerceptualHash(bits: bits)
  }

  /// The cosine hash of the pixels; nil under 32 pixels on a side.
  static func cosine(_ base: UnsafeRawPointer, _ rows: PixelRows) -> PerceptualHash? {
    let side = 32
    guard min(rows.width, rows.height) >= minimumSide,
      let grey = GreyReduction(base, rows, width: side, height: side)
    else { return nil }
    // The transform is separable: the 8 lowest frequencies of each row, then of each of
    // those 8 columns. The constant factors change no comparison with the median.
    let basis = cosineBasis
    var across = [Float](repeating: 0, count: side * 8)
    for y in 0..<side {
      for u in 0..<8 {
        var sum: Float = 0
        for x in 0..<side { sum += grey.values[y * side + x] * basis[u * side + x] }
        across[y * 8 + u] = sum
      }
    }
    var low = [Float](repeating: 0, count: 64)
    for v in 0..<8 {
      for u in 0..<8 {
        var sum: Float = 0
        for y in 0..<side { sum += across[y * 8 + u] * basis[v * side + y] }
        low[v * 8 + u] = sum
      }
    }
    let sorted = low.sorted()
    let median = (sorted[31] + sorted[32]) / 2
    var bits: UInt64 = 0
    for index in 0..<64 where low[index] > median { bits |= 1 << UInt64(index) }
    return PerceptualHash(bits: bits)
  }

  /// The shortest side hashed: a smaller picture has too little to reduce.
  package static let minimumSide = 32

  /// cos((2x + 1)uπ / 64) for the 8 lowest frequencies u of 32 samples x, `u * 32 + x`.
  private static let cosineBasis: [Float] = {
    var basis = [Float](repeating: 0, count: 8 * 32)
    for u in 0..<8 {
      for x in 0..<32 {
        let angle = Double(2 * x + 1) * Double(u) * Double.pi / 64
        basis[u * 32 + x] = Float(cos(angle))
      }
    }
    return basis
  }()
}
