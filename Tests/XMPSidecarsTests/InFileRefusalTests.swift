import Foundation
import Pictures
import TestSupport
import Testing

@testable import XMPSidecars

/// What the in-file writer must refuse, and the check that must fail: a PNG whose packet
/// comes before its header (no crash, refused), a JPEG whose multi-picture index would
/// lose its pictures, and new bytes changed anywhere outside the packet.
@Suite struct InFileRefusalTests {
  static let picked = CullingDecision(rating: StarRating(clamping: 4), flag: .picked, labels: [])

  /// A PNG chunk of `type` holding `data`; its checksum is not looked at here.
  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let length = data.count
    return (0..<4).map { UInt8(truncatingIfNeeded: length >> (8 * (3 - $0))) } + Array(type.utf8)
      + data + [0, 0, 0, 0]
  }

  static let packet = Array(
    #"<?xpacket begin="" id="W5M0MpCehiHzreSzNTczkc9d"?><x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta><?xpacket end="w"?>"#
      .utf8)

  @Test func aPNGWhosePacketComesBeforeItsHeaderIsRefusedNotCrashedOn() {
    let png = FolderFixture.pngBytes
    // The signature, then the packet's chunk, then the picture's chunks as they were.
    let xmp = Self.chunk("iTXt", EmbeddedXMPLayout.pngXMPKeyword + [0, 0, 0, 0] + Self.packet)
    let bytes = Array(png[..<8]) + xmp + Array(png[8...])
    #expect(throws: EmbeddedXMPRefusal.damaged) {
      _ = try EmbeddedXMPWrite.merging(Self.picked, into: bytes, picture: "before.png")
    }
  }

  /// A JPEG segment of `marker` holding `data`.
  static func segment(_ marker: UInt8, _ data: [UInt8]) -> [UInt8] {
    let length = data.count + 2
    return [0xFF, marker, UInt8(length >> 8), UInt8(length & 0xFF)] + data
  }

  /// A multi-picture index before a packet that must grow: the pictures it counts from
  /// its own segment would move, so the packet is refused (the decision then goes to a
  /// sidecar).
  @Test func aJPEGPacketAfterAMultiPictureIndexDoesNotChangeSize() throws {
    let assets = BuiltProduct.packageRoot().appendingPathComponent("Assets")
    let jpeg = [UInt8](try Data(contentsOf: assets.appendingPathComponent("Office/office-1.jpg")))
    let index = Self.segment(0xE2, [0x4D, 0x50, 0x46, 0x00] + [UInt8](repeating: 0, count: 16))
    let xmp = Self.segment(0xE1, EmbeddedXMPLayout.jpegXMPSignature + Self.packet)
    let bytes = Array(jpeg[..<2]) + index + xmp + Array(jpeg[2...])
    #expect(throws: EmbeddedXMPRefusal.damaged) {
      _ = try EmbeddedXMPWrite.merging(Self.picked, into: bytes, picture: "mpf.jpg")
    }
    // Without the index, the same packet grows.
    let plain = Array(jpeg[..<2]) + xmp + Array(jpeg[2...])
    #expect(try EmbeddedXMPWrite.merging(Self.picked, into: plain, picture: "plain.jpg") != nil)
  }

  static let pngAsset = "Doodles/doodle-1.png"

  @Test func aChangeOutsideThePacketFailsTheCheckInEveryFormat() throws {
    let assets = BuiltProduct.packageRoot().appendingPathComponent("Assets")
    let jpeg = [UInt8](try Data(contentsOf: assets.appendingPathComponent("Office/office-1.jpg")))
    let png = [UInt8](try Data(contentsOf: assets.appendingPathComponent(Self.pngAsset)))
    for (name, bytes) in [("a.jpg", jpeg), ("a.png", png)] {
      let written = try #require(
        try EmbeddedXMPWrite.merging(Self.picked, into: bytes, picture: name))
      let container: EmbeddedXMPLayout.Container = name.hasSuffix(".jpg") ? .jpeg : .png
      #expect(EmbeddedXMPLayout.differOnlyInXMP(bytes, written, as: container), "\(name)")
      // One byte of the picture's own data, the last before the end marker.
      var changed = written
      let last = changed.count - (container == .jpeg ? 3 : 13)
      changed[last] ^= 0x01
      #expect(!EmbeddedXMPLayout.differOnlyInXMP(bytes, changed, as: container), "\(name)")
    }
  }
}
