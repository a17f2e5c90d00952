/// The container a picture was stored in, sniffed from its first bytes.
package enum ImageFormat: String, Hashable, Sendable, CaseIterable {
  case jpeg
  case png
  case gif
  case webp
  /// HEIF holding HEVC pictures: iPhone photos.
  case heic
  /// HEIF whose brands name no codec the gallery knows apart (`mif1` alone).
  case heif
  /// HEIF holding AV1 pictures.
  case avif
  case tiff
  case bmp
  /// JPEG XL, as a bare codestream or in its ISO-BMFF container.
  case jxl
  /// An SVG drawing (XML), rendered at the size it is shown at.
  case svg
  /// A camera's raw sensor data (CR2, CR3, NEF, ARW, DNG, RAF, ORF, RW2, PEF and more),
  /// shown from its embedded preview or developed.
  case raw
  /// A video (MP4, QuickTime, Matroska, WebM, AVI, MPEG, ASF): shown by a poster frame.
  case video

  /// Leading bytes `sniff(_:)` looks at: enough for an ISO-BMFF `ftyp` box with a
  /// dozen compatible brands, for BMP's header size field, and for the XML declaration,
  /// comments and document type an SVG's root element usually follows.
  package static let sniffLength = 1024

  /// The name people know the format by, e.g. `JPEG XL`, `WebP`.
  package var name: String {
    switch self {
    case .jpeg: "JPEG"
    case .png: "PNG"
    case .gif: "GIF"
    case .webp: "WebP"
    case .heic: "HEIC"
    case .heif: "HEIF"
    case .avif: "AVIF"
    case .tiff: "TIFF"
    case .bmp: "BMP"
    case .jxl: "JPEG XL"
    case .svg: "SVG"
    case .raw: "camera RAW"
    case .video: "video"
    }
  }

  /// Whether the picture is drawn from a description rather than stored as pixels (SVG):
  /// it is rendered at the size of the box it is shown in, larger or smaller than its own
  /// size, never enlarged from a smaller copy.
  package var isScalable: Bool { self == .svg }

  /// Whether files of this format can hold an animation the decoder plays (GIF, WebP).
  package var isAnimatable: Bool { self == .gif || self == .webp }

  /// The format the bytes start with, or nil for anything else.
  ///
  /// Only the signature is checked, so a truncated or damaged picture still counts
  /// as one (it then shows as broken instead of being hidden). Pass at least
  /// `sniffLength` bytes when the file has them. JPEG: `FF D8 FF`. PNG: its
  /// eight-byte signature. GIF: `GIF87a`/`GIF89a`. WebP: `RIFF`, a size, `WEBP`.
  /// TIFF: `II*\0` or `MM\0*` (BigTIFF's `+` too). BMP: `BM` and a known header
  /// size at offset 14. JPEG XL: `FF 0A`, or its container's signature box. HEIF:
  /// an `ftyp` box whose major or compatible brands name HEVC, AV1 or HEIF. SVG: XML
  /// whose root element is `<svg>` (`SVGHead`); a gzip-compressed SVG is found by
  /// `ImageDecoder.sniff`, which inflates. Camera raw: `RawHead`, before TIFF (most raw
  /// formats are TIFF underneath) and HEIF (CR3 is ISO-BMFF). Video: `VideoHead`, an
  /// `ftyp` box whose brands are not HEIF's among them.
  package static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
    let head = Array(bytes.prefix(sniffLength))
    func starts(_ signature: [UInt8], at offset: Int = 0) -> Bool {
      head.count >= offset + signature.count
        && head[offset..<(offset + signature.count)].elementsEqual(signature)
    }
    if starts([0xFF, 0xD8, 0xFF]) { return .jpeg }
    if starts([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return .png }
    if RawHead.isRaw(head) { return .raw }
    if starts(Array("GIF87a".utf8)) || starts(Array("GIF89a".utf8)) { return .gif }
    if starts(Array("RIFF".utf8)), starts(Array("WEBP".utf8), at: 8) { return .webp }
    if starts([0x49, 0x49, 0x2A, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2A])
      || starts([0x49, 0x49, 0x2B, 0x00]) || starts([0x4D, 0x4D, 0x00, 0x2B])
    {
      return .tiff
    }
    if starts([0xFF, 0x0A])
      || starts([0, 0, 0, 0x0C, 0x4A, 0x58, 0x4C, 0x20, 0x0D, 0x0A, 0x87, 0x0A])
    {
      return .jxl
    }
    if starts(Array("BM".utf8)), head.count >= 18 {
      let headerSize =
        Int(head[14]) | Int(head[15]) << 8 | Int(head[16]) << 16 | Int(head[17]) << 24
      if [12, 16, 40, 52, 56, 64, 108, 124].contains(headerSize) { return .bmp }
    }
    if starts(Array("ftyp".utf8), at: 4) {
      return heifKind(brands: head) ?? (VideoHead.isVideo(head) ? .video : nil)
    }
    if SVGHead.isSVG(head) { return .svg }
    if VideoHead.isVideo(head) { return .video }
    return nil
  }

  /// HEIC, AVIF or plain HEIF from an `ftyp` box's brands; nil when none is HEIF's.
  private static func heifKind(brands head: [UInt8]) -> ImageFormat? {
    let boxSize = Int(head[0]) << 24 | Int(head[1]) << 16 | Int(head[2]) << 8 | Int(head[3])
    let end = min(head.count, max(16, boxSize))
    // The major brand at 8, a minor version, then compatible brands to the box's end.
    var brands: [String] = []
    for offset in Swift.stride(from: 8, to: end - 3, by: 4) where offset != 12 {
      brands.append(String(decoding: head[offset..<(offset + 4)], as: UTF8.self))
    }
    let hevc: Set = ["heic", "heix", "heim", "heis", "hevc", "hevx", "hevm", "hevs"]
    let av1: Set = ["avif", "avis"]
    // The major brand decides when it is one of these; else the compatible ones.
    if let major = brands.first, av1.contains(major) { return .avif }
    if let major = brands.first, hevc.contains(major) { return .heic }
    if brands.contains(where: av1.contains) { return .avif }
    if brands.contains(where: hevc.contains) { return .heic }
    if brands.contains("mif1") || brands.contains("msf1") { return .heif }
    return nil
  }
}

extension ImageFormat {
  /// The format a file's name suggests (`.jpg`, `.heic`, `.jxl`…), case-insensitively;
  /// nil for other names. For a file that cannot be read; `sniff` decides otherwise.
  package init?(fileName: String) {
    guard let dot = fileName.lastIndex(of: ".") else { return nil }
    switch fileName[fileName.index(after: dot)...].lowercased() {
    case "jpg", "jpeg", "jpe", "jfif": self = .jpeg
    case "png": self = .png
    case "gif": self = .gif
    case "webp": self = .webp
    case "heic", "heics": self = .heic
    case "heif", "heifs", "hif": self = .heif
    case "avif", "avifs": self = .avif
    case "tif", "tiff": self = .tiff
    case "bmp", "dib": self = .bmp
    case "jxl": self = .jxl
    case "svg", "svgz": self = .svg
    case "cr2", "cr3", "crw", "nef", "nrw", "arw", "srf", "sr2", "dng", "raf", "orf", "rw2",
      "rwl", "raw", "pef", "srw", "3fr", "erf", "kdc", "dcr", "mos", "mrw", "x3f", "iiq":
      self = .raw
    case "mp4", "mov", "m4v", "mkv", "webm", "avi", "3gp", "3g2", "mts", "m2ts", "mpg",
      "mpeg", "wmv", "flv":
      self = .video
    default: return nil
    }
  }
}
