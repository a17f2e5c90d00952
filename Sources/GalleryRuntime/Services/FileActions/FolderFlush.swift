import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Makes a folder's entries durable: after a rename, a link or an unlink, the name is
/// only on disk once its folder is flushed.
enum FolderFlush {
  /// `fsync` of the folder at `path`. Best effort: a folder that cannot be opened or
  /// flushed (some network file systems refuse it) still holds the change, and the step
  /// that made it already succeeded.
  static func flush(_ path: String) {
    let folder = PathBytes.withFileSystemRepresentation(path) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard folder >= 0 else { return }
    fsync(folder)
    close(folder)
  }
}
