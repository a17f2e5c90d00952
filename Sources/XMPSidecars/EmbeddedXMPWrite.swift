import Pictures
import TerminalKit

/// A culling decision merged into the XMP packet inside a JPEG, PNG, TIFF or DNG file
/// (the `xmp-in-file` setting), in memory: the caller reads the picture and puts the new
/// bytes in its place (`FileRewrite` in the runtime, which checks no other program saved
/// it meanwhile).
///
/// The packet already inside is read as a sidecar's is (`XMPPacketCheck` first, then
/// Exempi), the decision merged into it keeping every other property (`XMPPacket.apply`),
/// and put back by the format's rules (`EmbeddedXMPInsert`), in memory. The new bytes
/// come back only when they differ from the old in nothing but the packet
/// (`EmbeddedXMPLayout`) and give back the decision written.
///
/// HEIC is not among the formats: Exempi 2.6 has no handler for it (it finds no format
/// and cannot put a packet), so a HEIC picture's decision goes to a sidecar.
package enum EmbeddedXMPWrite {
  /// The walk each file name's extension takes; nil for a picture whose decisions go to
  /// a sidecar (a HEIC, a camera's raw file other than DNG, any other format).
  static func container(ofName name: String) -> EmbeddedXMPLayout.Container? {
    guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return nil }
    switch name[name.index(after: dot)...].lowercased() {
    case "jpg", "jpeg", "jpe", "jfif": return .jpeg
    case "png": return .png
    case "tif", "tiff", "dng": return .tiff
    default: return nil
    }
  }

  /// Whether the setting puts `picture`'s decision inside it: a JPEG, PNG, TIFF or DNG by
  /// its name.
  package static func takesDecisionInside(picture: String) -> Bool {
    container(ofName: PathName.lastComponent(picture)) != nil
  }

  /// `bytes`, the whole of the picture at `picture`, with `decision` merged into its XMP
  /// packet (made when it has none); nil when the packet holds that decision already.
  ///
  /// - Throws: why the picture cannot take it, which is then left as it is.
  package static func merging(_ decision: CullingDecision, into bytes: [UInt8], picture: String)
    throws(EmbeddedXMPRefusal) -> [UInt8]?
  {
    let name = PathName.lastComponent(picture)
    guard let container = container(ofName: name) else {
      let dot = name.lastIndex(of: ".").map { name.index(after: $0) } ?? name.endIndex
      throw .format(ImageFormat(fileName: name)?.name ?? name[dot...].uppercased())
    }
    try checkLayout(bytes, container)
    let packet = try packet(in: bytes, container)
    guard packet.changed(by: decision) else { return nil }
    let written = try EmbeddedXMPInsert.putting(packet.packet, into: bytes, container)
    guard EmbeddedXMPLayout.differOnlyInXMP(bytes, written, as: container) else {
      throw .changedMoreThanXMP
    }
    // The decision as the packet gives it back (a reject's stars are not kept).
    let kept = packet.packet.decision
    guard EmbeddedDecision.decision(packet: packetBytes(in: written), exifStars: nil) == kept
    else { throw .notReadBack }
    return written
  }

  /// Refuses bytes not of the format the name says, whose layout the check cannot walk,
  /// or a JPEG with extended XMP.
  private static func checkLayout(_ bytes: [UInt8], _ container: EmbeddedXMPLayout.Container)
    throws(EmbeddedXMPRefusal)
  {
    switch container {
    case .jpeg:
      guard let parts = EmbeddedXMPLayout.jpegParts(bytes) else { throw .damaged }
      if parts.extended { throw .extendedXMP }
    case .png:
      guard EmbeddedXMPLayout.pngParts(bytes) != nil else { throw .damaged }
    case .tiff:
      guard EmbeddedXMPLayout.tiffDirectory(bytes) != nil,
        EmbeddedCulling.tiffDirectoryOffset(head: bytes) != nil
      else { throw .damaged }
    }
  }

  /// The packet inside `bytes`, as found by the walks that read it at a scan.
  private static func packetBytes(in bytes: [UInt8]) -> [UInt8]? {
    let found = EmbeddedCulling(head: bytes, fileSize: bytes.count)
    return found.xmp.flatMap { $0.upperBound <= bytes.count ? Array(bytes[$0]) : nil }
  }

  /// The packet inside the picture, or a new one, and whether the decision changes it.
  private static func packet(in bytes: [UInt8], _ container: EmbeddedXMPLayout.Container)
    throws(EmbeddedXMPRefusal) -> Merge
  {
    let old = try oldPacket(in: bytes, container)
    do throws(XMPRefusal) {
      guard let found = old else {
        return Merge(packet: try XMPPacket(emptyForPicture: ()), isNew: true)
      }
      return Merge(packet: try XMPPacket(parsing: EmbeddedDecision.trimmed(found)), isNew: false)
    } catch {
      throw .packet(error)
    }
  }

  /// The packet inside by the layout's walk, wherever it lies (a PNG's after the pixels
  /// too); nil when there is none.
  private static func oldPacket(in bytes: [UInt8], _ container: EmbeddedXMPLayout.Container)
    throws(EmbeddedXMPRefusal) -> [UInt8]?
  {
    switch container {
    case .jpeg:
      let signature = EmbeddedXMPLayout.jpegXMPSignature.count
      return EmbeddedXMPLayout.jpegParts(bytes)?.xmp.map {
        Array(bytes[($0.lowerBound + 4 + signature)..<$0.upperBound])
      }
    case .png:
      guard let chunk = EmbeddedXMPLayout.pngParts(bytes)?.xmp else { return nil }
      // A compressed packet is not read: a new one beside it would lose its properties.
      let data = (chunk.lowerBound + 8)..<(chunk.upperBound - 4)
      guard let text = EmbeddedCulling.xmpText(bytes, data: data) else { throw .damaged }
      return Array(bytes[text])
    case .tiff:
      guard let directory = EmbeddedXMPLayout.tiffDirectory(bytes),
        let place = EmbeddedXMPLayout.tiffPacket(bytes, directory)
      else { return nil }
      guard place.upperBound <= bytes.count else { throw .damaged }
      return Array(bytes[place])
    }
  }

  /// A packet to put, and whether it was made new.
  private struct Merge {
    let packet: XMPPacket
    let isNew: Bool

    /// Merges `decision`; whether the picture needs writing.
    func changed(by decision: CullingDecision) -> Bool {
      packet.apply(decision) || isNew
    }
  }
}
