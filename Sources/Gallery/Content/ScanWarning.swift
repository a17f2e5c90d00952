/// A problem met during a scan that did not stop it; shown in the status line.
package enum ScanWarning: Sendable, Hashable, CustomStringConvertible {
  /// A folder could not be opened or read; its pictures are missing.
  case unreadableFolder(path: String, reason: String)
  /// A folder reached again through a symbolic link inside itself; not followed.
  case symlinkLoop(path: String)
  /// A folder already shown under another path (two links to it, or overlapping roots).
  case duplicateFolder(path: String, shownAs: String)
  /// A sub-folder the caller asked for by name does not exist or is not a folder.
  case missingFolder(path: String)
  /// A folder on one of the system's own file systems (`proc`, `sysfs`, …), reached by a
  /// link: it holds no pictures, and `/proc` leads over the whole disk again; not read.
  case systemFolder(path: String, fileSystem: String)

  package var description: String {
    switch self {
    case .unreadableFolder(let path, let reason): "cannot read folder \(path): \(reason)"
    case .symlinkLoop(let path): "symbolic link loop at \(path), not followed"
    case .duplicateFolder(let path, let shownAs):
      "folder \(path) is already shown as \(shownAs), skipped"
    case .missingFolder(let path): "folder \(path) not found"
    case .systemFolder(let path, let fileSystem):
      "folder \(path) is the system's (\(fileSystem)), not pictures: not read"
    }
  }
}
