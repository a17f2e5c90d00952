import CRsvg
import Pictures

/// One SVG document loaded by librsvg: its geometry, and renders of it at any size.
///
/// Loaded from memory with no base file, so librsvg reads nothing but the bytes given:
/// a reference to another file or a URL (`<image href="/etc/…">`, a relative
/// `xlink:href`, XInclude) is refused and that part of the drawing stays empty. librsvg
/// keeps its limits on (a million elements loaded, 500,000 references resolved), and
/// libxml2 under it refuses runaway entity expansion. Not shared between threads.
final class SVGDocument {
  /// librsvg's handle (`gallery_svg_document`).
  private let handle: OpaquePointer

  /// Bytes of librsvg's messages kept: enough for libxml2's line and column.
  private static let messageBytes = 256

  /// Parses `bytes`, plain or gzip-compressed.
  init(_ bytes: [UInt8]) throws(ThumbnailError) {
    try CodecLibrary.svg.open(for: .svg)
    var message = [CChar](repeating: 0, count: Self.messageBytes)
    let loaded = bytes.withUnsafeBufferPointer { buffer in
      gallery_svg_load(buffer.baseAddress, buffer.count, &message, message.count)
    }
    guard let loaded else { throw Self.loadError(Self.text(message), bytes) }
    handle = loaded
  }

  deinit { gallery_svg_free(handle) }

  /// The root element's `width`, `height` and `viewBox`, at 96 dpi.
  var geometry: gallery_svg_geometry { gallery_svg_geometry_of(handle) }

  /// The extent of what the document draws laid out in a `width`×`height` viewport,
  /// nil when it draws nothing.
  func drawnExtent(width: Double, height: Double) throws(ThumbnailError) -> (
    width: Double, height: Double
  )? {
    var message = [CChar](repeating: 0, count: Self.messageBytes)
    var extent = (width: 0.0, height: 0.0)
    let drawn = gallery_svg_extent(
      handle, width, height, &extent.width, &extent.height, &message, message.count)
    if drawn != 0 { return extent }
    let reason = Self.text(message)
    if reason.isEmpty { return nil }
    throw .corrupt("librsvg could not lay it out: \(reason)")
  }

  /// The whole document scaled into `width`×`height` pixels: cairo's premultiplied
  /// ARGB32, one native-endian word a pixel, transparent where nothing is drawn.
  func render(width: Int, height: Int) throws(ThumbnailError) -> [UInt8] {
    var pixels = [UInt8](repeating: 0, count: width * height * 4)
    var message = [CChar](repeating: 0, count: Self.messageBytes)
    let drawn = pixels.withUnsafeMutableBufferPointer { buffer in
      gallery_svg_render(
        handle, buffer.baseAddress, Int32(width), Int32(height), &message, message.count)
    }
    guard drawn != 0 else { throw .corrupt("librsvg could not render it: \(Self.text(message))") }
    return pixels
  }

  /// What a failed load of `bytes` means: a document cut short (libxml2 says the data
  /// ended, or a plain document stops inside a tag), or damaged XML or SVG.
  private static func loadError(_ reason: String, _ bytes: [UInt8]) -> ThumbnailError {
    let endsEarly = ["Premature end of data", "Document is empty", "EndTag: '</' not found"]
    let last = bytes.last { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
    let plain = !bytes.starts(with: [0x1F, 0x8B])
    if endsEarly.contains(where: reason.contains) || (plain && last != UInt8(ascii: ">")) {
      return .truncated
    }
    return .corrupt(reason.isEmpty ? "librsvg could not read it" : readable(reason))
  }

  /// librsvg's message without GLib's error domain and code: `XML parse error on line 3
  /// column 25: Couldn't find end of Start Tag svg line 3`.
  static func readable(_ reason: String) -> String {
    guard let domain = reason.firstRange(of: "Error domain "),
      let line = reason[domain.upperBound...].firstRange(of: " on line ")
    else { return reason }
    var text = String(reason[..<domain.lowerBound]).trimmingSuffix(": ") + " on line "
    text += reason[line.upperBound...].replacing(" of data:", with: ":", maxReplacements: 1)
    return text
  }

  /// A NUL-terminated message from the shim, as UTF-8 (repaired).
  static func text(_ message: [CChar]) -> String {
    let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    return String(decoding: bytes, as: UTF8.self)
  }
}

extension String {
  /// The text without `suffix` at its end, if it has it.
  fileprivate func trimmingSuffix(_ suffix: String) -> String {
    hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
  }
}
