/// The `tiff:Orientation` of a file's embedded XMP packet, kept the same as the EXIF tag
/// a turn rewrites: programs that read XMP first would otherwise show the old
/// orientation.
///
/// The value is one digit, as the property's eight values are, so it is changed in place
/// and no byte moves (an XMP packet's padding is never needed). Both ways of writing the
/// property are found: the element `<tiff:Orientation>6</tiff:Orientation>` and the
/// attribute `tiff:Orientation="6"`. A sidecar `.xmp` file beside the picture is another
/// file, and is left as it is.
package enum XMPOrientation {
  /// What a JPEG's APP1 segment holding the main XMP packet starts with.
  package static let jpegHeader: [UInt8] = Array("http://ns.adobe.com/xap/1.0/".utf8) + [0]
  /// The keyword of a PNG's `iTXt` chunk holding the XMP packet.
  package static let pngKeyword: [UInt8] = Array("XML:com.adobe.xmp".utf8)
  private static let property: [UInt8] = Array("tiff:Orientation".utf8)

  /// Sets every `tiff:Orientation` in `range` of `bytes` to `orientation`; whether any
  /// byte changed. A value that is not one digit from 1 to 8 is left alone.
  @discardableResult
  static func patch(_ bytes: inout [UInt8], in range: Range<Int>, to orientation: ExifOrientation)
    -> Bool
  {
    let digit = UInt8(ascii: "0") + UInt8(orientation.rawValue)
    var changed = false
    var index = range.lowerBound
    while let found = firstProperty(in: bytes, from: index, before: range.upperBound) {
      index = found + property.count
      // A closing tag names the property too.
      if found > range.lowerBound, bytes[found - 1] == UInt8(ascii: "/") { continue }
      guard let value = valueOffset(in: bytes, after: index, before: range.upperBound) else {
        continue
      }
      if bytes[value] != digit {
        bytes[value] = digit
        changed = true
      }
    }
    return changed
  }

  /// Where the next `tiff:Orientation` starts.
  private static func firstProperty(in bytes: [UInt8], from start: Int, before end: Int) -> Int? {
    guard end - start >= property.count else { return nil }
    var index = start
    while index <= end - property.count {
      if bytes[index] == property[0],
        bytes[index..<(index + property.count)].elementsEqual(property)
      {
        return index
      }
      index += 1
    }
    return nil
  }

  /// The offset of the one-digit value after a property's name: `>6<` of an element or
  /// `="6"` of an attribute, spaces allowed around it.
  private static func valueOffset(in bytes: [UInt8], after start: Int, before end: Int) -> Int? {
    var index = start
    func skipSpaces() {
      while index < end, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
    }
    skipSpaces()
    guard index < end else { return nil }
    let closing: UInt8
    switch bytes[index] {
    case UInt8(ascii: ">"):
      closing = UInt8(ascii: "<")
      index += 1
    case UInt8(ascii: "="):
      index += 1
      skipSpaces()
      guard index < end, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'")
      else { return nil }
      closing = bytes[index]
      index += 1
    default: return nil
    }
    skipSpaces()
    guard index < end, (UInt8(ascii: "1")...UInt8(ascii: "8")).contains(bytes[index]) else {
      return nil
    }
    let value = index
    index += 1
    skipSpaces()
    guard index < end, bytes[index] == closing else { return nil }
    return value
  }
}
