/// A file whose orientation the gallery can rewrite, told apart by its first bytes and
/// read as far as its orientation: a JPEG, a PNG, or a TIFF-based file (TIFF, and the
/// camera raw files built on it: DNG, NEF, CR2, ARW, ORF, RW2…).
enum OrientationContainer {
  case jpeg(JPEGExifLayout)
  case png(PNGExifLayout)
  /// A TIFF-based file's first directory, and what to call the file.
  case tiff(TIFFDirectory, name: String)

  /// TIFF's two headers, and those of the raw formats that are TIFF with a number of
  /// their own in place of 42: Olympus (`IIRO`, `IIRS`, `MMOR`) and Panasonic (`IIU\0`).
  static let tiffHeaders: [[UInt8]] = [
    [0x49, 0x49, 0x2A, 0x00], [0x4D, 0x4D, 0x00, 0x2A], Array("IIRO".utf8), Array("IIRS".utf8),
    Array("MMOR".utf8), [0x49, 0x49, 0x55, 0x00],
  ]

  /// The container `bytes` are, read as far as their orientation.
  ///
  /// - Throws: `.unsupportedFormat` naming the format for any other file, `.malformed`
  ///   when the bytes start as one of the three but are broken.
  init(_ bytes: [UInt8]) throws(OrientationRewriteError) {
    if bytes.starts(with: [0xFF, 0xD8]) {
      self = .jpeg(try JPEGExifLayout(bytes))
    } else if bytes.starts(with: PNGExifLayout.signature) {
      self = .png(try PNGExifLayout(bytes))
    } else if Self.tiffHeaders.contains(where: { bytes.starts(with: $0) }) {
      let name = ImageFormat.sniff(bytes) == .raw ? "camera RAW file" : "TIFF"
      let directory = try TIFFDirectory(bytes, in: 0..<bytes.count, checksMagic: false)
      self = .tiff(directory, name: name)
    } else {
      throw .unsupportedFormat(Self.reason(for: ImageFormat.sniff(bytes)))
    }
  }

  /// The orientation the file names, or nil when it has no orientation tag.
  func orientation(in bytes: [UInt8]) -> ExifOrientation? {
    switch self {
    case .jpeg(let layout): layout.orientation(in: bytes)
    case .png(let layout): layout.orientation(in: bytes)
    case .tiff(let directory, _): directory.orientation(in: bytes)
    }
  }

  /// `bytes` with the orientation turned by `turn`.
  ///
  /// The XMP packet's `tiff:Orientation`, in any of the three, is made the same
  /// (`XMPOrientation`).
  ///
  /// - Throws: `.noOrientationTag` for a TIFF-based file without the tag: adding one
  ///   would move data that offsets all over the file point at. A JPEG's or PNG's EXIF
  ///   block gets one (`JPEGExifLayout`, `PNGExifLayout`).
  func turning(_ bytes: [UInt8], by turn: PictureTurn) throws(OrientationRewriteError)
    -> [UInt8]
  {
    switch self {
    case .jpeg(let layout): return try layout.turning(bytes, by: turn)
    case .png(let layout): return try layout.turning(bytes, by: turn)
    case .tiff(let directory, let name):
      let turned = (orientation(in: bytes) ?? .normal).turned(turn)
      guard var patched = directory.patching(bytes, to: turned) else {
        throw .noOrientationTag(
          "this \(name) has no orientation tag, and adding one would mean moving its data")
      }
      if let xmp = directory.xmp { XMPOrientation.patch(&patched, in: xmp, to: turned) }
      return patched
    }
  }

  /// Why a file of `format` (nil: none the gallery knows) cannot be turned.
  private static func reason(for format: ImageFormat?) -> String {
    guard let format else {
      return "the gallery turns JPEG, PNG, TIFF and camera RAW files, and this file is none"
    }
    switch format {
    case .gif, .webp, .bmp: return "\(format.name) keeps no orientation the gallery can rewrite"
    case .svg: return "an SVG drawing keeps no orientation the gallery can rewrite"
    case .video: return "a video keeps its rotation in a way the gallery cannot rewrite"
    case .raw:
      return "this camera RAW file keeps its orientation in a way the gallery cannot rewrite"
    // BigTIFF: its offsets are eight bytes long.
    case .tiff: return "BigTIFF keeps its orientation in a way the gallery cannot rewrite"
    case .heic, .heif, .avif, .jxl, .jpeg, .png:
      return "\(format.name) keeps its orientation in a way the gallery cannot rewrite"
    }
  }
}
