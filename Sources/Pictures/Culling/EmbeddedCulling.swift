/// Where a picture keeps, inside its own file, the culling fields a camera or another
/// program wrote there: its XMP packet, and EXIF's `Rating` and `RatingPercent`.
///
/// Found in the head of a JPEG (the main XMP packet's APP1 segment, the `Exif` segment's
/// first directory) or of a TIFF-based file, TIFF and the raw files built on it (DNG, NEF,
/// CR2, ARW, ORF, RW2, PEF: the first directory's XMLPacket, tag 700, and its rating
/// tags), by the same walks that find the orientation (`JPEGExifLayout`,
/// `TIFFDirectory`), or of a PNG (its uncompressed XMP `iTXt` chunk before the pixels:
/// `EmbeddedCulling+PNG`). Any other file, or a broken one, holds nothing.
package struct EmbeddedCulling: Hashable, Sendable {
  /// Where the XMP packet lies in the file; a TIFF's may lie past the head read.
  package var xmp: Range<Int>?
  /// EXIF's `Rating` as written (0 to 5 are stars).
  package var exifRating: Int?
  /// EXIF's `RatingPercent` as written (0 to 100).
  package var exifRatingPercent: Int?
  /// Whether the head ended before the walk was done (a JPEG's segments go on past
  /// it): a longer head may find more.
  package var isCut: Bool

  /// What the head of a file, `head`, says; `fileSize` is the whole file's.
  package init(head: [UInt8], fileSize: Int) {
    xmp = nil
    exifRating = nil
    exifRatingPercent = nil
    isCut = false
    if head.starts(with: [0xFF, 0xD8]) {
      guard let layout = try? JPEGExifLayout(head, isHead: true) else { return }
      xmp = layout.xmp
      take(layout.exif?.directory)
      isCut = !layout.reachedScan && head.count < fileSize
    } else if OrientationContainer.tiffHeaders.contains(where: { head.starts(with: $0) }) {
      let directory = try? TIFFDirectory(head, in: 0..<head.count, checksMagic: false)
      take(directory)
      xmp = directory?.xmpPlace.flatMap { $0.upperBound <= fileSize ? $0 : nil }
      // The first directory lies past the head: a longer one may reach it.
      isCut = directory == nil && head.count < fileSize
    } else if head.starts(with: PNGExifLayout.signature) {
      let found = Self.pngXMP(head)
      xmp = found.text
      isCut = found.isCut && head.count < fileSize
    }
  }

  /// The offset of a TIFF's first directory, from the head's header; nil when the head
  /// is not a TIFF's.
  package static func tiffDirectoryOffset(head: [UInt8]) -> Int? {
    guard OrientationContainer.tiffHeaders.contains(where: { head.starts(with: $0) }),
      let order = TIFFByteOrder(head, at: 0)
    else { return nil }
    return order.number(head, at: 4, size: 4, within: 0..<min(head.count, 8))
  }

  /// What a TIFF's first directory says when it lies far past the head (an editor that
  /// added a tag wrote the directory anew at the end): `directory` holds its bytes, from
  /// its count of entries to the next directory's offset, read from the file; `head` the
  /// header at least. The packet's place is the file's, as an entry's offsets are.
  package init(tiffHead head: [UInt8], directory: [UInt8], fileSize: Int) {
    self.init(head: [], fileSize: 0)
    guard head.count >= 8, let order = TIFFByteOrder(head, at: 0) else { return }
    // The header pointing right after itself, the directory there: a TIFF of its own.
    let joined = Array(head[0..<4]) + order.bytes(of: 8, size: 4) + directory
    let found = try? TIFFDirectory(joined, in: 0..<joined.count, checksMagic: false)
    take(found)
    xmp = found?.xmpPlace.flatMap { $0.upperBound <= fileSize && $0.lowerBound >= 8 ? $0 : nil }
  }

  private mutating func take(_ directory: TIFFDirectory?) {
    exifRating = directory?.rating
    exifRatingPercent = directory?.ratingPercent
  }

  /// The stars EXIF gives: `Rating` when it holds 0 to 5, else `RatingPercent` mapped
  /// as Windows maps it (1–12 one star, 13–37 two, 38–62 three, 63–87 four, 88–100
  /// five); nil when neither holds a usable value.
  package var exifStars: StarRating? {
    if let exifRating, (0...5).contains(exifRating) { return StarRating(clamping: exifRating) }
    guard let percent = exifRatingPercent, (0...100).contains(percent) else { return nil }
    let stars =
      switch percent {
      case 0: 0
      case 1...12: 1
      case 13...37: 2
      case 38...62: 3
      case 63...87: 4
      default: 5
      }
    return StarRating(clamping: stars)
  }
}
