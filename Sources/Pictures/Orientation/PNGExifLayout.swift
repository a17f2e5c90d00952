/// Where a PNG keeps its orientation: the first `eXIf` chunk, or the place a new one goes
/// (before the first `IDAT`, where the PNG specification asks for it).
///
/// The walk reads every chunk up to `IEND`, each length checked against the file, and
/// the `eXIf` chunk's checksum, so a damaged block is never rewritten into a valid one.
struct PNGExifLayout {
  /// The `eXIf` chunk: its bytes from the length on, and its TIFF's first directory.
  struct Chunk {
    let range: Range<Int>
    let directory: TIFFDirectory
  }

  /// PNG's eight-byte signature.
  static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
  private static let exifType = Array("eXIf".utf8)
  /// A chunk's length is at most 2³¹ − 1.
  private static let maximumLength = 0x7FFF_FFFF

  let exif: Chunk?
  /// The uncompressed `iTXt` chunk holding the XMP packet, when its checksum matches:
  /// the chunk's range and its text's.
  let xmp: (chunk: Range<Int>, text: Range<Int>)?
  /// Where the first `IDAT` chunk starts.
  let firstData: Int

  /// The layout of the PNG in `bytes`, which start with its signature.
  ///
  /// - Throws: `.malformed` when a chunk runs past the end, the file ends before `IEND`,
  ///   the first chunk is not `IHDR`, there is no `IDAT`, or the `eXIf` chunk's checksum
  ///   or TIFF is broken.
  init(_ bytes: [UInt8]) throws(OrientationRewriteError) {
    var offset = Self.signature.count
    var exif: Chunk?
    var xmp: (chunk: Range<Int>, text: Range<Int>)?
    var firstData: Int?
    while true {
      guard offset + 12 <= bytes.count else { throw .malformed("it ends before its IEND chunk") }
      let length = Self.bigEndian(bytes, at: offset)
      let type = bytes[(offset + 4)..<(offset + 8)]
      let end = offset + 12 + length
      guard length <= Self.maximumLength, end <= bytes.count else {
        throw .malformed("a chunk runs past the end of the file")
      }
      if offset == Self.signature.count, !type.elementsEqual("IHDR".utf8) {
        throw .malformed("its first chunk is not IHDR")
      }
      if type.elementsEqual("IEND".utf8) { break }
      if type.elementsEqual("IDAT".utf8), firstData == nil { firstData = offset }
      if type.elementsEqual(Self.exifType), exif == nil {
        guard Self.bigEndian(bytes, at: end - 4) == CRC32.checksum(bytes[(offset + 4)..<(end - 4)])
        else { throw .malformed("its eXIf chunk's checksum does not match") }
        let tiff = (offset + 8)..<(end - 4)
        exif = Chunk(range: offset..<end, directory: try TIFFDirectory(bytes, in: tiff))
      }
      if type.elementsEqual("iTXt".utf8), xmp == nil {
        xmp = Self.xmpText(bytes, chunk: offset..<end)
      }
      offset = end
    }
    guard let firstData else { throw .malformed("it holds no IDAT chunk") }
    self.exif = exif
    self.xmp = xmp
    self.firstData = firstData
  }

  /// The orientation the `eXIf` chunk names, or nil when there is no tag.
  func orientation(in bytes: [UInt8]) -> ExifOrientation? {
    exif?.directory.orientation(in: bytes)
  }

  /// `bytes` with the orientation turned by `turn`: the tag patched in place and the
  /// chunk's checksum made again, the chunk rebuilt with a first directory holding the
  /// tag appended, or a new `eXIf` chunk before the first `IDAT`.
  func turning(_ original: [UInt8], by turn: PictureTurn) throws(OrientationRewriteError)
    -> [UInt8]
  {
    let turned = (orientation(in: original) ?? .normal).turned(turn)
    // In place, first: no byte moves, so every range found stays right.
    var bytes = original
    if let xmp, XMPOrientation.patch(&bytes, in: xmp.text, to: turned) {
      Self.sign(&bytes, chunk: xmp.chunk)
    }
    guard let exif else {
      var result = bytes
      result.insert(contentsOf: Self.chunk(TIFFDirectory.minimal(turned)), at: firstData)
      return result
    }
    guard var patched = exif.directory.patching(bytes, to: turned) else {
      let tiff = try exif.directory.appendingOrientation(turned, in: bytes)
      guard tiff.count <= Self.maximumLength else {
        throw .noOrientationTag("this PNG's eXIf chunk is too large to take an orientation tag")
      }
      var result = bytes
      result.replaceSubrange(exif.range, with: Self.chunk(tiff))
      return result
    }
    Self.sign(&patched, chunk: exif.range)
    return patched
  }

  /// `bytes` with the orientation tags it has (`eXIf`, XMP) set to upright, each chunk
  /// signed anew; nothing added. For a PNG whose pixels were turned to be shown as they
  /// are stored.
  func uprighting(_ original: [UInt8]) -> [UInt8] {
    var bytes = original
    if let xmp, XMPOrientation.patch(&bytes, in: xmp.text, to: .normal) {
      Self.sign(&bytes, chunk: xmp.chunk)
    }
    if let exif, var patched = exif.directory.patching(bytes, to: .normal) {
      Self.sign(&patched, chunk: exif.range)
      bytes = patched
    }
    return bytes
  }

  /// Makes the checksum of the chunk at `chunk` again, after its data changed.
  private static func sign(_ bytes: inout [UInt8], chunk: Range<Int>) {
    let checksum = CRC32.checksum(bytes[(chunk.lowerBound + 4)..<(chunk.upperBound - 4)])
    bytes.replaceSubrange((chunk.upperBound - 4)..<chunk.upperBound, with: bigEndian(checksum))
  }

  /// The text of the `iTXt` chunk at `chunk` when it is the XMP packet, uncompressed, and
  /// its checksum matches (a damaged chunk is never signed anew).
  private static func xmpText(_ bytes: [UInt8], chunk: Range<Int>) -> (
    chunk: Range<Int>, text: Range<Int>
  )? {
    let data = (chunk.lowerBound + 8)..<(chunk.upperBound - 4)
    guard let text = EmbeddedCulling.xmpText(bytes, data: data) else { return nil }
    let checksum = CRC32.checksum(bytes[(chunk.lowerBound + 4)..<data.upperBound])
    guard bigEndian(bytes, at: data.upperBound) == checksum else { return nil }
    return (chunk, text)
  }

  /// An `eXIf` chunk holding `tiff`, with its checksum.
  private static func chunk(_ tiff: [UInt8]) -> [UInt8] {
    let body = exifType + tiff
    return bigEndian(UInt32(tiff.count)) + body + bigEndian(CRC32.checksum(body))
  }

  private static func bigEndian(_ value: UInt32) -> [UInt8] {
    [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: value >> $0) }
  }

  /// The four-byte number at `offset`, which the caller has checked lies in `bytes`.
  private static func bigEndian(_ bytes: [UInt8], at offset: Int) -> Int {
    bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
  }
}
