import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension ScanRoot {
  /// Checks that `path` (relative to `currentDirectory`) is an existing folder and
  /// resolves its symbolic links; the root is titled by the path as given (`.` and `..`
  /// taken by name), so `~/Photos`, a link to `/mnt/disk/pics`, is titled `Photos`.
  ///
  /// - Throws: `LibraryError.folderNotFound`, `.notAFolder` or `.unreadableFolder`,
  ///   naming the path as given; `.systemFolder` for a folder of the system's own file
  ///   systems (`/proc`, `/sys`, …).
  package init(
    resolving path: String, subfolders: [String]? = nil,
    currentDirectory: String = SystemPaths.currentDirectory()
  ) throws(LibraryError) {
    let absolute = path.hasPrefix("/") ? path : PathName.join(currentDirectory, path)
    guard let resolved = PathBytes.withFileSystemRepresentation(absolute, { realpath($0, nil) })
    else {
      let error = SystemError.current()
      switch error.code {
      case ENOTDIR: throw .notAFolder(path: path)
      case ENOENT: throw .folderNotFound(path: path)
      default: throw .unreadableFolder(path: path, reason: error.reason)
      }
    }
    defer { free(resolved) }
    var status = stat()
    guard stat(resolved, &status) == 0 else { throw .folderNotFound(path: path) }
    guard status.st_mode & S_IFMT == S_IFDIR else { throw .notAFolder(path: path) }
    let resolvedPath = PathBytes.string(fileSystemCString: resolved)
    if case .system(let fileSystem) = FileSystemKind.of(path: resolvedPath, device: status.st_dev) {
      throw .systemFolder(path: path, fileSystem: fileSystem)
    }
    let given = PathName.standardized(absolute)
    self.init(
      path: resolvedPath, subfolders: subfolders,
      name: given == "/" ? nil : PathName.lastComponent(given))
  }
}
