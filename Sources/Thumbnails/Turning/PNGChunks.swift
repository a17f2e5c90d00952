import CImageCodecs
import Pictures

/// A PNG taken apart into its chunks, each checksum checked, for rewriting it with new
/// image data and every other chunk kept.
struct PNGChunks {
  /// One chunk: its four-letter type and where its data lies in the file.
  struct Chunk {
    let type: String
    let data: Range<Int>
  }

  /// PNG's eight-byte signature.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  /// A chunk's length is at most 2³¹ − 1.
  private static let maximumLength = 0x7FFF_FFFF

  /// Every chunk from `IHDR` up to, not including, `IEND`.
  let chunks: [Chunk]

  /// The chunks of the PNG `bytes`.
  ///
  /// - Throws: `.malformed` when the signature or `IHDR` is missing, a chunk runs past the
  ///   end or its checksum does not match, or the file ends before `IEND`.
  init(_ bytes: [UInt8]) throws(OrientationRewriteError) {
    guard bytes.starts(with: Self.signature) else { throw .malformed("it is no PNG") }
    var offset = Self.signature.count
    var chunks: [Chunk] = []
    while true {
      guard offset + 12 <= bytes.count else { throw .malformed("it ends before its IEND chunk") }
      let length = Self.number(bytes, at: offset)
      let end = offset + 12 + length
      guard length <= Self.maximumLength, end <= bytes.count else {
        throw .malformed("a chunk runs past the end of the file")
      }
      guard Self.number(bytes, at: end - 4) == Self.checksum(bytes[(offset + 4)..<(end - 4)])
      else { throw .malformed("a chunk's checksum does not match") }
      let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if chunks.isEmpty, type != "IHDR" { throw .malformed("its first chunk is not IHDR") }
      if type == "IEND" { break }
      chunks.append(Chunk(type: type, data: (offset + 8)..<(end - 4)))
      offset = end
    }
    self.chunks = chunks
  }

  /// A whole chunk: length, type, `data`, checksum.
  static func chunk(_ type: String, _ data: some Collection<UInt8>) -> [UInt8] {
    let body = Array(type.utf8) + data
    return bigEndian(UInt32(data.count)) + body + bigEndian(UInt32(checksum(body[...])))
  }

  /// The four-byte big-endian number at `offset`, which the caller has checked lies in
  /// `bytes`.
  static func number(_ bytes: [UInt8], at offset: Int) -> Int {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  /// The CRC-32 PNG signs a chunk's type and data with (zlib's).
  private static func checksum(_ bytes: ArraySlice<UInt8>) -> Int {
    bytes.withUnsafeBufferPointer { buffer in
      Int(crc32(0, buffer.baseAddress, UInt32(buffer.count)))
    }
  }
}
