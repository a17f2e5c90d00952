import Foundation

/// Why a picture could not be shown. Each case reads as a message a user can act on.
public enum ThumbnailError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The file does not exist.
  case notFound(String)
  /// The path names a directory.
  case isDirectory(String)
  /// The path is a FIFO, socket or device, which is never read.
  case notRegularFile(String)
  /// Symbolic links loop (or nest too deep) on the way to the file.
  case symlinkLoop(String)
  /// The file could not be opened or read; carries `errno`.
  case unreadable(path: String, errno: Int32)
  /// The file has no bytes.
  case empty
  /// The file is larger than the size cap, in bytes.
  case fileTooLarge(bytes: Int64, limit: Int64)
  /// The header claims dimensions past the pixel caps.
  case tooLarge(width: Int, height: Int)
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

  public var description: String {
    switch self {
    case .notFound(let path): "No such file: \(path)"
    case .isDirectory(let path): "\(path) is a folder, not a picture"
    case .notRegularFile(let path):
      "\(path) is not a regular file (a pipe, socket or device), so it is not read"
    case .symlinkLoop(let path): "Symbolic links loop at \(path)"
    case .unreadable(let path, let code):
      "Cannot read \(path): \(String(cString: strerror(code)))"
    case .empty: "The file is empty"
    case .fileTooLarge(let bytes, let limit):
      "The file is \(bytes / 1_048_576) MiB, past the \(limit / 1_048_576) MiB limit"
    case .tooLarge(let width, let height):
      "The picture claims \(width)×\(height) pixels, past the size limit"
    case .unsupportedFormat:
      "Not a picture format the gallery reads (JPEG, PNG, GIF, WebP, HEIC, AVIF, TIFF, BMP, JPEG XL)"
    case .unsupportedVariant(let format, let what):
      "This \(format.name) file uses \(what), which the gallery does not read"
    case .truncated: "The file ends early: the picture is cut short"
    case .corrupt(let message): "The picture is damaged: \(message)"
    case .noFrames: "The file holds no picture (no frames)"
    }
  }
}
