import CChafa
import CImageCodecs
import FoundationEssentials
import Glibc
import Pictures
import SystemSupport
import TerminalKit

/// Thumbnails on disk as the freedesktop thumbnail specification lays them out,
/// shared with desktop file managers.
///
/// `<root>/normal|large|x-large/<md5 of the file URI>.png`, at most 128, 256 or
/// 512 pixels a side, with `Thumb::URI` and `Thumb::MTime` text chunks; a thumbnail
/// whose MTime differs from the file's is stale. Writes go to a temporary file in
/// the same folder, then `rename`, so readers never see half a PNG. Every failure
/// (read-only or full disk, missing home) is silent: the cache is only a shortcut.
///
/// `png_image` cannot write text chunks, so thumbnails are written by a small C
/// function over libpng's classic API (`gallery_png_write_with_text` in the
/// CImageCodecs shim) that keeps its setjmp inside C and returns an error code;
/// reading the chunks back is a plain walk over the bytes (`PNGTextChunks`).
/// Writing is tuned for speed (zlib level 1, the Sub filter, RGB when opaque): a
/// cold run writes one thumbnail per picture, and that must cost less than the decode.
package struct ThumbnailDiskCache: Sendable {
  /// The spec's sizes.
  package enum Flavor: String, CaseIterable, Sendable {
    case normal
    case large
    case xLarge = "x-large"

    /// The longest side of a thumbnail of this flavour, in pixels.
    package var side: Int {
      switch self {
      case .normal: 128
      case .large: 256
      case .xLarge: 512
      }
    }

    /// The smallest flavour whose side is at least `side`, or nil past 512.
    package static func covering(side: Int) -> Flavor? {
      allCases.first { $0.side >= side }
    }

    /// The smallest flavour good enough for cell art `side` pixels long, or nil past 640.
    ///
    /// A flavour serves up to twice its side (4 instead of 8 pixels a column): cell art
    /// matches symbols on 8×8 cells, and a source of half that upscaled into them loses
    /// little in block symbols, while one flavour down decodes at half the DCT scale and
    /// stores and inflates a quarter of the pixels. Past 640 (x-large and a quarter) a
    /// decode at the box's size looks better than the largest flavour.
    package static func serving(side: Int) -> Flavor? {
      guard side <= Flavor.xLarge.side * 5 / 4 else { return nil }
      return allCases.first { side <= $0.side * 2 }
    }
  }

  /// The `thumbnails` folder.
  package let root: String
  /// False turns every read and write into a no-op (`--no-cache`).
  package var isEnabled: Bool
  /// True reads thumbnails but writes none (`--print`, whose drawn art the art cache
  /// keeps: a thumbnail for every picture of a batch cost it 30–50% more CPU).
  package var isReadOnly = false

  /// Whether new thumbnails are written.
  package var isWritable: Bool { isEnabled && !isReadOnly }

  /// A cache in `root`, or `$XDG_CACHE_HOME/thumbnails` (`~/.cache/thumbnails`).
  package init(root: String? = nil, isEnabled: Bool = true) {
    self.isEnabled = isEnabled
    if let root {
      self.root = root
    } else {
      self.root = CacheFolders.cacheHome() + "/thumbnails"
    }
  }

  /// The `file://` URI of `path` as glib spells it (what file managers hash): made from
  /// the path's real bytes (`PathBytes`), each byte past ASCII percent-encoded, so that a
  /// name that is not UTF-8 (`caf\xE9.jpg`, `file:///…/caf%E9.jpg`) finds the thumbnail
  /// other programs made of it.
  ///
  /// A relative path is taken from the current directory; `.` and `..` are resolved by
  /// name and links kept, as `g_file_get_uri` does (Foundation's `standardizingPath`
  /// would resolve links, through the file system, with the text's UTF-8).
  package static func uri(forPath path: String) -> String? {
    let absolute = path.hasPrefix("/") ? path : currentDirectory() + "/" + path
    let text = PathBytes.withFileSystemRepresentation(tidied(absolute)) {
      g_filename_to_uri($0, nil, nil)
    }
    guard let text else { return nil }
    defer { g_free(text) }
    return String(cString: text)
  }

  /// `path` (absolute) without empty or `.` components, each `..` removing the one
  /// before it.
  static func tidied(_ path: String) -> String {
    var kept: [Substring.UnicodeScalarView] = []
    for component in path.unicodeScalars.split(separator: "/") {
      if component.elementsEqual(".".unicodeScalars) { continue }
      if component.elementsEqual("..".unicodeScalars) {
        _ = kept.popLast()
      } else {
        kept.append(component)
      }
    }
    return "/" + kept.map(String.init).joined(separator: "/")
  }

  /// The current directory's path from its bytes (`getcwd`); `/` when it cannot be read.
  private static func currentDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "/" }
    defer { free(path) }
    return PathBytes.string(fileSystemCString: path)
  }

  /// Where the thumbnail of `path` lives for `flavor`.
  package func thumbnailPath(for path: String, flavor: Flavor) -> String? {
    guard let uri = Self.uri(forPath: path) else { return nil }
    return "\(root)/\(flavor.rawValue)/\(MD5.hex(uri.utf8)).png"
  }

  /// The stored thumbnail of `path`, if present and as new as the file.
  ///
  /// Alpha (thumbnails from other programs may have it) is composited over `background`;
  /// one this program wrote must serve it (`serves`).
  package func load(path: String, flavor: Flavor, background: BackgroundColor = .black)
    -> CachedThumbnail?
  {
    guard isEnabled, let uri = Self.uri(forPath: path),
      let mtime = FileReader.modificationTime(path: path),
      let thumbnail = thumbnailPath(for: path, flavor: flavor)
    else { return nil }
    let limits = DecodeLimits(maxPixels: 1024 * 1024, maxSide: 1024, maxFileBytes: 8 << 20)
    guard let bytes = try? PictureFile.read(path: thumbnail, limits: limits) else { return nil }
    let text = PNGTextChunks.read(bytes)
    guard text["Thumb::URI"] == uri, text["Thumb::MTime"] == String(mtime),
      Self.serves(text, background: background),
      var image = try? PNGDecoder.decode(bytes, background: background, limits: limits).image
    else { return nil }
    // Stored opaque, it holds the background all the same, as the decoded copy did.
    if text[Self.backgroundKey] == background.description { image.compositedOver = background }
    return CachedThumbnail(
      image: image, originalWidth: text["Thumb::Image::Width"].flatMap { Int($0) },
      originalHeight: text["Thumb::Image::Height"].flatMap { Int($0) },
      format: text["Thumb::Mimetype"].flatMap(ImageFormat.init(mimeType:))
        ?? (text[Self.movieLengthKey] != nil ? .video : nil),
      frameCount: text[Self.framesKey].flatMap { Int($0) },
      colorProfile: text[Self.colorProfileKey],
      movieLength: text[Self.movieLengthKey].flatMap { Double($0) },
      frameSize: text[Self.frameSizeKey].flatMap(Self.size(of:)))
  }

  /// Stores `image` (already at most `flavor.side` a side) as the thumbnail of `path`.
  ///
  /// With `metadata`, the spec's optional keys are written too: the picture's
  /// displayed width and height (after EXIF orientation, like the thumbnail) and
  /// its MIME type. A translucent picture is noted with the background it was composited
  /// over (`compositedOver`), so a terminal with another background decodes it again.
  /// `modified` is the file's time (`FileReader.modificationTime`) read before the bytes
  /// `image` came from: when the file's is another now (it was turned or saved while it
  /// was decoded), nothing is written, as the old picture would stand for the new file.
  /// Returns whether it was written; failures are otherwise silent.
  @discardableResult
  package func store(
    _ image: PixelImage, metadata: ImageMetadata? = nil, path: String, flavor: Flavor,
    modified: Int64? = nil
  ) -> Bool {
    guard isWritable, let uri = Self.uri(forPath: path),
      let mtime = FileReader.modificationTime(path: path), modified == nil || modified == mtime,
      let thumbnail = thumbnailPath(for: path, flavor: flavor)
    else { return false }
    let folder = "\(root)/\(flavor.rawValue)"
    guard CacheFolders.make(folder) else { return false }
    let temporary = "\(folder)/.\(UUID().uuidString).png.part"
    var keys = ["Thumb::URI", "Thumb::MTime", "Software", Self.backgroundKey]
    var values = [
      uri, String(mtime), Self.software,
      image.compositedOver?.description ?? Self.opaque,
    ]
    if let metadata {
      keys += ["Thumb::Image::Width", "Thumb::Image::Height"]
      values += [String(metadata.displayWidth), String(metadata.displayHeight)]
      if let mimeType = metadata.format.mimeType {
        keys.append("Thumb::Mimetype")
        values.append(mimeType)
      }
      // The spec's length of a movie, in whole seconds; it also says the file is a video.
      if let duration = metadata.video?.duration {
        keys.append(Self.movieLengthKey)
        values.append(String(Int(duration.rounded())))
      }
      // A video's frames, which an attached cover (the thumbnail, and the width and
      // height above) need not share: the size the status line gives.
      if metadata.video != nil {
        let frames = metadata.shownSize
        keys.append(Self.frameSizeKey)
        values.append("\(frames.width)x\(frames.height)")
      }
      // Not the spec's keys (its namespace is `Thumb::`): what the detail view shows
      // without decoding the picture again. tEXt is Latin-1, so printable ASCII only.
      keys.append(Self.framesKey)
      values.append(String(metadata.frameCount))
      if let profile = metadata.colorProfile {
        keys.append(Self.colorProfileKey)
        values.append(String(profile.unicodeScalars.filter { $0.isASCII && $0.value >= 32 }))
      }
    }
    let status = withCStrings(keys) { keyPointers in
      withCStrings(values) { valuePointers in
        image.pixels.withUnsafeBufferPointer { pixels in
          PathBytes.withFileSystemRepresentation(temporary) { file in
            gallery_png_write_with_text(
              file, pixels.baseAddress, UInt32(image.width), UInt32(image.height),
              keyPointers, valuePointers, Int32(keys.count), 0, Self.isOpaque(pixels) ? 1 : 0,
              Self.compressionLevel)
          }
        }
      }
    }
    guard status == 0,
      PathBytes.withFileSystemRepresentation(temporary, { chmod($0, 0o600) }) == 0,
      CacheFolders.rename(temporary, to: thumbnail)
    else {
      CacheFolders.remove(temporary)
      return false
    }
    return true
  }

  /// Raised when what this program's thumbnails hold changes, so that art drawn from
  /// older ones (in the art cache's keys) is drawn again. 2: a translucent picture's
  /// thumbnail names the background it holds; before, one drawn over black could be
  /// drawn again for a grey terminal. 3: a video's names its frames' size; before, art
  /// drawn from one with a cover kept the cover's size as the video's.
  package static let revision = 3

  static let framesKey = "X-Gallery::Frames"
  /// The background a translucent picture was composited over (`#rrggbb`), or `opaque`.
  static let backgroundKey = "X-Gallery::Background"
  static let opaque = "opaque"
  static let software = "gallery"

  /// Whether a thumbnail with the text chunks `text` serves a terminal of `background`:
  /// another program's always (its alpha is composited as it is read); this program's
  /// when it names `opaque` or that background, or, written before it named either, when
  /// its picture cannot be translucent (JPEG, camera RAW, video).
  static func serves(_ text: [String: String], background: BackgroundColor) -> Bool {
    guard text["Software"] == software else { return true }
    // Written before it named its frames' size, a video's gave its cover's as the video's.
    if text[movieLengthKey] != nil, text[frameSizeKey] == nil { return false }
    guard let over = text[backgroundKey] else {
      let format = text["Thumb::Mimetype"].flatMap(ImageFormat.init(mimeType:))
      return format == .jpeg || format == .raw || text[movieLengthKey] != nil
    }
    return over == opaque || over == background.description
  }
  static let movieLengthKey = "Thumb::Movie::Length"
  /// A video's frames' size as shown (`1280x720`), which a cover's thumbnail does not say.
  static let frameSizeKey = "X-Gallery::FrameSize"

  /// The size `text` spells as `WIDTHxHEIGHT`, both positive; nil for anything else.
  static func size(of text: String) -> PixelSize? {
    let sides = text.split(separator: "x", omittingEmptySubsequences: false)
    guard sides.count == 2, let width = Int(sides[0]), let height = Int(sides[1]),
      width > 0, height > 0
    else { return nil }
    return PixelSize(width: width, height: height)
  }
  static let colorProfileKey = "X-Gallery::ColorProfile"

  /// zlib level of written thumbnails: the fastest, about 1.5 times the bytes of level 6.
  static let compressionLevel: Int32 = 1

  /// Whether every pixel of RGBA `pixels` has alpha 255 (then the PNG is written as RGB).
  static func isOpaque(_ pixels: UnsafeBufferPointer<UInt8>) -> Bool {
    var index = 3
    while index < pixels.count {
      if pixels[index] != 255 { return false }
      index += 4
    }
    return true
  }
}

