import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Another program's save that passes for a file the gallery read: a new file renamed
/// over the name, given the inode number of that file when the file system frees it and
/// hands it out again (ext4 does at once), and its modification time (`exiftool -P`,
/// `rsync -t`). With the size of that file too, only the file being held open tells it
/// apart (`HeldFile`).
package enum LookalikeSave {
  /// New files tried for the number before the last one is taken as it is.
  private static let tries = 32

  /// Saves `bytes` over `path` in a new file given, when the file system allows, the
  /// inode number of `like`, and its modification time; true when it got the number.
  @discardableResult
  package static func save(_ path: String, _ bytes: [UInt8], like: stat) -> Bool {
    var candidates: [String] = []
    var descriptor: Int32 = -1
    var gotNumber = false
    for number in 0..<tries {
      let candidate = path + ".lookalike-\(number)"
      descriptor = PathBytes.withFileSystemRepresentation(candidate) {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
      }
      guard descriptor >= 0 else { continue }
      candidates.append(candidate)
      var status = stat()
      if fstat(descriptor, &status) == 0, status.st_ino == like.st_ino {
        gotNumber = true
        break
      }
      // Kept linked, so the next file gets another number.
      close(descriptor)
      descriptor = -1
    }
    guard let chosen = candidates.popLast() else { return false }
    if descriptor < 0 {
      descriptor = PathBytes.withFileSystemRepresentation(chosen) {
        open($0, O_WRONLY | O_CLOEXEC)
      }
    }
    _ = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    var times = [like.st_atim, like.st_mtim]
    futimens(descriptor, &times)
    fsync(descriptor)
    close(descriptor)
    PathBytes.withFileSystemRepresentation(chosen) { from in
      PathBytes.withFileSystemRepresentation(path) { _ = rename(from, $0) }
    }
    for candidate in candidates {
      PathBytes.withFileSystemRepresentation(candidate) { _ = unlink($0) }
    }
    return gotNumber
  }
}
