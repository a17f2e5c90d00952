import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Making the folders the gallery keeps its files in (the state folder, the caches), and
/// reading a folder's names.
package enum Folders {
  /// The names in `folder` as the program's text (`PathBytes`), in the order the system
  /// gives them, `.` and `..` left out; none when it cannot be read. O(entries).
  package static func names(in folder: String) -> [String] {
    guard let directory = PathBytes.withFileSystemRepresentation(folder, { opendir($0) }) else {
      return []
    }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
          PathBytes.string(fileSystemCString: $0)
        }
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names
  }

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