/// Calls `body` with a C array of C strings that live for the call.
private func withCStrings<Result>(
  _ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>?) -> Result
) -> Result {
  let copies = strings.map { strdup($0) }
  defer { for copy in copies { free(copy) } }
  let pointers = copies.map { UnsafePointer($0) }
  return pointers.withUnsafeBufferPointer { buffer in
    body(buffer.baseAddress)
  }
}

/// A thumbnail read back from disk, with what its text chunks said about the picture.
package struct CachedThumbnail: Hashable, Sendable {
  package var image: PixelImage
  /// The picture's displayed width, when the writer recorded it.
  package var originalWidth: Int?
  /// The picture's displayed height, when the writer recorded it.
  package var originalHeight: Int?
  package var format: ImageFormat?
  /// The picture's frame (or page) count, when the writer recorded it.
  package var frameCount: Int?
  /// The picture's colour profile description, when the writer recorded one.
  package var colorProfile: String?
  /// A video's length in seconds (`Thumb::Movie::Length`), when the writer recorded it.
  package var movieLength: Double?
  /// A video's frames' size as shown, when this program wrote the thumbnail: a cover's
  /// thumbnail has the cover's width and height.
  package var frameSize: PixelSize?
}

extension ImageFormat {
  /// The MIME type: `image/jpeg`, `image/webp`, `image/svg+xml`, `image/x-dcraw` (the
  /// shared MIME database's name for camera raw files); nil for a video, whose type is its
  /// container's.
  package var mimeType: String? {
    switch self {
    case .svg: "image/svg+xml"
    case .raw: "image/x-dcraw"
    case .video: nil
    default: "image/\(rawValue)"
    }
  }

  /// The format of a MIME type (any `video/` one is a video), or nil for others.
  package init?(mimeType: String) {
    if mimeType.hasPrefix("video/") {
      self = .video
      return
    }
    switch mimeType {
    case "image/svg+xml": self = .svg
    case "image/x-dcraw": self = .raw
    default:
      guard mimeType.hasPrefix("image/"),
        let format = ImageFormat(rawValue: String(mimeType.dropFirst("image/".count))),
        format.mimeType == mimeType
      else { return nil }
      self = format
    }
  }
}
