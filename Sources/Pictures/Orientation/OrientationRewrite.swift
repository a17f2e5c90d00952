/// Lossless turns and flips: a picture's orientation tag rewritten, its pixels untouched.
///
/// A JPEG's or PNG's EXIF orientation is patched where it is, or added (a first directory
/// appended to the EXIF block, or a new block); a TIFF or a camera raw file built on TIFF
/// has its tag patched, and one without a tag is refused rather than restructured. Other
/// formats are refused with the reason. Pure: bytes in, bytes out.
package enum OrientationRewrite {
  /// The file's bytes with its orientation changed by `turn`; every pixel byte and all
  /// other metadata kept.
  ///
  /// The new orientation shows the picture as the old one did, then turned
  /// (`ExifOrientation.turned(_:)`); a file without one counts as upright. Patching in
  /// place keeps the file's size; an added tag grows it by a few dozen bytes. Every
  /// offset and length read is checked against the file first, so nothing is written
  /// into a file the rewrite could not read whole. O(file size).
  ///
  /// - Throws: `.unsupportedFormat` for a format other than JPEG, PNG, TIFF and the raw
  ///   files built on TIFF; `.malformed` for a broken file; `.noOrientationTag` when a
  ///   tag would have to be added where that cannot be done safely.
  package static func turning(_ bytes: [UInt8], by turn: PictureTurn)
    throws(OrientationRewriteError) -> [UInt8]
  {
    try OrientationContainer(bytes).turning(bytes, by: turn)
  }

  /// A PNG's bytes with the orientation tags it has (its `eXIf` chunk's, its XMP
  /// packet's) set to upright, every other byte kept and nothing added: for a PNG about
  /// to have its pixels turned as its orientation asked (`PNGPixelTurn`).
  ///
  /// - Throws: `.unsupportedFormat` for another format, `.malformed` for a broken PNG.
  package static func uprightingPNG(_ bytes: [UInt8]) throws(OrientationRewriteError) -> [UInt8] {
    guard case .png(let layout) = try OrientationContainer(bytes) else {
      throw .unsupportedFormat("only a PNG's tags are set upright")
    }
    return layout.uprighting(bytes)
  }

  /// The orientation an EXIF block names (a TIFF structure, after an `Exif\0\0` header
  /// or not, as a WebP's `EXIF` chunk holds it), and the block with that tag set upright
  /// in place: for a picture about to have its pixels turned as the tag asked. A block
  /// without the tag, or broken, comes back as it is, with no orientation.
  package static func uprightingEXIF(_ block: [UInt8]) -> (
    orientation: ExifOrientation?, block: [UInt8]
  ) {
    let start = block.starts(with: Array("Exif".utf8) + [0, 0]) ? 6 : 0
    guard let directory = try? TIFFDirectory(block, in: start..<block.count),
      let orientation = directory.orientation(in: block),
      let patched = directory.patching(block, to: .normal)
    else { return (nil, block) }
    return (orientation, patched)
  }
}
