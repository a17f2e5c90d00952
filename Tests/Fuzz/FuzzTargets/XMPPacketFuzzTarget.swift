import Pictures
import XMPSidecars

extension FuzzTarget {
  /// An XMP sidecar or embedded packet through `XMPPacketCheck` and Exempi: what is read
  /// as a decision reads back the same once written into the packet, and so does any
  /// other decision written over it (a reject without its stars: `xmp:Rating` −1 holds
  /// both); what the packet writes passes the checks itself.
  static let xmpPacket = FuzzTarget(
    "xmp-packet", "XMP sidecars and packets: the cheap checks, then Exempi"
  ) { bytes throws(FuzzFailure) in
    guard let packet = try? XMPPacket(parsing: bytes) else { return }
    let decision = packet.decision
    for next in [
      decision, CullingDecision(rating: .unrated, flag: .rejected, labels: [.blue, .purple]),
      .undecided,
    ] {
      packet.apply(next)
      let written: [UInt8]
      do throws(XMPRefusal) {
        written = try packet.sidecarBytes()
      } catch {
        throw FuzzFailure("a packet read could not be written: \(error.reason)")
      }
      let reread: XMPPacket
      do throws(XMPRefusal) {
        reread = try XMPPacket(parsing: written)
      } catch {
        throw FuzzFailure("what the packet wrote is refused: \(error.reason)")
      }
      let expected = CullingDecision(
        xmpRating: next.xmpRating, flag: next.flag, labels: next.labels)
      try require(
        reread.decision == expected, "\(next) written reads back as \(reread.decision)")
    }
  }
}
