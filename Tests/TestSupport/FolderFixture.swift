import Foundation
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A temporary folder tree for tests, removed when the fixture goes away.
///
/// Relative paths are the text the program carries (`PathBytes`): a name holding escapes
/// is created with its real bytes, so `path(...)` of it is what the scan finds.
package final class FolderFixture {
  /// The fixture's root, an absolute path with symbolic links resolved.
  package let root: String

  /// The first bytes of a JPEG file followed by padding; enough for sniffing.
  package static let jpegBytes: [UInt8] = [
    0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46,
  ]
  /// The PNG signature followed by padding.
  package static let pngBytes: [UInt8] = [
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13,
  ]

  /// A new tree in `parent`: the temporary folder unless another file system is wanted
  /// (`/dev/shm`, a tmpfs, for moves across file systems).
  package init(in parent: String = NSTemporaryDirectory()) {
    let template = (parent.hasSuffix("/") ? parent : parent + "/") + "gallery-tests.XXXXXX"
    var buffer = Array(template.utf8CString)
    let made = buffer.withUnsafeMutableBufferPointer { pointer in
      pointer.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
    }
    let path = made ?? template
    root = (path as NSString).resolvingSymlinksInPath
  }

  private var restricted: [String] = []

  deinit {
    // Give back any permission a test took away, so the tree can be removed.
    for path in restricted { chmod(path, 0o755) }
    try? FileManager.default.removeItem(atPath: root)
  }

  /// The absolute path of `relative` inside the fixture.
  package func path(_ relative: String) -> String {
    relative.isEmpty ? root : root + "/" + relative
  }

  /// Creates a folder (and its parents).
  @discardableResult
  package func folder(_ relative: String) -> String {
    let full = path(relative)
    var made = ""
    for component in full.unicodeScalars.split(separator: "/") {
      made += "/" + String(component)
      _ = PathBytes.withFileSystemRepresentation(made) { mkdir($0, 0o755) }
    }
    return full
  }

  /// Writes `bytes` to a file, creating its folder.
  @discardableResult
  package func file(_ relative: String, _ bytes: [UInt8]) -> String {
    let full = path(relative)
    folder((relative as NSString).deletingLastPathComponent)
    let file = PathBytes.withFileSystemRepresentation(full) {
      open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    }
    guard file >= 0 else { return full }
    defer { close(file) }
    var offset = 0
    while offset < bytes.count {
      let written = bytes[offset...].withUnsafeBytes { write(file, $0.baseAddress, $0.count) }
      guard written > 0 else { break }
      offset += written
    }
    return full
  }

  /// `name` of `bytes`, which need not be UTF-8, as a relative path's last name.
  package static func name(_ bytes: [UInt8]) -> String { PathBytes.string(fileSystemBytes: bytes) }

  /// Writes a JPEG stub.
  @discardableResult
  package func jpeg(_ relative: String) -> String { file(relative, Self.jpegBytes) }

  /// Writes a PNG stub.
  @discardableResult
  package func png(_ relative: String) -> String { file(relative, Self.pngBytes) }

  /// Writes a text file (not a picture, whatever its name says).
  @discardableResult
  package func text(_ relative: String, _ content: String = "not a picture\n") -> String {
    file(relative, Array(content.utf8))
  }

  /// Makes a symbolic link at `relative` pointing to `destination` (as written).
  package func link(_ relative: String, to destination: String) {
    try? FileManager.default.createSymbolicLink(
      atPath: path(relative), withDestinationPath: destination)
  }

  /// Sets the mode of `relative`; the fixture restores 0755 before removing the tree.
  package func setMode(_ relative: String, _ mode: mode_t) {
    restricted.append(path(relative))
    chmod(path(relative), mode)
  }
}
