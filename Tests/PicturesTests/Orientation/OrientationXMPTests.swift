import Pictures
import TestSupport
import Testing

/// The XMP packet's `tiff:Orientation` turns with the EXIF tag, in a JPEG's APP1 packet
/// and a PNG's `iTXt` one, in place and in either way of writing it; anything else in the
/// packet stays as it was.
@Suite struct OrientationXMPTests {
  typealias F = OrientationFixtures

  static func packet(_ property: String) -> [UInt8] {
    Array(
      """
      <?xpacket begin='' id='W5M0MpCehiHzreSzNTczkc9d'?><x:xmpmeta xmlns:x='adobe:ns:meta/'>\
      <rdf:RDF><rdf:Description xmlns:tiff='http://ns.adobe.com/tiff/1.0/' \(property)\
      </rdf:RDF></x:xmpmeta>\(String(repeating: " ", count: 40))<?xpacket end='w'?>
      """.utf8)
  }

  static let element = packet("><tiff:Orientation>8</tiff:Orientation></rdf:Description>")
  static let attribute = packet("tiff:Orientation = \"8\" tiff:Make='x'/>")

  /// A JPEG with an EXIF block of `exif` orientation and an XMP segment of `xmp`.
  static func jpeg(exif: Int?, xmp: [UInt8]) -> [UInt8] {
    let app1 = F.segment(0xE1, Array("http://ns.adobe.com/xap/1.0/".utf8) + [0] + xmp)
    var bytes = F.jpeg(exif: exif.map { F.tiff(.big, orientation: $0) })
    bytes.insert(contentsOf: app1, at: 2)
    return bytes
  }

  @Test(arguments: [element, attribute])
  func aJPEGsXMPOrientationTurnsWithItsTag(xmp: [UInt8]) throws {
    let turned = try OrientationRewrite.turning(Self.jpeg(exif: 8, xmp: xmp), by: .right)
    #expect(ExifOrientation.read(from: turned) == .normal)
    let expected = xmp.map { $0 == UInt8(ascii: "8") ? UInt8(ascii: "1") : $0 }
    #expect(turned.count == Self.jpeg(exif: 8, xmp: xmp).count, "in place")
    #expect(Self.jpeg(exif: 1, xmp: expected) == turned)
  }

  @Test func aJPEGWithoutATagGetsOneAndItsXMPTheSame() throws {
    let turned = try OrientationRewrite.turning(Self.jpeg(exif: nil, xmp: Self.element), by: .right)
    #expect(ExifOrientation.read(from: turned) == .needsClockwiseTurn)
    #expect(String(decoding: turned, as: UTF8.self).contains("<tiff:Orientation>6<"))
  }

  @Test func otherValuesAndPropertiesAreLeftAlone() throws {
    let odd = Self.packet(
      "><tiff:Orientation>top-left</tiff:Orientation><x:Orientation>8</x:Orientation></rdf:Description>"
    )
    let original = Self.jpeg(exif: 6, xmp: odd)
    let turned = try OrientationRewrite.turning(original, by: .left)
    #expect(turned.count == original.count)
    #expect(String(decoding: turned, as: UTF8.self).contains("<tiff:Orientation>top-left<"))
    #expect(String(decoding: turned, as: UTF8.self).contains("<x:Orientation>8<"))
  }

  @Test func aPNGsXMPChunkTurnsAndIsSignedAgain() throws {
    let itxt = F.chunk(
      "iTXt", Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0] + Self.attribute)
    var png = F.png(exif: F.tiff(.little, orientation: 8))
    png.insert(contentsOf: itxt, at: F.pngSignature.count + 25)
    let turned = try OrientationRewrite.turning(png, by: .right)
    #expect(ExifOrientation.read(from: turned) == .normal)
    let expected = F.chunk(
      "iTXt",
      Array("XML:com.adobe.xmp".utf8) + [0, 0, 0, 0, 0]
        + Self.attribute.map { $0 == UInt8(ascii: "8") ? UInt8(ascii: "1") : $0 })
    #expect(turned[(F.pngSignature.count + 25)...].starts(with: expected))
  }
}
