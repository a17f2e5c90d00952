import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension SafeMove {
  /// Creates the folder `path` and any missing parents (`mkdir -p`), mode 0777 less the
  /// umask; nothing when it is a folder already, or a link to one.
  ///
  /// - Throws: `.exists` when the name (or a parent's) is taken by something else, else
  ///   why `mkdir` failed, naming the folder it was made in.
  package static func makeFolder(_ path: String) throws(FileActionError) {
    if let status = try? FileStatus.target(path) {
      guard FileStatus.kind(status) == S_IFDIR else { throw .exists(path: path) }
      return
    }
    let parent = PathName.parent(path)
    if parent != path { try makeFolder(parent) }
    guard PathBytes.withFileSystemRepresentation(path, { mkdir($0, 0o777) }) != 0 else { return }
    let failure = SystemError.current()
    guard failure.code == EEXIST else {
      throw .writing(failure, path: path, folder: parent, operation: .makeFolder)
    }
    // Made by another program since the look above, or a dangling link.
    guard let status = try? FileStatus.target(path), FileStatus.kind(status) == S_IFDIR else {
      throw .exists(path: path)
    }
  }
}
