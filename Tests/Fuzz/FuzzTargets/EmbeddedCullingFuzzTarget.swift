import Pictures
import XMPSidecars

extension FuzzTarget {
  /// The culling fields inside a picture (`EmbeddedCulling`, then `EmbeddedDecision`):
  /// any bytes, read as a whole file or cut anywhere as a head, find the packet within
  /// the file, and give a decision (through `XMPPacketCheck` and Exempi) or none, never
  /// a trap.
  static let embeddedCulling = FuzzTarget(
    "embedded-culling", "ratings inside a JPEG or TIFF-based file: the segment finder, then XMP"
  ) { bytes throws(FuzzFailure) in
    for cut in Set([bytes.count, bytes.count / 2, min(bytes.count, 64)]) {
      let head = Array(bytes.prefix(cut))
      let found = EmbeddedCulling(head: head, fileSize: bytes.count)
      if let xmp = found.xmp {
        try require(
          xmp.lowerBound >= 0 && xmp.upperBound <= bytes.count,
          "the packet at \(xmp) lies outside a file of \(bytes.count) bytes")
      }
      if let stars = found.exifStars {
        try require((0...5).contains(stars.stars), "\(stars.stars) stars")
      }
      try require(
        !found.isCut || cut < bytes.count, "a whole file of \(bytes.count) bytes reads as cut")
      _ = EmbeddedDecision.decision(inHead: head)
    }
  }
}
