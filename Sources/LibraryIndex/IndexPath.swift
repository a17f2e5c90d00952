import TerminalKit

/// A path's text and the bytes the index keys it by (`PathBytes`' mapping), fast for the
/// common case: a path that is UTF-8 with no escape (no byte 0xF4, which every escape's
/// UTF-8 starts with) is its own bytes. A lookup of 100,000 files converts every path
/// once each way, so the common case is done here on concrete buffers rather than
/// through `PathBytes`' generic functions.
enum IndexPath {
  /// The bytes `path` stands for.
  static func bytes(_ path: String) -> [UInt8] {
    var path = path
    let plain = path.withUTF8 { utf8 in utf8.contains(0xF4) ? nil : Array(utf8) }
    return plain ?? PathBytes.fileSystemBytes(path)
  }

  /// The text for the bytes of a row's key.
  static func string(_ bytes: UnsafeRawBufferPointer) -> String {
    let utf8 = bytes.assumingMemoryBound(to: UInt8.self)
    if !utf8.contains(0xF4), let text = String(validating: utf8, as: UTF8.self) { return text }
    return PathBytes.string(fileSystemBytes: Array(utf8))
  }
}
