import TerminalKit

/// The system's side of `PathBytes`: a path handed to a system call, and a name taken
/// from one, as C strings. The mapping itself is TerminalKit's (pure, and the sanitiser
/// needs it); these live here, beside the calls they serve.
extension PathBytes {
  /// Calls `body` with `path` as the NUL-terminated bytes the system takes, for the one
  /// call it makes (`open`, `stat`, `rename`…); the pointer lives for the call only.
  ///
  /// Every path handed to the system goes through here: Swift's own conversion of a
  /// `String` argument writes an escape as the four bytes of its UTF-8, which names
  /// another file. A path with no escape costs what that conversion costs.
  package static func withFileSystemRepresentation<Result>(
    _ path: String, _ body: (UnsafePointer<CChar>) -> Result
  ) -> Result {
    guard path.utf8.contains(0xF4) else { return path.withCString(body) }
    let bytes = fileSystemBytes(path).map { CChar(bitPattern: $0) } + [0]
    return bytes.withUnsafeBufferPointer { buffer in
      // A non-empty array always has a base address; the fallback is never taken.
      guard let base = buffer.baseAddress else { return "".withCString(body) }
      return body(base)
    }
  }

  /// The text for the NUL-terminated bytes at `cString` (a name from `readdir`, a path
  /// from `realpath`).
  package static func string(fileSystemCString cString: UnsafePointer<CChar>) -> String {
    var length = 0
    while cString[length] != 0 { length += 1 }
    return cString.withMemoryRebound(to: UInt8.self, capacity: length) {
      string(fileSystemBytes: UnsafeBufferPointer(start: $0, count: length))
    }
  }
}
