import Gallery

/// Why a library cannot be scanned at all.
package enum LibraryError: Error, Sendable, Hashable, CustomStringConvertible {
  /// A folder named on the command line does not exist.
  case folderNotFound(path: String)
  /// A path named on the command line is not a folder.
  case notAFolder(path: String)
  /// A folder named on the command line cannot be opened.
  case unreadableFolder(path: String, reason: String)
  /// A folder named on the command line is on one of the system's own file systems
  /// (`proc`, `sysfs`, …), which hold no pictures.
  case systemFolder(path: String, fileSystem: String)
  /// The built-in pictures were not found in any of the places searched.
  case assetsNotFound(searched: [String])
  /// The list of pictures (`-`, `--files-from`) could not be read.
  case unreadableList(name: String, reason: String)

  package var description: String {
    switch self {
    case .folderNotFound(let path): "\(path): no such folder"
    case .notAFolder(let path): "\(path): not a folder (give a folder of pictures)"
    case .unreadableFolder(let path, let reason): "\(path): cannot read folder: \(reason)"
    case .systemFolder(let path, let fileSystem):
      "\(path): the system's own \(fileSystem) file system, not pictures (not shown)"
    case .assetsNotFound(let searched):
      "built-in pictures not found (looked in \(searched.joined(separator: ", "))); "
        + "name a folder of pictures, or run `make assets`"
    case .unreadableList(let name, let reason):
      "cannot read the list of pictures from \(name): \(reason)"
    }
  }
}
