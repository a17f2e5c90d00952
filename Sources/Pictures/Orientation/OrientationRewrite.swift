/// Lossless turns and flips: a picture's orientation tag rewritten, its pixels untouched.
///
/// A JPEG's or PNG's EXIF orientation is patched where it is, or added (a first directory
/// appended to the EXIF block, or a new block); a TIFF or a camera raw file built on TIFF
/// has its tag patched, and one without a tag is refused rather than restructured. Other
/// formats are refused with the reason. Pure: bytes in, bytes out.
public enum OrientationRewrite {
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
  public static func turning(_ bytes: [UInt8], by turn: PictureTurn)
    throws(OrientationRewriteError) -> [UInt8]
  {
    try OrientationContainer(bytes).turning(bytes, by: turn)
  }
}
