import Pictures

/// A packet put into a picture's bytes by the format's own rules, touching nothing else:
/// the main XMP `APP1` segment of a JPEG (replaced, or added after the JFIF and EXIF
/// segments), a PNG's XMP `iTXt` chunk (after `IHDR`, where a scan reads it, the old one
/// taken out wherever it was), a TIFF's or
/// DNG's XMLPacket (tag 700: rewritten in place when the new packet fits the old one's
/// room, else appended with a copy of the first directory naming it, the header pointing
/// there, every other value where it was).
///
/// Written here rather than by Exempi's file handlers (`xmp_files_put_xmp`): those bring
/// the EXIF and IPTC blocks in line with the packet whatever they are asked, and so
/// overwrite an EXIF `Artist` with the packet's `dc:creator` and add IPTC blocks and
/// Photoshop's digest of them. Exempi still reads, merges and writes the packet's text.
enum EmbeddedXMPInsert {
  /// The room a new packet gets for later edits in place.
  static let padding = 2048
  /// The largest packet one JPEG segment holds: 65,535 bytes less the length and the
  /// signature.
  static let largestJPEGPacket = 65_535 - 2 - EmbeddedXMPLayout.jpegXMPSignature.count

  /// `bytes` with `packet` in place of their XMP packet, or added.
  static func putting(
    _ packet: XMPPacket, into bytes: [UInt8], _ container: EmbeddedXMPLayout.Container
  ) throws(EmbeddedXMPRefusal) -> [UInt8] {
    switch container {
    case .jpeg:
      guard let parts = EmbeddedXMPLayout.jpegParts(bytes) else { throw .damaged }
      let room = parts.xmp.map { $0.count - 4 - EmbeddedXMPLayout.jpegXMPSignature.count }
      let text = try serialized(packet, room: room)
      guard text.count <= largestJPEGPacket else { throw .packetTooLarge(bytes: text.count) }
      let length = 2 + EmbeddedXMPLayout.jpegXMPSignature.count + text.count
      let segment =
        [0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)]
        + EmbeddedXMPLayout.jpegXMPSignature + text
      let place = parts.xmp ?? parts.leading..<parts.leading
      // A multi-picture index (MPF, a camera's previews, a gain map) counts its pictures
      // from its own segment: a segment after it that changes size would move them
      // and not it.
      if segment.count != place.count, let index = parts.multiPictureIndex,
        index < place.lowerBound
      {
        throw .damaged
      }
      return Array(bytes[..<place.lowerBound]) + segment + Array(bytes[place.upperBound...])
    case .png:
      // The header first, as the format requires, and the packet put right after it.
      guard let parts = EmbeddedXMPLayout.pngParts(bytes), let header = parts.kept.first,
        header.lowerBound == 8,
        bytes[(header.lowerBound + 4)..<(header.lowerBound + 8)]
          .elementsEqual("IHDR".utf8), (parts.xmp?.lowerBound ?? Int.max) >= header.upperBound
      else {
        throw .damaged
      }
      let prefix = EmbeddedXMPLayout.pngXMPKeyword + [0, 0, 0, 0]
      let room = parts.xmp.map { $0.count - 12 - prefix.count }
      let data = prefix + (try serialized(packet, room: room))
      let type = Array("iTXt".utf8)
      let chunk =
        bigEndian(data.count) + type + data + bigEndian(Int(CRC32.checksum(type + data)))
      var rest = Array(bytes[header.upperBound...])
      if let old = parts.xmp {
        rest.removeSubrange(
          (old.lowerBound - header.upperBound)..<(old.upperBound - header.upperBound))
      }
      return Array(bytes[..<header.upperBound]) + chunk + rest
    case .tiff:
      return try puttingTIFF(packet, into: bytes)
    }
  }

  /// The packet's text, padded to exactly `room` bytes when it fits (an edit in place),
  /// else with `padding` bytes of room.
  private static func serialized(_ packet: XMPPacket, room: Int?) throws(EmbeddedXMPRefusal)
    -> [UInt8]
  {
    do throws(XMPRefusal) {
      let bare = try packet.embeddedBytes(padding: 0)
      if let room, room >= bare.count {
        return try packet.embeddedBytes(padding: room - bare.count)
      }
      return try packet.embeddedBytes(padding: padding)
    } catch {
      throw .packet(error)
    }
  }

  private static func bigEndian(_ value: Int) -> [UInt8] {
    (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * (3 - $0))) }
  }

  // MARK: TIFF

  private static func puttingTIFF(_ packet: XMPPacket, into bytes: [UInt8])
    throws(EmbeddedXMPRefusal) -> [UInt8]
  {
    guard let directory = EmbeddedXMPLayout.tiffDirectory(bytes) else { throw .damaged }
    let little = directory.littleEndian
    func encoded(_ value: Int, _ size: Int) -> [UInt8] {
      let big = (0..<size).map { UInt8(truncatingIfNeeded: value >> (8 * (size - 1 - $0))) }
      return little ? big.reversed() : big
    }
    let place = EmbeddedXMPLayout.tiffPacket(bytes, directory)
    // In place only over a packet that fills its value to its last byte (`?>`): a count
    // running on past the packet, into zeros another value may own (black strips), is
    // no room of the packet's.
    let room = place.flatMap {
      $0.upperBound <= bytes.count && bytes[$0].suffix(2).elementsEqual("?>".utf8)
        ? $0.count : nil
    }
    let text = try serialized(packet, room: room)
    // In place: the same length at the same offset, the directory untouched.
    if let place, room == text.count {
      var written = bytes
      written.replaceSubrange(place, with: text)
      return written
    }
    // Appended: the packet, then the first directory anew naming it; the old directory
    // and packet stay where they were, unreferenced.
    var written = bytes
    if written.count % 2 == 1 { written.append(0) }
    let packetOffset = written.count
    written += text
    if written.count % 2 == 1 { written.append(0) }
    let directoryOffset = written.count
    guard directoryOffset <= Int(UInt32.max) - 1 << 20 else { throw .damaged }
    // BYTE, as DNG's specification names XMLPacket's type.
    let entry =
      encoded(EmbeddedXMPLayout.tiffXMPTag, 2) + encoded(1, 2)
      + encoded(text.count, 4) + encoded(packetOffset, 4)
    var entries = directory.entries.filter { $0.tag != EmbeddedXMPLayout.tiffXMPTag }.map {
      (tag: $0.tag, bytes: Array(bytes[$0.place]))
    }
    entries.append((EmbeddedXMPLayout.tiffXMPTag, entry))
    entries.sort { $0.tag < $1.tag }
    written += encoded(entries.count, 2)
    for entry in entries { written += entry.bytes }
    written += Array(bytes[directory.next])
    written.replaceSubrange(4..<8, with: encoded(directoryOffset, 4))
    return written
  }
}
