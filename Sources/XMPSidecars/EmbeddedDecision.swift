import Pictures
import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

/// The culling decision a picture carries inside its own file, which a camera or another
/// program wrote there: read when the picture has no sidecar, never written.
///
/// The rule, as the editors read it: a sidecar wins over what is inside the file (the
/// editors write their decisions there, and so does the gallery); inside the file, the
/// XMP packet (`xmp:Rating`, `xmp:Label`, darktable's and digiKam's fields, read by
/// `XMPPacket` as a sidecar's are) wins over EXIF's `Rating`, which gives the stars only
/// when the packet has no `xmp:Rating`; `RatingPercent` stands in for a missing `Rating`.
///
/// Only the head of the file is read (`firstRead`, doubled up to `longestHead` while a
/// JPEG's segments go on past it), and a raw file's packet where its entry says, within
/// `XMPPacketCheck.byteLimit`. A file that cannot be read, or holds nothing usable, gives
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
    // Doubled while the segments go on past it: most files stop at the first read.
    while found.isCut, head.count < min(fileSize, longestHead) {
      let more = FileReader.read(
        descriptor, at: head.count, count: min(fileSize, longestHead, head.count * 2) - head.count)
      guard !more.isEmpty else { break }
      head += more
      found = EmbeddedCulling(head: head, fileSize: fileSize)
    }
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
