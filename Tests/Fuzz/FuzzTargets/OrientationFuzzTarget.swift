import Pictures

extension FuzzTarget {
  /// The orientation tag's rewriter (`OrientationRewrite`): any bytes are turned or
  /// refused, never a trap. What it turns reads back as the old orientation turned, in a
  /// file no smaller (the same size when the tag was there to patch); turned back it reads
  /// as before, and turned again it is the same bytes.
  ///
  /// A PNG is tried as it is and with its chunks' checksums made right (`sealed`), so the
  /// fuzzer reaches the `eXIf` block past a check it could not pass.
  static let orientation = FuzzTarget("orientation", "the orientation tag's rewriter") {
    bytes throws(FuzzFailure) in
    let inputs = sealed(bytes).map { [bytes, $0] } ?? [bytes]
    for input in inputs {
      let tagged = ExifOrientation.read(from: input)
      let before = tagged ?? .normal
      for turn in PictureTurn.allCases {
        guard let turned = try? OrientationRewrite.turning(input, by: turn) else { continue }
        let read = ExifOrientation.read(from: turned)
        try require(read == before.turned(turn), "\(turn) of \(before) read back as \(read as Any)")
        try require(
          tagged == nil ? turned.count > input.count : turned.count == input.count,
          "\(input.count) bytes became \(turned.count)")
        let back: [UInt8]
        do throws(OrientationRewriteError) {
          back = try OrientationRewrite.turning(turned, by: turn.inverse)
        } catch {
          throw FuzzFailure("a file the rewriter wrote was refused: \(error.message)")
        }
        try require(
          ExifOrientation.read(from: back) == before, "\(turn) turned back is not \(before)")
        try require(
          (try? OrientationRewrite.turning(back, by: turn)) == turned,
          "\(turn) again gave other bytes")
      }
    }
  }

  /// A PNG's bytes with every whole chunk's checksum made right; nil for other bytes and
  /// for a PNG whose checksums are right already.
  private static func sealed(_ bytes: [UInt8]) -> [UInt8]? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.starts(with: signature) else { return nil }
    var sealed = bytes
    var offset = signature.count
    while offset + 12 <= sealed.count {
      let length = sealed[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let end = offset + 12 + length
      guard end <= sealed.count else { break }
      let checksum = CRC32.checksum(sealed[(offset + 4)..<(end - 4)])
      sealed.replaceSubrange(
        (end - 4)..<end, with: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: checksum >> $0) })
      offset = end
    }
    return sealed == bytes ? nil : sealed
  }
}
