import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension FileRewrite {
  /// A file's bytes as one descriptor read them, and the file they came from, held open
  /// through that descriptor with its status: the identity every later step of the
  /// rewrite compares the name against. Held, the file keeps its inode number from any
  /// other program's save until the rewrite is done with it (`HeldFile`).
  struct Content {
    let bytes: [UInt8]
    let file: HeldFile

    /// The status of the descriptor the bytes came through, taken before them.
    var status: stat { file.status }
  }

  /// The bytes read at a time, between which a test seam may act.
  private static let chunk = 1 << 20

  /// Reads the regular file at `path` whole through one descriptor, no larger than
  /// `limit` bytes, with the descriptor's status from before the read; the descriptor
  /// stays open as long as the content.
  ///
  /// The status is taken again after the read: a file written meanwhile would give a
  /// mix of old and new bytes, and is refused.
  ///
  /// - Throws: `.symbolicLink` (a link is not rewritten through), `.notRegular`,
  ///   `.notFound`, `.unreadable` (too large too), `.changedMeanwhile`.
  static func read(
    _ path: String, limit: Int64, operation: FileOperation = .turn, seam: RewriteTestSeam? = nil
  ) throws(FileActionError) -> Content {
    let (descriptor, status) = try FileStatus.openRegular(path)
    // Closed when the content goes.
    let file = HeldFile(descriptor: descriptor, status: status)
    guard Int64(status.st_size) <= limit else {
      throw .unreadable(
        path: path, reason: FileReadError.tooLarge(bytes: Int64(status.st_size)).reason)
    }
    let size = Int(status.st_size)
    var bytes = [UInt8](repeating: 0, count: size)
    var filled = 0
    while filled < size {
      let result = bytes.withUnsafeMutableBytes { buffer in
        let end = min(size, filled + chunk)
        return Result { () throws(SystemError) -> Int in
          try DescriptorIO.read(
            descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled..<end]))
        }
      }
      let count: Int
      switch result {
      case .success(let read): count = read
      case .failure(let error): throw .unreadable(path: path, reason: error.reason)
      }
      if count == 0 { break }
      filled += count
      if filled < size { seam?.atStep(.reading) }
    }
    let after = try? FileStatus.open(descriptor)
    guard filled == size, let after, FileStatus.isUntouched(after, since: status) else {
      throw .changedMeanwhile(path: path, operation: operation)
    }
    seam?.atStep(.read)
    return Content(bytes: bytes, file: file)
  }
}
