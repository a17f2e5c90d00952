import Foundation

/// SVG documents the decoding tests render and the fuzz targets start from, each named
/// for what it checks.
enum SVGFixtures {
  /// Wraps `body` in an `<svg>` root with `attributes`.
  static func svg(_ attributes: String, _ body: String = "") -> [UInt8] {
    Array(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!-- made by the gallery's tests -->
      <svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" \
      \(attributes)>\(body)</svg>

      """.utf8)
  }

  /// 100×50: red over the left half, a white line one unit wide at x = 75, the rest
  /// transparent.
  static let redHalf = svg(
    #"width="100" height="50""#,
    #"<rect x="0" y="0" width="50" height="50" fill="red"/>"#
      + #"<rect x="75" y="0" width="1" height="50" fill="white"/>"#)

  /// No size of its own: a `viewBox` of 24×12 with a blue left half.
  static let viewBoxOnly = svg(
    #"viewBox="0 0 24 12""#, #"<rect x="0" y="0" width="12" height="12" fill="blue"/>"#)

  /// A width in pixels and a `viewBox` that gives the aspect: 200×100.
  static let widthAndViewBox = svg(
    #"width="200" viewBox="0 0 24 12""#, #"<rect width="24" height="12" fill="lime"/>"#)

  /// Neither a size nor a `viewBox`: a 40×30 rectangle is all there is.
  static let drawnExtentOnly = svg("", #"<rect x="0" y="0" width="40" height="30" fill="red"/>"#)

  /// Neither a size nor a `viewBox`, and nothing drawn.
  static let nothingKnown = svg("")

  /// Red at half opacity over the whole picture.
  static let halfRed = svg(
    #"width="8" height="8""#, #"<rect width="8" height="8" fill="red" fill-opacity="0.5"/>"#)

  /// A width past every side cap.
  static let absurdWidth = svg(#"width="1e9" height="10""#)

  /// A width of zero: nothing to show.
  static let zeroWidth = svg(#"width="0" height="10""#)

  /// XML that is not well formed past its root's start.
  static let malformed = Array(
    #"<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect <<< /></svg>"#.utf8)

  /// A 40×20 drawing whose left half is an `<image>` of `href` and whose right half is a
  /// green rectangle, so a test can tell that the drawing was rendered at all.
  static func referencing(_ href: String) -> [UInt8] {
    svg(
      #"width="40" height="20""#,
      #"<image x="0" y="0" width="20" height="20" xlink:href="\#(href)" href="\#(href)"/>"#
        + #"<rect x="20" y="0" width="20" height="20" fill="lime"/>"#)
  }

  /// The XML "billion laughs": ten levels of entities, each ten of the one below, 10⁹
  /// copies of a 50-byte string (50 GB) if libxml2 expanded them.
  static let entityBomb: [UInt8] = {
    var declarations = #"<!ENTITY a0 "\#(String(repeating: "lol", count: 17))">"# + "\n"
    for level in 1...9 {
      let reference = "&a\(level - 1);"
      declarations += #"<!ENTITY a\#(level) "\#(String(repeating: reference, count: 10))">"# + "\n"
    }
    return Array(
      """
      <?xml version="1.0"?>
      <!DOCTYPE svg [
      \(declarations)]>
      <svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><text y="5">&a9;</text></svg>
      """.utf8)
  }()

  /// The seeds of the `svg` fuzz target.
  static var seeds: [(String, [UInt8])] {
    [
      ("red-half.svg", redHalf), ("view-box.svg", viewBoxOnly),
      ("width-and-view-box.svg", widthAndViewBox), ("drawn-extent.svg", drawnExtentOnly),
      ("half-red.svg", halfRed),
      (
        "shapes.svg",
        svg(
          #"width="64" height="48" viewBox="0 0 64 48""#,
          ##"<defs><linearGradient id="g"><stop offset="0" stop-color="red"/>"##
            + ##"<stop offset="1" stop-color="blue"/></linearGradient></defs>"##
            + ##"<circle id="c" cx="16" cy="16" r="12" fill="url(#g)"/>"##
            + ##"<path d="M32 40 L60 4 L62 44 Z" stroke="black" stroke-width="2" fill="none"/>"##
            + ##"<g opacity="0.5"><use xlink:href="#c" x="8"/></g>"##
            + ##"<text x="4" y="44" font-size="8">SVG</text>"##)
      ),
    ]
  }
}
