import Pictures

#if canImport(Glibc)
  import Glibc
#endif

/// The check that writing a picture's XMP packet changed nothing else: the bytes of a
/// file before and after, compared part by part outside the packet.
///
/// A byte walk rather than decoding both and comparing pixels: it holds for every part a
/// decoder passes by (EXIF, ICC profiles, a raw file's sensor data and previews, a PNG's
/// text), costs one pass over the bytes, and needs no decoder of each raw format.
///
/// - JPEG: every segment but the main XMP packet's `APP1`, in order, and everything from
///   the start of the scan to the end of the file, byte for byte.
/// - PNG: every chunk but the XMP `iTXt`, in order, and what follows `IEND`.
/// - TIFF and DNG: every byte of the old file outside the header's directory offset, the
///   first directory and the old packet, at the same place in the new file (the sensor
///   data, the other directories, every value outside the first directory); and the new
///   first directory holding the same entries but XMLPacket (tag 700), each with the
///   same value, followed by the same next directory.
enum EmbeddedXMPLayout {
  /// The formats whose layout is walked.
  enum Container: Sendable, Hashable {
    case jpeg, png, tiff
  }

  /// `APP1`'s signature for the main XMP packet.
  static let jpegXMPSignature = XMPOrientation.jpegHeader
  /// `APP1`'s signature for the rest of a packet too large for one segment.
  static let jpegExtendedXMPSignature = Array("http://ns.adobe.com/xmp/extension/".utf8) + [0]
  /// The `iTXt` keyword of a PNG's XMP packet.
  static let pngXMPKeyword = XMPOrientation.pngKeyword + [0]
  /// XMLPacket, the TIFF tag of the XMP packet.
  static let tiffXMPTag = 700

  /// Whether `new` differs from `old` only in the XMP packet; false for a file whose
  /// layout cannot be walked.
  static func differOnlyInXMP(_ old: [UInt8], _ new: [UInt8], as container: Container) -> Bool {
    switch container {
    case .jpeg:
      guard let before = jpegParts(old), let after = jpegParts(new) else { return false }
      return before.kept.elementsEqual(after.kept) { same(old[$0], new[$1]) }
        && same(old[before.scan...], new[after.scan...])
    case .png:
      guard let before = pngParts(old), let after = pngParts(new) else { return false }
      return before.kept.elementsEqual(after.kept) { same(old[$0], new[$1]) }
        && same(old[before.end...], new[after.end...])
    case .tiff:
      return tiffDiffersOnlyInXMP(old, new)
    }
  }

  /// Whether two runs of bytes are the same, compared a block at a time (`memcmp`): the
  /// sensor data of a raw file or the scan of a large JPEG is most of a file.
  static func same(_ a: ArraySlice<UInt8>, _ b: ArraySlice<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    return a.withUnsafeBytes { left in
      b.withUnsafeBytes { right in
        guard let l = left.baseAddress, let r = right.baseAddress else { return true }
        return memcmp(l, r, left.count) == 0
      }
    }
  }

  // MARK: JPEG

  /// A JPEG's parts before the scan.
  struct JPEGParts {
    /// The segments but the XMP packet's.
    var kept: [Range<Int>] = []
    /// Where the scan starts.
    var scan = 0
    /// Whether extended XMP segments are there.
    var extended = false
    /// The main XMP packet's segment, from its marker on.
    var xmp: Range<Int>?
    /// The end of the segments that lead the file, `APP0` (JFIF) and `APP1` (EXIF, XMP):
    /// where a new packet's segment goes.
    var leading = 2
    /// Where an `APP2` multi-picture index (MPF: a camera's previews, a gain map) starts:
    /// it counts its pictures from its own segment.
    var multiPictureIndex: Int?
  }

