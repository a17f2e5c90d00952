import Foundation
import Pictures
import TestSupport
import Testing
import XMPSidecars

/// Sidecars that are not XMP, or are crafted against the XML parser, are refused with a
/// reason before Exempi sees them, and left byte for byte as they were.
@Suite struct HostileSidecarTests {
  static let rdf = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"

  static let cases: [(name: String, bytes: [UInt8], refusal: XMPRefusal)] = [
    (
      "billion laughs",
      Array(
        """
        <?xml version="1.0"?>
        <!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;">]>
        <x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="\(rdf)">
        <rdf:Description rdf:about="" xmlns:xmp="http://ns.adobe.com/xap/1.0/" xmp:Label="&lol2;"/>
        </rdf:RDF></x:xmpmeta>
        """.utf8),
      .declaresEntities
    ),
    (
      "external entity",
      Array(
        """
        <!DOCTYPE x [<!ENTITY file SYSTEM "file:///etc/passwd">]><rdf:RDF xmlns:rdf="\(rdf)"/>
        """.utf8),
      .declaresEntities
    ),
    (
      "deeply nested",
      Array(
        ("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf:RDF xmlns:rdf=\"\(rdf)\">"
          + String(repeating: "<a>", count: 100_000)).utf8),
      .tooDeep(levels: XMPPacketCheck.depthLimit + 1)
    ),
    (
      "huge", [UInt8](repeating: 0x20, count: XMPPacketCheck.byteLimit + 1),
      .tooLarge(bytes: XMPPacketCheck.byteLimit + 1)
    ),
    ("UTF-16", [0xFF, 0xFE] + Array("<x:xmpmeta/>".utf8).flatMap { [$0, 0] }, .notUTF8),
    (
      "Latin-1",
      Array("<rdf:RDF xmlns:rdf=\"\(rdf)\">caf".utf8) + [0xE9] + Array("</rdf:RDF>".utf8), .notUTF8
    ),
    ("not XMP", Array("<html><body>hello</body></html>".utf8), .notXMP),
    ("a JPEG", FolderFixture.jpegBytes, .notUTF8),
  ]

  @Test(arguments: 0..<cases.count)
  func refusedAndLeftUntouched(_ index: Int) throws {
    let sample = Self.cases[index]
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let sidecar = files.file("IMG_1.CR2.xmp", sample.bytes)
    var before = stat()
    stat(sidecar, &before)
    #expect(throws: XMPSidecarError.refused(path: sidecar, sample.refusal), "\(sample.name)") {
      try SidecarStore(naming: .pictureName).write(SidecarSamples.picked, picture: picture)
    }
    #expect(throws: XMPSidecarError.refused(path: sidecar, sample.refusal), "\(sample.name)") {
      try SidecarStore().read(picture: picture)
    }
    var after = stat()
    stat(sidecar, &after)
    #expect(after.st_ino == before.st_ino, "\(sample.name)")
    #expect(after.st_mtim.tv_nsec == before.st_mtim.tv_nsec, "\(sample.name)")
    let kept = SidecarSamples.bytes(sidecar) == sample.bytes
    #expect(kept, "\(sample.name)")
  }

  @Test func malformedXMLIsRefusedByExempiAndLeftUntouched() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let bytes = Array("<rdf:RDF xmlns:rdf=\"\(Self.rdf)\"><rdf:Description></rdf:RDF".utf8)
    let sidecar = files.file("IMG_1.CR2.xmp", bytes)
    do {
      try SidecarStore(naming: .pictureName).write(SidecarSamples.picked, picture: picture)
      Issue.record("a malformed sidecar was written")
    } catch {
      guard case .refused(_, .malformed) = error else {
        Issue.record("\(error)")
        return
      }
      #expect(error.message.contains("IMG_1.CR2.xmp is not well-formed XMP"))
    }
    #expect(SidecarSamples.bytes(sidecar) == bytes)
  }

  @Test func aRefusedSidecarDoesNotStopTheOtherFromBeingWrittenAndRead() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let hostile = files.file("IMG_1.xmp", Self.cases[0].bytes)
    #expect(throws: XMPSidecarError.refused(path: hostile, .declaresEntities)) {
      try SidecarStore().write(SidecarSamples.picked, picture: picture)
    }
    let reading = try #require(try SidecarStore().read(picture: picture))
    #expect(reading.decision == SidecarSamples.picked)
    #expect(reading.problems == [.refused(path: hostile, .declaresEntities)])
    #expect(SidecarSamples.bytes(hostile) == Self.cases[0].bytes)
  }

  @Test func aLinkedSidecarIsReadButNotReplaced() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [0])
    let target = files.file("elsewhere.xmp", SidecarSamples.other(rating: 3, note: "linked"))
    files.link("IMG_1.CR2.xmp", to: target)
    #expect(throws: XMPSidecarError.symbolicLink(path: picture + ".xmp")) {
      try SidecarStore(naming: .pictureName).write(SidecarSamples.picked, picture: picture)
    }
    #expect(try SidecarStore().read(picture: picture)?.decision.rating == StarRating(clamping: 3))
  }
}
