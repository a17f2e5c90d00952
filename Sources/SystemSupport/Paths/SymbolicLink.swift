import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Symbolic links read as they are written: the target a link names, whether or not it
/// exists.
package enum SymbolicLink {
  /// Where the symbolic link at `path` points (`readlink`, relative targets as written),
  /// or nil when `path` is no link.
  package static func target(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = PathBytes.withFileSystemRepresentation(path) {
      readlink($0, &buffer, buffer.count - 1)
    }
    guard count > 0 else { return nil }
    let bytes = buffer[..<count].map { UInt8(bitPattern: $0) }
    return PathBytes.string(fileSystemBytes: bytes)
  }
}
