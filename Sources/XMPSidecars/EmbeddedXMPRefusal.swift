/// Why a decision was not written into a picture's own XMP packet: the picture is left
/// as it is.
package enum EmbeddedXMPRefusal: Error, Hashable, Sendable {
  /// A format whose XMP the gallery does not write inside the file (HEIC, which Exempi
  /// cannot write; a camera's raw file; a video): its name.
  case format(String)
  /// The bytes are not of the format the name says, or their layout does not fit.
  case damaged
  /// A JPEG whose packet goes on in extended XMP segments, which a rewrite of the main
  /// packet alone would cut off.
  case extendedXMP
  /// The packet would not fit one JPEG segment (extended XMP is not written): its size.
  case packetTooLarge(bytes: Int)
  /// The packet already inside was refused (`XMPRefusal`).
  case packet(XMPRefusal)
  /// The new file would differ in more than the XMP packet (`EmbeddedXMPLayout`).
  case changedMoreThanXMP
  /// The new file does not give back the decision written.
  case notReadBack

  /// `is a HEIC file, whose XMP Exempi cannot write`…: worded to follow the picture's
  /// name.
  package var reason: String {
    switch self {
    case .format(let name): "is a \(name) file, whose XMP is not written inside it"
    case .damaged: "is damaged or not of the format its name says"
    case .extendedXMP: "holds extended XMP, which a rewrite of its packet would cut off"
    case .packetTooLarge(let bytes):
      "would need an XMP packet of \(bytes) bytes, more than one JPEG segment holds"
    case .packet(let refusal): "holds an XMP packet that \(refusal.reason)"
    case .changedMoreThanXMP: "would have changed in more than its XMP packet"
    case .notReadBack: "did not give back the decision written into its XMP packet"
    }
  }
}
