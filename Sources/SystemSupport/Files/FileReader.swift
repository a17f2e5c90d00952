import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads files whole (or their first bytes), refusing anything that could block or
/// exhaust memory: the one bounded reader of pictures, caches, the state file and the
/// configuration.
///
/// Only regular files are opened; the open is non-blocking so a FIFO swapped in after the
/// check still cannot hang, and `fstat` on the open descriptor re-checks the kind and size
/// so the check and the read see the same file. Paths go to the system as their real
/// bytes (`PathBytes`): a name that is not UTF-8 opens its file.
package enum FileReader {
  /// The file's bytes, or its first `prefix` bytes.
  ///
  /// - Parameters:
  ///   - limit: the largest file read, in bytes; a larger one is `.tooLarge`, found
  ///     before anything is read.
  ///   - allowsEmpty: false makes an empty file `.empty` (found before it is opened),
  ///     true reads it as no bytes.
  package static func read(
    path: String, limit: Int64, prefix: Int = .max, allowsEmpty: Bool = true
  ) throws(FileReadError) -> [UInt8] {
    let (descriptor, opened) = try openRegular(
      path: path, limit: limit, allowsEmpty: allowsEmpty)
    defer { close(descriptor) }

    // A file may grow between fstat and read: read only the size fstat saw (within the cap).
    let expected = min(Int(opened.st_size), prefix)
    var bytes = [UInt8](repeating: 0, count: expected)
    var filled = 0
    while filled < expected {
      let count = bytes.withUnsafeMutableBytes { buffer in
        Glibc.read(descriptor, buffer.baseAddress.map { $0 + filled }, expected - filled)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadable(.current())
      }
      if count == 0 { break }
      filled += count
    }
    bytes.removeSubrange(filled...)
    if bytes.isEmpty && !allowsEmpty { throw .empty }
    return bytes
  }

  /// Opens a regular file for reading after the same checks as `read`; the caller closes
  /// the descriptor. Returns it with the status `fstat` gave for it.
  package static func openRegular(path: String, limit: Int64, allowsEmpty: Bool = true)
    throws(FileReadError) -> (descriptor: Int32, status: stat)
  {
    var info = stat()
    if PathBytes.withFileSystemRepresentation(path, { stat($0, &info) }) != 0 {
      throw error(for: errno)
    }
    try checkKind(info, limit: limit, allowsEmpty: allowsEmpty)
    let descriptor = PathBytes.withFileSystemRepresentation(path) {
      open($0, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    }
    if descriptor < 0 { throw error(for: errno) }
    var opened = stat()
    if fstat(descriptor, &opened) != 0 {
      let failure = SystemError.current()
      close(descriptor)
      throw .unreadable(failure)
    }
    do {
      try checkKind(opened, limit: limit, allowsEmpty: allowsEmpty)
    } catch {
      close(descriptor)
      throw error
    }
    return (descriptor, opened)
  }

  /// Up to `count` bytes at `offset` of an open file (fewer at its end). Retries
  /// interrupted reads.
  package static func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8] {
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
  package static func modificationTime(path: String) -> Int64? {
    var info = stat()
    guard PathBytes.withFileSystemRepresentation(path, { stat($0, &info) }) == 0 else { return nil }
    return Int64(info.st_mtim.tv_sec)
  }

  private static func checkKind(_ info: stat, limit: Int64, allowsEmpty: Bool)
    throws(FileReadError)
  {
    switch info.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .isDirectory
    default: throw .notRegularFile
    }
    if Int64(info.st_size) > limit { throw .tooLarge(bytes: Int64(info.st_size)) }
    if info.st_size == 0 && !allowsEmpty { throw .empty }
  }

  private static func error(for code: Int32) -> FileReadError {
    switch code {
    case ENOENT, ENOTDIR: .notFound
    case EISDIR: .isDirectory
    default: .unreadable(SystemError(code: code))
    }
  }
}
