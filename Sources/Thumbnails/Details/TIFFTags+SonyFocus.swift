import Pictures

extension TIFFTags {
  /// The beginnings of a Sony maker note whose directory starts 12 bytes in (a JPEG's,
  /// an ARW's is the directory at once): exiftool's `MakerNoteSony`.
  private static let sonyHeaders = ["SONY DSC ", "SONY CAM ", "SONY MOBILE"].map {
    Array($0.utf8)
  }

  /// Sony's `FocusLocation` in the maker note `note`: the picture's width and height in
  /// pixels, then the point's `x` and `y` from its top left corner (exiftool's Sony tag
  /// 0x2027, four SHORTs, "the location in the image where the camera focused, used for
  /// Playback Zoom"). Its offsets count from the EXIF's TIFF header, as the EXIF's own
  /// do; a maker note laid out otherwise gives nothing.
  static func sonyFocusLocation(_ reader: TIFFReader, _ note: TIFFReader.Entry) -> [Double]? {
    guard note.type == 7, note.count >= 18, reader.holdsValue(note),
      let start = reader.head.bytes(at: reader.base + note.valueOffset, count: 12)
    else { return nil }
    let skip: Int
    if sonyHeaders.contains(where: { start.starts(with: $0) }) {
      skip = 12
    } else if start[start.startIndex] == 1, start[start.startIndex + 1] == 0 {
      return nil  // not a directory (exiftool's rule for Sony's raw files' notes)
    } else {
      skip = 0
    }
    var found: [Double]?
    var next: Int?
    reader.forEachEntry(of: note.valueOffset + skip, next: &next) { entry in
      if entry.tag == 0x2027, entry.type == 3, entry.count == 4 {
        found = reader.numbers(entry, limit: 4)
      }
    }
    return found
  }

  /// The point `sonyFocusLocation` names, against the size it names; none for the centre
  /// exactly, which Sony writes when the camera knew no location.
  func sonyFocusPoint(orientation: Int) -> FocusPoint? {
    guard let values = sonyFocusLocation, values.count == 4 else { return nil }
    let (width, height, x, y) = (values[0], values[1], values[2], values[3])
    let sides = 1...Double(FocusPoint.largestSide)
    guard sides.contains(width), sides.contains(height),
      x != (width / 2).rounded(.down) || y != (height / 2).rounded(.down)
    else { return nil }
    return FocusPoint(
      pixelX: x, pixelY: y, width: Int(width), height: Int(height), orientation: orientation)
  }
}
