import Pictures
import XMPSidecars

extension FuzzTarget {
  /// A decision written into the XMP inside a picture (`EmbeddedXMPWrite`, `xmp-in-file`):
  /// any bytes, named as a JPEG, a PNG and a TIFF, are refused or come back with the
  /// decision inside, read back as a scan reads it, and the same decision again writes
  /// nothing; never a trap.
  static let xmpInFile = FuzzTarget(
    "xmp-in-file", "a decision written inside a JPEG, PNG or TIFF: the layout walks, the check"
  ) { bytes throws(FuzzFailure) in
    let decision = CullingDecision(rating: StarRating(clamping: 4), flag: .picked, labels: [.red])
    for name in ["/f/a.jpg", "/f/a.png", "/f/a.tif"] {
      let written: [UInt8]?
      do {
        written = try EmbeddedXMPWrite.merging(decision, into: bytes, picture: name)
      } catch {
        continue
      }
      guard let written else { continue }
      try require(
        EmbeddedDecision.decision(inHead: written) == decision,
        "\(name): the decision written is not read back")
      let again = try? EmbeddedXMPWrite.merging(decision, into: written, picture: name)
      try require(again == .some(nil), "\(name): the same decision again is written again")
    }
  }
}
