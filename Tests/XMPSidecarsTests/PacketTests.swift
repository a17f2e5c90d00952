import Pictures
import Testing
import XMPSidecars

/// The decision read from and written into a packet, with Exempi, in memory.
@Suite struct PacketTests {
  static let decisions: [CullingDecision] = [
    .undecided,
    CullingDecision(rating: StarRating(clamping: 3), flag: .none, labels: []),
    CullingDecision(rating: StarRating(clamping: 5), flag: .picked, labels: [.green]),
    CullingDecision(rating: .unrated, flag: .rejected, labels: [.purple]),
    CullingDecision(rating: StarRating(clamping: 1), flag: .none, labels: [.red, .yellow, .blue]),
  ]

  @Test(arguments: decisions)
  func aDecisionWrittenReadsBack(_ decision: CullingDecision) throws {
    let packet = try XMPPacket()
    packet.apply(decision)
    let bytes = try packet.sidecarBytes()
    #expect(try XMPPacket(parsing: bytes).decision == decision)
  }

  @Test(arguments: decisions)
  func anyDecisionOverAnotherReadsBackAsTheNew(_ decision: CullingDecision) throws {
    let packet = try XMPPacket(parsing: SidecarSamples.darktable())
    packet.apply(SidecarSamples.picked)
    packet.apply(decision)
    #expect(try XMPPacket(parsing: packet.sidecarBytes()).decision == decision)
  }

  @Test func darktablesSidecarReadsAsItsRatingAndLabel() throws {
    let decision = try XMPPacket(parsing: SidecarSamples.darktable()).decision
    #expect(
      decision == CullingDecision(rating: StarRating(clamping: 2), flag: .none, labels: [.red]))
  }

  @Test func clearingRemovesEveryLabelAndFlagAndZeroesTheRating() throws {
    let packet = try XMPPacket()
    packet.apply(SidecarSamples.picked)
    packet.apply(.undecided)
    let text = String(decoding: try packet.sidecarBytes(), as: UTF8.self)
    #expect(text.contains("xmp:Rating=\"0\""))
    for gone in ["xmp:Label", "colorlabels", "digiKam:ColorLabel", "digiKam:PickLabel"] {
      #expect(!text.contains(gone), "\(gone) left in \(text)")
    }
  }

  @Test func aRejectIsMinusOneForEveryoneAndRejectedForDigiKam() throws {
    let packet = try XMPPacket()
    packet.apply(CullingDecision(rating: StarRating(clamping: 3), flag: .rejected, labels: []))
    let text = String(decoding: try packet.sidecarBytes(), as: UTF8.self)
    #expect(text.contains("xmp:Rating=\"-1\""))
    #expect(text.contains("digiKam:PickLabel=\"1\""))
  }

  @Test func lightroomsOwnLabelTextAndDigiKamsOrangeStayWhenNoColourIsSet() throws {
    let bytes = Array(
      """
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
       xmlns:digiKam="http://www.digikam.org/ns/1.0/" xmp:Label="To print" digiKam:ColorLabel="2"
       digiKam:PickLabel="2"/></rdf:RDF></x:xmpmeta>
      """.utf8)
    let packet = try XMPPacket(parsing: bytes)
    #expect(packet.decision == .undecided)
    packet.apply(CullingDecision(rating: StarRating(clamping: 2), flag: .none, labels: []))
    let text = String(decoding: try packet.sidecarBytes(), as: UTF8.self)
    #expect(text.contains("xmp:Label=\"To print\""))
    #expect(text.contains("digiKam:ColorLabel=\"2\""))
    #expect(text.contains("digiKam:PickLabel=\"2\""))
  }

  /// digiKam's reject beside five stars reads as a reject that keeps its stars, as the
  /// decision does; written, `xmp:Rating` −1 (the reject every editor reads) replaces
  /// them. Found by the `xmp-packet` fuzz target.
  @Test func digiKamsRejectBesideStarsIsWrittenAsMinusOne() throws {
    let bytes = Array(
      """
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"
       xmlns:digiKam="http://www.digikam.org/ns/1.0/" xmp:Rating="5" digiKam:PickLabel="1"/>
      </rdf:RDF></x:xmpmeta>
      """.utf8)
    let packet = try XMPPacket(parsing: bytes)
    #expect(
      packet.decision
        == CullingDecision(rating: StarRating(clamping: 5), flag: .rejected, labels: []))
    packet.apply(packet.decision)
    #expect(
      try XMPPacket(parsing: packet.sidecarBytes()).decision == CullingDecision(xmpRating: -1))
  }

  @Test func anEmbeddedPacketWithItsWrapperAndPaddingReads() throws {
    let bytes = Array(
      """
      <?xpacket begin="\u{FEFF}" id="W5M0MpCehiHzreSzNTczkc9d"?>
      <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
      <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/"><xmp:Rating>4</xmp:Rating>
      <xmp:Label>Green</xmp:Label></rdf:Description></rdf:RDF></x:xmpmeta>
      \(String(repeating: " ", count: 2000))
      <?xpacket end="w"?>
      """.utf8)
    #expect(
      try SidecarStore.decision(inPacket: bytes)
        == CullingDecision(rating: StarRating(clamping: 4), flag: .none, labels: [.green]))
  }

  @Test func lightroomsLabelWinsOverDarktablesWhenTheyDisagree() throws {
    let packet = try XMPPacket(parsing: SidecarSamples.darktable())
    // Lightroom changed the label to Blue and left darktable's red.
    let text = String(decoding: try packet.sidecarBytes(), as: UTF8.self)
      .replacingOccurrences(of: "xmp:Rating=\"2\"", with: "xmp:Rating=\"2\" xmp:Label=\"Blue\"")
    #expect(try XMPPacket(parsing: Array(text.utf8)).decision.labels == [.blue])
  }
}
