/// A WebP file's RIFF chunks, walked without decoding.
///
/// libwebp's demuxer keeps a record per frame, so a file of millions of tiny
/// frames would take memory in proportion; this walk takes O(chunks kept) and
/// counts the rest. It also finds the EXIF and ICC chunks and the canvas size.
struct WebPContainer {
  struct Chunk {
    var fourCC: String
    /// The whole chunk: header, payload and padding.
    var range: Range<Int>
    /// The payload alone.
    var payload: Range<Int>
  }

  /// Every chunk but the frames past the first `keepFrames`, in order.
  private(set) var chunks: [Chunk] = []
  /// The `ANMF` chunks in the file.
  private(set) var frameCount = 0
  /// The canvas from a `VP8X` chunk.
  private(set) var canvas: (width: Int, height: Int)?
  /// Whether the `VP8X` flags say animation.
  private(set) var isAnimated = false
  /// Whether a chunk runs past the end of the data.
  private(set) var isTruncated = false

  /// Walks `bytes`, keeping at most `keepFrames` frame chunks.
  init(_ bytes: [UInt8], keepFrames: Int) {
    guard bytes.count >= 12 else {
      isTruncated = true
      return
    }
    let declared = Self.littleEndian(bytes, at: 4, count: 4) + 8
    let end = min(bytes.count, declared)
    if declared > bytes.count { isTruncated = true }
    var offset = 12
    while offset + 8 <= end {
      let fourCC = String(decoding: bytes[offset..<(offset + 4)], as: UTF8.self)
      let size = Self.littleEndian(bytes, at: offset + 4, count: 4)
      let payloadEnd = offset + 8 + size
      if payloadEnd > bytes.count { isTruncated = true }
      let chunk = Chunk(
        fourCC: fourCC, range: offset..<min(bytes.count, payloadEnd + (size & 1)),
        payload: (offset + 8)..<min(bytes.count, payloadEnd))
      if fourCC == "ANMF" {
        frameCount += 1
        if frameCount <= keepFrames { chunks.append(chunk) }
      } else {
        chunks.append(chunk)
      }
      if fourCC == "VP8X", chunk.payload.count >= 10 {
        let at = chunk.payload.lowerBound
        isAnimated = bytes[at] & 0x02 != 0
        canvas = (
          Self.littleEndian(bytes, at: at + 4, count: 3) + 1,
          Self.littleEndian(bytes, at: at + 7, count: 3) + 1
        )
      }
      offset = payloadEnd + (size & 1)
    }
  }

  /// The payload of the first chunk named `fourCC`.
  func payload(_ fourCC: String, in bytes: [UInt8]) -> ArraySlice<UInt8>? {
    chunks.first { $0.fourCC == fourCC }.map { bytes[$0.payload] }
  }

  /// The file with only the kept chunks (a valid WebP of the first frames); the bytes
  /// themselves when nothing was left out.
  func trimmed(_ bytes: [UInt8]) -> [UInt8] {
    let kept = chunks.reduce(0) { $0 + $1.range.count }
    if kept + 12 >= bytes.count { return bytes }
    var out = Array("RIFF".utf8)
    let size = kept + 4
    out += (0..<4).map { UInt8(truncatingIfNeeded: size >> (8 * $0)) }
    out += Array("WEBP".utf8)
    out.reserveCapacity(kept + 12)
    for chunk in chunks { out += bytes[chunk.range] }
    return out
  }

  private static func littleEndian(_ bytes: [UInt8], at offset: Int, count: Int) -> Int {
    (0..<count).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
  }
}
