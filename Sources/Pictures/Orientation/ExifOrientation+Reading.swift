extension ExifOrientation {
  /// The orientation a JPEG, PNG or TIFF-based file's bytes name, read where
  /// `OrientationRewrite` would rewrite it; nil when the file has no orientation tag, is
  /// another format, or is broken. A value outside 1–8 reads as `.normal`.
  package static func read(from bytes: [UInt8]) -> ExifOrientation? {
    guard let container = try? OrientationContainer(bytes) else { return nil }
    return container.orientation(in: bytes)
  }
}
