import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads the gallery's own small files (the state file, the configuration) whole, refusing
/// what cannot be one: a FIFO or device (opened without blocking, checked with `fstat`)
/// or anything larger than a limit.
enum SmallFile {
  /// What went wrong, short of the file being missing.
  enum Problem: Error {
    /// The file could not be opened or read.
    case unreadable(SystemError)
    /// Not a regular file.
    case notAFile
    /// Larger than the limit.
    case tooLarge
  }

  /// The bytes of `path`; nil when there is no such file.
  static func read(_ path: String, limit: Int) -> Result<[UInt8]?, Problem> {
    let file = PathBytes.withFileSystemRepresentation(path) {
      open($0, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    }
    guard file >= 0 else {
      let error = currentErrno()
      if error.code == ENOENT || error.code == ENOTDIR { return .success(nil) }
      return .failure(.unreadable(error))
    }
    defer { close(file) }
    var status = stat()
    guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
      return .failure(.notAFile)
    }
    var bytes = [UInt8](repeating: 0, count: limit + 1)
    var count = 0
    while count < bytes.count {
      let read = bytes.withUnsafeMutableBytes {
        Glibc.read(file, $0.baseAddress.map { $0 + count }, $0.count - count)
      }
      if read < 0 && errno == EINTR { continue }
      guard read >= 0 else { return .failure(.unreadable(currentErrno())) }
      if read == 0 { break }
      count += read
    }
    guard count <= limit else { return .failure(.tooLarge) }
    return .success(Array(bytes[..<count]))
  }
}

extension SmallFile.Problem {
  /// `cannot be read (Permission denied)`, `is not a file`, `is too large`: after the path.
  var reason: String {
    switch self {
    case .unreadable(let error): "cannot be read (\(error.reason))"
    case .notAFile: "is not a file"
    case .tooLarge: "is too large"
    }
  }
}
