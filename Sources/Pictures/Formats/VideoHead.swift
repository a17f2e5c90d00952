/// Tells a video from other files by its first bytes.
enum VideoHead {
  /// Whether `head` starts a video container: ISO-BMFF (MP4, QuickTime, 3GP) by its
  /// `ftyp` box, unless its brand is an audio file's (M4A, M4B) or HEIF's (decided
  /// before this is asked); QuickTime without `ftyp` by its first atom; Matroska and WebM
  /// (EBML); AVI; MPEG transport streams (188-byte packets, or 192 with a timestamp, as
  /// camcorders' MTS); MPEG program streams; ASF (WMV); FLV.
  ///
  /// A container of sound alone (a WebM or MKV of audio) passes too: it is found when
  /// opened, and shown broken with the reason.
  static func isVideo(_ head: [UInt8]) -> Bool {
    func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count
        && head[offset..<(offset + signature.count)].elementsEqual(signature)
    }
    if starts(Array("ftyp".utf8), at: 4) {
      let audio = ["M4A ", "M4B ", "M4P ", "F4A ", "F4B "].map { Array($0.utf8) }
      return !audio.contains { starts($0, at: 8) }
    }
    for atom in ["moov", "mdat", "wide", "free", "skip", "pnot"]
    where starts(Array(atom.utf8), at: 4) {
      // QuickTime's first atom; its size (4 bytes before) is at least the header's 8.
      let size = head.prefix(4).reduce(0) { $0 << 8 | Int($1) }
      return size >= 8 || size == 1
    }
    if starts([0x1A, 0x45, 0xDF, 0xA3]) { return true }
    if starts(Array("RIFF".utf8)), starts(Array("AVI ".utf8), at: 8) { return true }
    if starts([0x00, 0x00, 0x01, 0xBA]) { return true }
    if starts([0x30, 0x26, 0xB2, 0x75, 0x8E, 0x66, 0xCF, 0x11]) { return true }
    if starts(Array("FLV".utf8)), starts([0x01], at: 3) { return true }
    for stride in [188, 192] {
      let first = stride == 188 ? 0 : 4
      if head.count >= first + 2 * stride + 1,
        [0, 1, 2].allSatisfy({ head[first + $0 * stride] == 0x47 })
      {
        return true
      }
    }
    return false
  }
}
