import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Making the folders the gallery keeps its files in: the state folder, the caches.
package enum Folders {
  /// Creates `folder` and any missing parents with mode 0700; nothing when it is a folder
  /// already.
  ///
  /// - Throws: `ENOTDIR` when it (or a parent) is something else, else the `errno` of the
  ///   `mkdir` that failed.
  package static func create(_ folder: String) throws(SystemError) {
    var status = stat()
    if PathBytes.withFileSystemRepresentation(folder, { stat($0, &status) }) == 0 {
      guard status.st_mode & S_IFMT == S_IFDIR else { throw SystemError(code: ENOTDIR) }
      return
    }
    let parent = PathName.parent(folder)
    if parent != folder { try create(parent) }
    let made = PathBytes.withFileSystemRepresentation(folder) { mkdir($0, 0o700) }
    if made != 0, errno != EEXIST { throw .current() }
  }
}
