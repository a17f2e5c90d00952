/// Tells a camera's raw file from other pictures by its first bytes.
///
/// Most raw formats are TIFF underneath (NEF, ARW, DNG, PEF, SRW, CR2 and others), so a
/// TIFF signature alone does not decide: the first directory is read for what only a
/// raw holds there, which keeps a scanner's or an editor's TIFF a TIFF.
enum RawHead {
  /// Whether `head` (a file's first bytes) starts a camera raw file: a signature of its
  /// own (Canon CRW, CR2 and CR3, Olympus ORF, Panasonic RW2, Fujifilm RAF, Minolta MRW,
  /// Sigma X3F, Phase One IIQ), or a TIFF whose first directory is a raw's
  /// (`isRawDirectory`).
  static func isRaw(_ head: [UInt8]) -> Bool {
    func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count
        && head[offset..<(offset + signature.count)].elementsEqual(signature)
    }
    let ownSignatures: [[UInt8]] = [
      Array("FUJIFILMCCD-RAW".utf8), Array("IIRO".utf8), Array("IIRS".utf8), Array("MMOR".utf8),
      [0x49, 0x49, 0x55, 0x00], [0x00, 0x4D, 0x52, 0x4D], Array("FOVb".utf8),
    ]
    if ownSignatures.contains(where: { starts($0) }) { return true }
    // Canon's CRW (a CIFF heap after a byte order and a header length), Phase One's IIQ.
    if starts(Array("HEAPCCDR".utf8), at: 6) || starts(Array("IIII".utf8)) { return true }
    if starts(Array("ftyp".utf8), at: 4), starts(Array("crx ".utf8), at: 8) { return true }
    let little = starts([0x49, 0x49, 0x2A, 0x00])
    guard little || starts([0x4D, 0x4D, 0x00, 0x2A]) else { return false }
    if little, starts([0x43, 0x52, 0x02], at: 8) { return true }
    return isRawDirectory(head, littleEndian: little)
  }

  /// Whether the first directory of a TIFF in `head` is a camera raw's: it names a DNG
  /// version, a colour filter array or linear raw photometric, a compression only raw
  /// files use, or it is the reduced copy (new subfile type 1) of a picture kept in a
  /// sub-directory, as NEF and ARW files start. False when the directory lies past
  /// `head`.
  static func isRawDirectory(_ head: [UInt8], littleEndian: Bool) -> Bool {
    func integer(at offset: Int, bytes: Int) -> Int? {
      guard offset >= 0, offset + bytes <= head.count else { return nil }
      var value = 0
      for index in 0..<bytes {
        let byte = Int(head[offset + (littleEndian ? bytes - 1 - index : index)])
        value = value << 8 | byte
      }
      return value
    }
    guard let directory = integer(at: 4, bytes: 4), let count = integer(at: directory, bytes: 2)
    else { return false }
    let rawCompressions: Set = [262, 32767, 32769, 32770, 34316, 34713, 65000, 65535]
    var isReducedCopy = false
    var hasSubDirectories = false
    for entry in 0..<min(count, 512) {
      let at = directory + 2 + entry * 12
      guard let tag = integer(at: at, bytes: 2), let type = integer(at: at + 2, bytes: 2) else {
        return false
      }
      // A SHORT's value sits in the first two bytes of the four, a LONG's in all four.
      let value = type == 3 ? integer(at: at + 8, bytes: 2) : integer(at: at + 8, bytes: 4)
      switch tag {
      case 0xC612: return true  // DNGVersion
      case 0x0106 where value == 32803 || value == 34892: return true  // CFA, LinearRaw
      case 0x0103 where value.map(rawCompressions.contains) == true: return true
      case 0x00FE: isReducedCopy = value == 1
      case 0x014A: hasSubDirectories = true
      default: break
      }
    }
    return isReducedCopy && hasSubDirectories
  }
}
