/// Why a file's orientation could not be rewritten; the file is then left as it was.
package enum OrientationRewriteError: Error, Hashable, Sendable {
  /// The format keeps no orientation the gallery can change without decoding it (GIF,
  /// WebP, HEIC, JPEG XL, a video…); carries the reason, naming the format.
  case unsupportedFormat(String)
  /// The bytes claim a format but are broken: a segment or directory running past the
  /// end, an offset outside the file, a checksum that does not match; carries what.
  case malformed(String)
  /// A TIFF-based file with no orientation tag, where adding one would mean moving data
  /// that other offsets point at (a TIFF, a camera raw file, a full EXIF segment);
  /// carries why.
  case noOrientationTag(String)

  /// Why, as the end of a status-line sentence ("IMG_1.HEIC cannot be turned: HEIC keeps
  /// its orientation in a way the gallery cannot rewrite"): no full stop, and no capital
  /// but a format's name.
  package var message: String {
    switch self {
    case .unsupportedFormat(let reason): reason
    case .malformed(let detail): "it looks damaged (\(detail)), so it was not changed"
    case .noOrientationTag(let reason): reason
    }
  }

  /// Whether the format itself keeps no orientation the gallery can write, as opposed to
  /// a file that is damaged: a raw beside a turned JPEG is then left as it is, unsaid.
  package var isFormatsLimit: Bool {
    if case .malformed = self { return false }
    return true
  }
}