  /// A JPEG's parts before the scan; nil when the segments do not fit.
  static func jpegParts(_ bytes: [UInt8]) -> JPEGParts? {
    guard bytes.starts(with: [0xFF, 0xD8]) else { return nil }
    var parts = JPEGParts()
    var offset = 2
    while offset + 4 <= bytes.count {
      guard bytes[offset] == 0xFF else { return nil }
      let marker = bytes[offset + 1]
      // Fill bytes before a marker.
      if marker == 0xFF {
        offset += 1
        continue
      }
      if marker == 0xDA {
        parts.scan = offset
        return parts
      }
      // Markers without a length: TEM and the restarts; an end of image before a scan.
      if marker == 0x01 || (0xD0...0xD7).contains(marker) {
        parts.kept.append(offset..<(offset + 2))
        offset += 2
        continue
      }
      if marker == 0xD9 { return nil }
      let length = Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
      let end = offset + 2 + length
      guard length >= 2, end <= bytes.count else { return nil }
      let payload = bytes[(offset + 4)..<end]
      if marker == 0xE1 || marker == 0xE0, parts.leading == offset { parts.leading = end }
      if marker == 0xE2, payload.starts(with: [0x4D, 0x50, 0x46, 0x00]),
        parts.multiPictureIndex == nil
      {
        parts.multiPictureIndex = offset
      }
      if marker == 0xE1, payload.starts(with: jpegXMPSignature), parts.xmp == nil {
        // The packet itself: what changes. (A second one is kept, and compared.)
        parts.xmp = offset..<end
      } else {
        if marker == 0xE1, payload.starts(with: jpegExtendedXMPSignature) { parts.extended = true }
        parts.kept.append(offset..<end)
      }
      offset = end
    }
    return nil
  }

  // MARK: PNG

  /// A PNG's chunks up to and with `IEND` but the XMP `iTXt`, where `IEND` ends, and the
  /// first XMP `iTXt` chunk; nil when the chunks do not fit.
  static func pngParts(_ bytes: [UInt8]) -> (kept: [Range<Int>], end: Int, xmp: Range<Int>?)? {
    let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    guard bytes.starts(with: signature) else { return nil }
    var kept: [Range<Int>] = []
    var xmp: Range<Int>?
    var offset = signature.count
    while offset + 12 <= bytes.count {
      let length = bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let end = offset + 12 + length
      guard length <= 0x7FFF_FFFF, end <= bytes.count else { return nil }
      let type = bytes[(offset + 4)..<(offset + 8)]
      let isXMP =
        type.elementsEqual("iTXt".utf8) && bytes[(offset + 8)..<end].starts(with: pngXMPKeyword)
      // The first packet is what changes; a second one is kept, and compared.
      if isXMP, xmp == nil { xmp = offset..<end } else { kept.append(offset..<end) }
      if type.elementsEqual("IEND".utf8) { return (kept, end, xmp) }
      offset = end
    }
    return nil
  }

  // MARK: TIFF

  /// A TIFF's first directory: where it lies, its byte order, its entries (each entry's
  /// tag and its twelve bytes' place) and where the next directory's offset lies.
  struct Directory {
    let littleEndian: Bool
    let offset: Int
    let entries: [(tag: Int, place: Range<Int>)]
    let next: Range<Int>

    /// Everything the directory takes, from its count to the next one's offset.
    var span: Range<Int> { offset..<next.upperBound }
  }

  /// The sizes of TIFF's types, by their number (1 to 13; 16 to 18 BigTIFF's).
  private static let typeSizes: [Int: Int] = [
    1: 1, 2: 1, 3: 2, 4: 4, 5: 8, 6: 1, 7: 1, 8: 2, 9: 4, 10: 8, 11: 4, 12: 8, 13: 4,
  ]

  static func number(_ bytes: [UInt8], _ at: Int, _ size: Int, littleEndian: Bool) -> Int? {
    guard at >= 0, at + size <= bytes.count else { return nil }
    let slice = bytes[at..<(at + size)]
    return (littleEndian ? slice.reversed() : Array(slice)).reduce(0) { $0 << 8 | Int($1) }
  }

