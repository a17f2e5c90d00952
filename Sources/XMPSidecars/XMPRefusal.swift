/// Why a packet of XMP was refused before, or by, Exempi: what was read is left as it is.
///
/// The cheap checks (`XMPPacketCheck`) run before Exempi sees the bytes, so a crafted file
/// never reaches the XML parser with a document type, entities or a nesting deep enough
/// to exhaust its stack.
package enum XMPRefusal: Error, Hashable, Sendable {
  /// Larger than `XMPPacketCheck.byteLimit`: its size in bytes.
  case tooLarge(bytes: Int)
  /// A document type or an entity declaration (`<!DOCTYPE`, `<!ENTITY`), which XMP never
  /// has and which XML's entity expansions abuse.
  case declaresEntities
  /// Elements nested deeper than `XMPPacketCheck.depthLimit`.
  case tooDeep(levels: Int)
  /// Not UTF-8: UTF-16 or UTF-32 (by its byte order mark), bytes that are not UTF-8, or a
  /// NUL byte.
  case notUTF8
  /// No RDF in it: not XMP at all.
  case notXMP
  /// Exempi could not read it (malformed XML or RDF): its error number.
  case malformed(code: Int32)

  /// `is too large (20000000 bytes)`, `declares XML entities`…: worded to follow the
  /// sidecar's path.
  package var reason: String {
    switch self {
    case .tooLarge(let bytes):
      "is too large (\(bytes) bytes; at most \(XMPPacketCheck.byteLimit) are read)"
    case .declaresEntities: "declares XML entities or a document type, which XMP never has"
    case .tooDeep(let levels):
      "nests elements \(levels) deep (at most \(XMPPacketCheck.depthLimit) are read)"
    case .notUTF8: "is not UTF-8 text"
    case .notXMP: "is not XMP (it has no RDF)"
    case .malformed(let code): "is not well-formed XMP (Exempi error \(code))"
    }
  }
}
