import Foundation
import TerminalKit

/// Reads a picture file whole, refusing anything that could block or exhaust memory.
///
/// Only regular files are opened; the open is non-blocking so a FIFO swapped in
/// after the check still cannot hang, and `fstat` on the open descriptor re-checks
/// the kind and size so the check and the read see the same file. Paths go to the system
/// as their real bytes (`PathBytes`): a name that is not UTF-8 opens its file.
enum SafeFileReader {
  /// The file's bytes, or its first `prefix` bytes.
  static func read(path: String, limits: DecodeLimits, prefix: Int = .max) throws(ThumbnailError)
    -> [UInt8]
  {
    let (descriptor, opened) = try openRegular(path: path, limits: limits)
    defer { close(descriptor) }

    // A file may grow between fstat and read: read only the size fstat saw (within the cap).
    let expected = min(Int(opened.st_size), prefix)
    var bytes = [UInt8](repeating: 0, count: expected)
    var filled = 0
    while filled < expected {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Foundation.read(descriptor, buffer.baseAddress.map { $0 + filled }, expected - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(path: path, errno: errno)
      }
      if count == 0 { break }
      filled += count
    }
    bytes.removeSubrange(filled...)
    if bytes.isEmpty { throw .empty }
    return bytes
  }

  /// Opens a regular file for reading after the same checks as `read`; the caller closes
  /// the descriptor. Returns it with the status `fstat` gave for it.
  static func openRegular(path: String, limits: DecodeLimits) throws(ThumbnailError)
    -> (descriptor: Int32, status: stat)
  {
    var info = stat()
    if PathBytes.withFileSystemRepresentation(path, { stat($0, &info) }) != 0 {
      throw error(for: errno, path: path)
    }
    try checkKind(info, path: path, limits: limits)
    let descriptor = PathBytes.withFileSystemRepresentation(path) {
      open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    }
    if descriptor < 0 { throw error(for: errno, path: path) }
    var opened = stat()
    if fstat(descriptor, &opened) != 0 {
      let code = errno
      close(descriptor)
      throw .unreadable(path: path, errno: code)
    }
    do {
      try checkKind(opened, path: path, limits: limits)
    } catch {
      close(descriptor)
      throw error
    }
    return (descriptor, opened)
  }

  /// Up to `count` bytes at `offset` of an open file (fewer at its end). Retries
  /// interrupted reads.
  static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8] {
    guard count > 0, offset >= 0 else { return [] }
    var bytes = [UInt8](repeating: 0, count: count)
    var filled = 0
    while filled < count {
      let got = bytes.withUnsafeMutableBytes { buffer in
        pread(
          descriptor, buffer.baseAddress.map { $0 + filled }, count - filled, off_t(offset + filled)
        )
      }
      if got < 0 && errno == EINTR { continue }
      if got <= 0 { break }
      filled += got
    }
    bytes.removeSubrange(filled...)
    return bytes
  }

  /// The file's modification time in whole seconds since 1970, as the thumbnail spec keeps it.
  static func modificationTime(path: String) -> Int64? {
    var info = stat()
    guard PathBytes.withFileSystemRepresentation(path, { stat($0, &info) }) == 0 else { return nil }
    return Int64(info.st_mtim.tv_sec)
  }

  private static func checkKind(_ info: stat, path: String, limits: DecodeLimits)
    throws(ThumbnailError)
  {
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .isDirectory(path)
    default: throw .notRegularFile(path)
    }
    if Int64(info.st_size) > limits.maxFileBytes {
      throw .fileTooLarge(bytes: Int64(info.st_size), limit: limits.maxFileBytes)
    }
    if info.st_size == 0 { throw .empty }
  }

  private static func error(for code: Int32, path: String) -> ThumbnailError {
    switch code {
    case ENOENT, ENOTDIR: .notFound(path)
    case ELOOP: .symlinkLoop(path)
    case EISDIR: .isDirectory(path)
    default: .unreadable(path: path, errno: code)
    }
  }
}
