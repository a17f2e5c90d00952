import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension FileRewrite {
  /// A file's bytes as one descriptor read them, and that descriptor's status: the
  /// identity every later step of the rewrite compares the name against.
  struct Content {
    let bytes: [UInt8]
    let status: stat
  }

  /// The bytes read at a time, between which a test seam may act.
  private static let chunk = 1 << 20

  /// Reads the regular file at `path` whole through one descriptor, no larger than
  /// `limit` bytes, with the descriptor's status from before the read.
  ///
  /// The status is taken again after the read: a file written meanwhile would give a
  /// mix of old and new bytes, and is refused.
  ///
  /// - Throws: `.symbolicLink` (a link is not rewritten through), `.notRegular`,
  ///   `.notFound`, `.unreadable` (too large too), `.changedMeanwhile`.
  static func read(_ path: String, limit: Int64, seam: RewriteTestSeam? = nil)
    throws(FileActionError) -> Content
  {
    let (descriptor, status) = try FileStatus.openRegular(path)
    defer { close(descriptor) }
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
      throw .changedMeanwhile(path: path, operation: .turn)
    }
    seam?.atStep(.read)
    return Content(bytes: bytes, status: status)
  }
}
