import Pictures
import Testing

/// SVG from its first bytes: XML whose root element is `<svg>`.
@Suite struct SVGSniffingTests {
  static func sniff(_ text: String) -> ImageFormat? { ImageFormat.sniff(Array(text.utf8)) }

  @Test func theRootElementDecides() {
    #expect(Self.sniff(#"<svg xmlns="http://www.w3.org/2000/svg"/>"#) == .svg)
    #expect(Self.sniff("<svg>") == .svg)
    #expect(Self.sniff("  \n<svg\n width='1'>") == .svg)
    #expect(Self.sniff(#"<svg:svg xmlns:svg="http://www.w3.org/2000/svg">"#) == .svg)
    #expect(Self.sniff("<svgfont>") == nil)
    #expect(Self.sniff("<html><svg></svg></html>") == nil, "XHTML holding a drawing")
    #expect(Self.sniff("<rss><svg/></rss>") == nil)
    #expect(Self.sniff("svg") == nil)
    #expect(Self.sniff("") == nil)
  }

  @Test func theProlog() {
    let declaration = #"<?xml version="1.0" encoding="UTF-8" standalone="no"?>"#
    #expect(Self.sniff(declaration + "\n<!-- Created with Inkscape -->\n\n<svg\n>") == .svg)
    #expect(ImageFormat.sniff([0xEF, 0xBB, 0xBF] + Array("<svg/>".utf8)) == .svg, "a BOM")
    let doctype =
      #"<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd" [ <!ENTITY ns "x>y"> ]>"#
    #expect(Self.sniff(declaration + doctype + "<svg>") == .svg)
    #expect(Self.sniff("<?xml-stylesheet href='a.css'?><svg>") == .svg)
    #expect(Self.sniff(declaration + "<!-- unclosed") == nil)
  }

  /// A head that ends inside the prolog is an SVG when its document type says so.
  @Test func aLongPrologNamingSVG() {
    let entities = String(repeating: #"<!ENTITY ns_x "http://example.com/">"#, count: 60)
    #expect(Self.sniff("<?xml version='1.0'?><!DOCTYPE svg [" + entities + "]><svg>") == .svg)
    #expect(Self.sniff("<?xml version='1.0'?><!DOCTYPE html [" + entities + "]><svg>") == nil)
  }

  @Test func namesLikeADrawing() {
    #expect(ImageFormat(fileName: "icon.svg") == .svg)
    #expect(ImageFormat(fileName: "ICON.SVGZ") == .svg)
    #expect(ImageFormat.svg.name == "SVG" && ImageFormat.svg.isScalable)
    #expect(!ImageFormat.png.isScalable)
  }
}