  static func tiffDirectory(_ bytes: [UInt8]) -> Directory? {
    guard bytes.count >= 8 else { return nil }
    let littleEndian: Bool
    switch (bytes[0], bytes[1]) {
    case (0x49, 0x49): littleEndian = true
    case (0x4D, 0x4D): littleEndian = false
    default: return nil
    }
    guard let offset = number(bytes, 4, 4, littleEndian: littleEndian), offset >= 8,
      let count = number(bytes, offset, 2, littleEndian: littleEndian)
    else { return nil }
    let first = offset + 2
    let next = (first + 12 * count)..<(first + 12 * count + 4)
    guard next.upperBound <= bytes.count else { return nil }
    let entries = (0..<count).compactMap { index -> (tag: Int, place: Range<Int>)? in
      let place = (first + 12 * index)..<(first + 12 * index + 12)
      return number(bytes, place.lowerBound, 2, littleEndian: littleEndian).map { ($0, place) }
    }
    return Directory(littleEndian: littleEndian, offset: offset, entries: entries, next: next)
  }

  /// The bytes of an entry's value: the four bytes in the entry, or those it points to.
  private static func value(
    _ bytes: [UInt8], _ place: Range<Int>, littleEndian: Bool
  ) -> ArraySlice<UInt8>? {
    guard let type = number(bytes, place.lowerBound + 2, 2, littleEndian: littleEndian),
      let count = number(bytes, place.lowerBound + 4, 4, littleEndian: littleEndian),
      let size = typeSizes[type]
    else { return nil }
    let length = size * count
    if length <= 4 { return bytes[(place.lowerBound + 8)..<(place.lowerBound + 12)] }
    guard let start = number(bytes, place.lowerBound + 8, 4, littleEndian: littleEndian),
      start <= bytes.count - length
    else { return nil }
    return bytes[start..<(start + length)]
  }

  /// Where the first directory's XMP packet lies, by its entry; nil when it has none.
  static func tiffPacket(_ bytes: [UInt8], _ directory: Directory) -> Range<Int>? {
    tiffValuePlace(bytes, directory, tag: tiffXMPTag)
  }

  /// Where the value of the first directory's entry `tag`, of bytes, lies outside the
  /// entry; nil when there is none.
  static func tiffValuePlace(_ bytes: [UInt8], _ directory: Directory, tag: Int) -> Range<Int>? {
    guard let entry = directory.entries.first(where: { $0.tag == tag }),
      let count = number(
        bytes, entry.place.lowerBound + 4, 4, littleEndian: directory.littleEndian),
      count > 4,
      let start = number(bytes, entry.place.lowerBound + 8, 4, littleEndian: directory.littleEndian)
    else { return nil }
    return start..<(start + count)
  }

  private static func tiffDiffersOnlyInXMP(_ old: [UInt8], _ new: [UInt8]) -> Bool {
    guard let before = tiffDirectory(old), let after = tiffDirectory(new),
      before.littleEndian == after.littleEndian
    else { return false }
    // Every byte outside the header's offset, the old directory and the old packet.
    var changing = [4..<8, before.span]
    if let packet = tiffPacket(old, before) { changing.append(packet) }
    var offset = 0
    for range in changing.sorted(by: { $0.lowerBound < $1.lowerBound }) {
      let end = min(range.lowerBound, old.count)
      if offset < end {
        guard end <= new.count, same(old[offset..<end], new[offset..<end]) else {
          return false
        }
      }
      offset = max(offset, range.upperBound)
    }
    if offset < old.count {
      guard old.count <= new.count, same(old[offset...], new[offset..<old.count]) else {
        return false
      }
    }
    // The new first directory: the same entries but the packet's, with the same values.
    let kept = { (directory: Directory) in directory.entries.filter { $0.tag != tiffXMPTag } }
    let oldEntries = kept(before)
    let newEntries = kept(after)
    guard oldEntries.count == newEntries.count,
      old[before.next].elementsEqual(new[after.next])
    else { return false }
    for (was, now) in zip(oldEntries, newEntries) {
      guard old[was.place.prefix(8)].elementsEqual(new[now.place.prefix(8)]),
        let oldValue = value(old, was.place, littleEndian: before.littleEndian),
        let newValue = value(new, now.place, littleEndian: after.littleEndian),
        same(oldValue, newValue)
      else { return false }
    }
    return true
  }
}
