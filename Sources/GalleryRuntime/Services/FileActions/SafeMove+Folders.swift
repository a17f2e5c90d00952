import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension SafeMove {
  /// Creates the folder `path` and any missing parents (`mkdir -p`), mode 0777 less the
  /// umask; nothing when it is a folder already, or a link to one. Returns the folders it
  /// made, outermost first, for `removeMadeFolders` when the action then does nothing.
  ///
  /// - Throws: `.exists` when the name (or a parent's) is taken by something else, else
  ///   why `mkdir` failed, naming the folder it was made in. Parents made before the
  ///   failure are removed again.
  @discardableResult
  package static func makeFolder(_ path: String) throws(FileActionError) -> [String] {
    if let status = try? FileStatus.target(path) {
      guard FileStatus.kind(status) == S_IFDIR else { throw .exists(path: path) }
      return []
    }
    let parent = PathName.parent(path)
    let made = parent != path ? try makeFolder(parent) : []
    guard PathBytes.withFileSystemRepresentation(path, { mkdir($0, 0o777) }) != 0 else {
      return made + [path]
    }
    let failure = SystemError.current()
    guard failure.code == EEXIST else {
      removeMadeFolders(made)
      throw .writing(failure, path: path, folder: parent, operation: .makeFolder)
    }
    // Made by another program since the look above, or a dangling link.
    guard let status = try? FileStatus.target(path), FileStatus.kind(status) == S_IFDIR else {
      removeMadeFolders(made)
      throw .exists(path: path)
    }
    return made
  }

  /// Removes the folders `makeFolder` made (`made`, outermost first), innermost first,
  /// each only while it is empty (`rmdir`, which never removes a file): an action that
  /// moved nothing leaves nothing behind. Stops at the first that holds something.
  package static func removeMadeFolders(_ made: [String]) {
    for folder in made.reversed() {
      guard PathBytes.withFileSystemRepresentation(folder, { rmdir($0) }) == 0 else { return }
    }
  }
}
