/// Why a picture could not be shown. Each case reads as a message a user can act on.
package enum ThumbnailError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file does not exist.
  case notFound(String)
  /// The path is a symbolic link whose target (as the link gives it) does not exist.
  case danglingLink(path: String, target: String)
  /// The path names a directory.
  case isDirectory(String)
  /// The path is a FIFO, socket or device, which is never read.
  case notRegularFile(String)
  /// Symbolic links loop (or nest too deep) on the way to the file.
  case symlinkLoop(String)
  /// The file could not be opened or read; carries the system's reason, such as
  /// `Permission denied` (filled in where the error is made, from its `errno`).
  case unreadable(path: String, reason: String)
  /// The file has no bytes.
  case empty
  /// The file is larger than the size cap, in bytes.
  case fileTooLarge(bytes: Int64, limit: Int64)
  /// The picture passes one of `DecodeLimits`' caps: its size as the header gives it, and
  /// the cap with what was measured against it.
  case tooLarge(width: Int, height: Int, cap: DecodeCap)
  /// The bytes are none of the formats in `ImageFormat`.
  case unsupportedFormat
  /// The format is known but this file uses a part of it the decoder does not
  /// read (a BMP holding a JPEG, a HEIF without a decodable picture); carries what.
  case unsupportedVariant(ImageFormat, String)
  /// The data ends before the decoder could recover a picture.
  case truncated
  /// The decoder rejected the data; carries its message.
  case corrupt(String)
  /// The file holds no picture at all (an animation of zero frames).
  case noFrames
  /// A drawing of this format gives no size (an SVG without `width`, `height` or
  /// `viewBox`) and draws nothing that would tell one.
  case noSize(ImageFormat)
  /// A video file holds sound alone: no video stream to take a picture from.
  case soundOnly
  /// Decoding passed its time cap (in seconds) and was stopped: a file whose data makes
  /// its library work without end.
  case tookTooLong(ImageFormat, seconds: Int)
  /// The library that reads this format could not be opened (it is opened the first time
  /// a file needs it): missing, or of another version than the gallery was built for.
  /// Carries the library's file (`libheif.so.1`) and the packages that install it.
  case libraryMissing(ImageFormat, library: String, packages: String)

  package var description: String {
    switch self {
    case .notFound(let path): "No such file: \(path)"
    case .danglingLink(_, let target): "A link whose target is missing: \(target) does not exist"
    case .isDirectory(let path): "\(path) is a folder, not a picture"
    case .notRegularFile(let path):
      "\(path) is not a regular file (a pipe, socket or device), so it is not read"
    case .symlinkLoop(let path): "Symbolic links loop at \(path)"
    case .unreadable(let path, let reason): "Cannot read \(path): \(reason)"
    case .empty: "The file is empty"
    case .fileTooLarge(let bytes, let limit):
      "The file is \(bytes / 1_048_576) MiB, past the \(limit / 1_048_576) MiB limit"
    // Short enough for the detail view's error line at 80 columns (71) with sizes of
    // five digits, but for a scaled decode, which names the size decoded at.
    case .tooLarge(let width, let height, .side(let limit)):
      "The header claims \(width)×\(height) pixels, past the \(limit)-pixel side limit"
    case .tooLarge(let width, let height, .pixels(let limit)):
      "The header claims \(width)×\(height) pixels, past the \(pixelCount(limit)) limit"
    case .tooLarge(let width, let height, .memory(let bytes, let limit, let atWidth, let atHeight)):
      "Decoding this \(width)×\(height) picture "
        + (atWidth == width && atHeight == height ? "" : "at \(atWidth)×\(atHeight) ")
        + "needs \(ByteText.roundedUp(bytes)), past the \(ByteText.roundedDown(limit)) limit"
    case .unsupportedFormat:
      "Not a picture format the gallery reads (JPEG, PNG, GIF, WebP, HEIC, AVIF, TIFF, BMP, JPEG XL, SVG, camera RAW)"
    case .unsupportedVariant(let format, let what):
      "This \(format.name) file uses \(what), which the gallery does not read"
    case .truncated: "The file ends early: the picture is cut short"
    case .corrupt(let message): "The picture is damaged: \(message)"
    case .noFrames: "The file holds no picture (no frames)"
    case .noSize(let format):
      "This \(format.name) gives no size (no width, height or viewBox) and draws nothing"
    case .soundOnly: "The file holds sound alone, no pictures"
    case .tookTooLong(let format, let seconds):
      "This \(format.name) file took longer than \(seconds) s to decode and was stopped"
    case .libraryMissing(let format, let library, let packages):
      "Showing \(format.name) needs \(library), which cannot be opened (apt install \(packages))"
    }
  }

  /// `1000-megapixel`, or `100-pixel` for a count not in whole megapixels.
  private func pixelCount(_ pixels: Int) -> String {
    pixels >= 1_000_000 && pixels % 1_000_000 == 0
      ? "\(pixels / 1_000_000)-megapixel" : "\(pixels)-pixel"
  }
}

/// Which of `DecodeLimits`' caps a picture passes, and what was measured against it.
package enum DecodeCap: Hashable, Sendable {
  /// A side the header claims is longer than this many pixels (`DecodeLimits.maxSide`).
  case side(Int)
  /// The header claims more pixels than this (`DecodeLimits.maxPixels`).
  case pixels(Int)
  /// Decoding at `decodedWidth`×`decodedHeight` (the scale chosen for the box asked for)
  /// needs `bytes` of pixel buffers, more than `limit` (`DecodeLimits.maxDecodeBytes`).
  case memory(bytes: Int, limit: Int, decodedWidth: Int, decodedHeight: Int)
}

/// Sizes in memory as a person reads them: `512 MiB`, `1.5 GiB`, `40 KiB`.
enum ByteText {
  /// Rounded up: what a decode needs never reads as less than it is (513 MiB, not 512,
  /// for a byte past 512 MiB).
  static func roundedUp(_ bytes: Int) -> String { text(bytes, up: true) }

  /// Rounded down: a limit never reads as more than it is.
  static func roundedDown(_ bytes: Int) -> String { text(bytes, up: false) }

  /// Whole KiB and MiB; GiB with a decimal under 10 GiB, whole above.
  private static func text(_ bytes: Int, up: Bool) -> String {
    let kib = 1 << 10
    let mib = 1 << 20
    let gib = 1 << 30
    func divided(_ unit: Int) -> Int {
      bytes / unit + (up && bytes % unit != 0 ? 1 : 0)
    }
    if bytes < kib { return "\(bytes) bytes" }
    if bytes < mib { return "\(divided(kib)) KiB" }
    if bytes < gib { return "\(divided(mib)) MiB" }
    if bytes < 10 * gib {
      let tenths = bytes * 10 / gib + (up && bytes * 10 % gib != 0 ? 1 : 0)
      return "\(tenths / 10).\(tenths % 10) GiB"
    }
    return "\(divided(gib)) GiB"
  }
}
