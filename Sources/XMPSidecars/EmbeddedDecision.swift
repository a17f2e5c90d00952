import Pictures
import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The culling decision a picture carries inside its own file, which a camera, another
/// program or the gallery (`xmp-in-file`, `EmbeddedXMPWrite`) wrote there: read when the
/// picture has no sidecar.
///
/// The rule, as the editors read it: a sidecar wins over what is inside the file (the
/// editors write their decisions there, and so does the gallery); inside the file, the
/// XMP packet (`xmp:Rating`, `xmp:Label`, darktable's and digiKam's fields, read by
/// `XMPPacket` as a sidecar's are) wins over EXIF's `Rating`, which gives the stars only
/// when the packet has no `xmp:Rating`; `RatingPercent` stands in for a missing `Rating`.
///
/// Only the head of the file is read (`firstRead`, doubled up to `longestHead` while a
/// JPEG's segments or a PNG's chunks go on past it), a TIFF's first directory where its
/// header says when it lies further, and a TIFF's or a raw file's packet where its entry
/// says, within `XMPPacketCheck.byteLimit`. A file that cannot be read, or holds nothing usable, gives
/// no decision: it is the picture's business, not a sidecar's, so no sentence is said.
package enum EmbeddedDecision {
  /// The first read: a camera's JPEG holds its EXIF block and XMP packet in it.
  static let firstRead = 64 << 10
  /// The longest head read: JPEG's segments are at most 64 KiB each.
  static let longestHead = 512 << 10

  /// The decision inside the picture at `path`; nil when it holds none, or nothing but
  /// an undecided one.
  package static func read(picture path: String) -> CullingDecision? {
    guard let (descriptor, status) = try? FileReader.openRegular(path: path, limit: .max) else {
      return nil
    }
    defer { close(descriptor) }
    let fileSize = Int(status.st_size)
    var head = FileReader.read(descriptor, at: 0, count: min(fileSize, firstRead))
    var found = EmbeddedCulling(head: head, fileSize: fileSize)
    // A TIFF whose first directory lies past the head (written anew at the end, as the
    // gallery and other editors do when they add a tag): that directory read where the
    // header says, rather than a longer head.
    if found.isCut, let offset = EmbeddedCulling.tiffDirectoryOffset(head: head),
      offset >= head.count
    {
      return decision(inFarDirectoryAt: offset, of: descriptor, head: head, fileSize: fileSize)
    }
    // Doubled while the segments go on past it: most files stop at the first read.
    while found.isCut, head.count < min(fileSize, longestHead) {
      let more = FileReader.read(
        descriptor, at: head.count, count: min(fileSize, longestHead, head.count * 2) - head.count)
      guard !more.isEmpty else { break }
      head += more
      found = EmbeddedCulling(head: head, fileSize: fileSize)
    }
    return decision(found, of: descriptor, head: head)
  }

  /// The decision of a TIFF whose first directory lies at `offset`, past the head.
  private static func decision(
    inFarDirectoryAt offset: Int, of descriptor: Int32, head: [UInt8], fileSize: Int
  ) -> CullingDecision? {
    let count = FileReader.read(descriptor, at: offset, count: 2)
    guard count.count == 2 else { return nil }
    let entries =
      head[0] == 0x49 ? Int(count[1]) << 8 | Int(count[0]) : Int(count[0]) << 8 | Int(count[1])
    let directory = FileReader.read(descriptor, at: offset, count: 2 + 12 * entries + 4)
    let found = EmbeddedCulling(tiffHead: head, directory: directory, fileSize: fileSize)
    return decision(found, of: descriptor, head: head)
  }

  /// The decision from what the walk `found` in `head`, the packet read from the file
  /// when it lies past the head.
  private static func decision(_ found: EmbeddedCulling, of descriptor: Int32, head: [UInt8])
    -> CullingDecision?
  {
    var packet: [UInt8]?
    if let range = found.xmp {
      if range.upperBound <= head.count {
        packet = Array(head[range])
      } else if range.count <= XMPPacketCheck.byteLimit {
        packet = FileReader.read(descriptor, at: range.lowerBound, count: range.count)
      }
    }
    let decision = decision(packet: packet, exifStars: found.exifStars)
    return decision.isUndecided ? nil : decision
  }

  /// The decision in the head of a file held in memory, `head` (the whole file, or its
  /// start): for the fuzz target and the tests, which read no file.
  package static func decision(inHead head: [UInt8]) -> CullingDecision {
    let found = EmbeddedCulling(head: head, fileSize: head.count)
    let packet = found.xmp.flatMap { $0.upperBound <= head.count ? Array(head[$0]) : nil }
    return decision(packet: packet, exifStars: found.exifStars)
  }

  /// The packet's decision, with EXIF's stars when the packet gives none; a packet
  /// refused (`XMPPacketCheck`, Exempi) counts as none.
  static func decision(packet: [UInt8]?, exifStars: StarRating?) -> CullingDecision {
    let parsed = packet.flatMap { try? XMPPacket(parsing: trimmed($0)) }
    var decision = parsed?.decision ?? .undecided
    if parsed?.hasRating != true, let exifStars { decision.rating = exifStars }
    return decision
  }

  /// The packet without the padding or the NUL bytes a file may end it with (a TIFF's
  /// XMLPacket is often NUL-terminated), which `XMPPacketCheck` refuses.
  static func trimmed(_ bytes: [UInt8]) -> [UInt8] {
    var end = bytes.count
    while end > 0, bytes[end - 1] == 0 { end -= 1 }
    return Array(bytes[..<end])
  }
}
