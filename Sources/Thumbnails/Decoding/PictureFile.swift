import Pictures
import SystemSupport

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A picture's file, read for decoding: `FileReader` within the decoder's size cap,
/// refusing empty files, its refusals worded as `ThumbnailError`s.
enum PictureFile {
  /// The file's bytes, or its first `prefix` bytes.
  static func read(path: String, limits: DecodeLimits, prefix: Int = .max)
    throws(ThumbnailError) -> [UInt8]
  {
    do {
      return try FileReader.read(
        path: path, limit: limits.maxFileBytes, prefix: prefix, allowsEmpty: false)
    } catch {
      throw ThumbnailError(error, path: path, limit: limits.maxFileBytes)
    }
  }

  /// Opens the file for reading after the same checks as `read`; the caller closes the
  /// descriptor. Returns it with the status `fstat` gave for it.
  static func openRegular(path: String, limits: DecodeLimits) throws(ThumbnailError)
    -> (descriptor: Int32, status: stat)
  {
    try openRegular(path: path, limit: limits.maxFileBytes)
  }

  /// `openRegular` with a size cap of `limit` bytes (`Int64.max` for none: a video is read
  /// in part, whatever its size).
  static func openRegular(path: String, limit: Int64) throws(ThumbnailError)
    -> (descriptor: Int32, status: stat)
  {
    do {
      return try FileReader.openRegular(path: path, limit: limit, allowsEmpty: false)
    } catch {
      throw ThumbnailError(error, path: path, limit: limit)
    }
  }
}

extension ThumbnailError {
  /// The picture's error for a file `FileReader` did not read; `limit` is the size cap it
  /// was read under.
  init(_ error: FileReadError, path: String, limit: Int64) {
    switch error {
    case .notFound:
      // A link that is there, pointing at nothing: said so, with where it points.
      if let target = SymbolicLink.target(path) {
        self = .danglingLink(path: path, target: target)
      } else {
        self = .notFound(path)
      }
    case .isDirectory: self = .isDirectory(path)
    case .notRegularFile: self = .notRegularFile(path)
    case .tooLarge(let bytes): self = .fileTooLarge(bytes: bytes, limit: limit)
    case .empty: self = .empty
    case .unreadable(let system) where system.code == ELOOP: self = .symlinkLoop(path)
    case .unreadable(let system): self = .unreadable(path: path, reason: system.reason)
    }
  }
}
