import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Paths the system hands the program, read as the bytes they are and decoded as names
/// are (`PathBytes`), so that one that is not UTF-8 still names its file.
///
/// Foundation's equivalents decode them lossily (`CommandLine.arguments` and
/// `FileManager.currentDirectoryPath` put U+FFFD for a byte that is not UTF-8), and
/// the file they name is then out of reach.
package enum SystemPaths {
  /// The program's arguments, the program's name first: `gallery $'caf\xe9.jpg'` gives
  /// the name with its escape, which opens the file.
  package static func commandLineArguments() -> [String] {
    arguments(count: Int(CommandLine.argc), CommandLine.unsafeArgv)
  }

  /// The first `count` strings of a C argument vector, decoded as names.
  static func arguments(
    count: Int, _ vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>
  ) -> [String] {
    (0..<count).compactMap { index in
      vector[index].map { PathBytes.string(fileSystemCString: $0) }
    }
  }

  /// The current directory (`getcwd`); `/` when it cannot be read (it was removed), so
  /// that relative names still make an absolute path, as Foundation's empty answer did.
  package static func currentDirectory() -> String {
    guard let path = getcwd(nil, 0) else { return "/" }
    defer { free(path) }
    return PathBytes.string(fileSystemCString: path)
  }

  /// Where the symbolic link at `path` points (`readlink`), or nil when it is none.
  package static func linkTarget(_ path: String) -> String? {
    SymbolicLink.target(path)
  }

  /// Whether `path` is a folder (`stat`, links followed).
  package static func isFolder(_ path: String) -> Bool {
    var status = stat()
    let found = PathBytes.withFileSystemRepresentation(path) { stat($0, &status) }
    return found == 0 && status.st_mode & S_IFMT == S_IFDIR
  }

  /// Whether something is at `path` (`stat`, links followed).
  package static func exists(_ path: String) -> Bool {
    var status = stat()
    return PathBytes.withFileSystemRepresentation(path) { stat($0, &status) } == 0
  }
}
