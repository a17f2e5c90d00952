import FoundationEssentials
import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Pictures named one by one, on the command line (`gallery a.jpg b.heic`) or in a list
/// (`gallery -`, `--files-from`): one section, in the order given.
///
/// Every name is kept, whatever its file is: a picture is read as the scan reads one; a
/// missing, unreadable or non-picture file is listed too, and shows as broken with its
/// reason (the thumbnail pipeline finds it), so a typo is visible rather than fatal. A
/// name given twice shows once; a folder in a list is left out.
package enum NamedFiles {
  /// The section for `paths` (relative ones against `currentDirectory`), nil for none.
  package static func section(_ paths: [String], currentDirectory: String) -> LibrarySection? {
    var seen = Set<String>()
    var pictures: [Picture] = []
    for given in paths {
      let path = absolute(given, in: currentDirectory)
      guard seen.insert(path).inserted, !isFolder(path) else { continue }
      pictures.append(sniffPicture(at: path) ?? listed(path))
    }
    guard !pictures.isEmpty else { return nil }
    let parents = Set(pictures.map { PathName.parent($0.path) })
    // All in one folder: named after it, as the scan names a folder's own pictures.
    let folder = parents.count == 1 ? parents.first ?? "/" : "/"
    let name = parents.count == 1 ? PathName.lastComponent(folder) : "Files"
    return LibrarySection(
      name: name, folder: URL(fileURLWithPath: folder, isDirectory: true), pictures: pictures,
      id: LibrarySection.namedFilesID)
  }

  /// `path` made absolute and tidied (`.` and `..` resolved by name, links kept: the
  /// name a user gave is the name shown and the favourites' key).
  static func absolute(_ path: String, in currentDirectory: String) -> String {
    let joined = path.hasPrefix("/") ? path : PathName.join(currentDirectory, path)
    return PathName.standardized(joined)
  }

  /// Whether `path` is a folder: a list made by `find` without `-type f` names folders
  /// too, which are not pictures of their own.
  private static func isFolder(_ path: String) -> Bool { SystemPaths.isFolder(path) }

  /// A file that is not a readable picture, listed by its name; of no format (the
  /// decoding says what it is: missing, empty, not a picture).
  private static func listed(_ path: String) -> Picture {
    var status = stat()
    let exists = PathBytes.withFileSystemRepresentation(path) { stat($0, &status) } == 0
    return Picture(
      path: path, fileName: PathName.lastComponent(path),
      byteSize: exists ? Int64(status.st_size) : 0,
      modificationDate: exists ? modificationDate(status) : nil,
      format: nil)
  }
}

/// Reading the list of `gallery -` and `--files-from`.
package enum PathList {
  /// The paths in `bytes`: one a line (a trailing `\r` dropped), or separated by NUL
  /// bytes when `nulSeparated`; empty entries skipped. A name that is not UTF-8 keeps
  /// its bytes (`PathBytes`), so it opens as any other.
  package static func paths(in bytes: [UInt8], nulSeparated: Bool) -> [String] {
    let separator: UInt8 = nulSeparated ? 0 : 0x0A
    return bytes.split(separator: separator, omittingEmptySubsequences: true).compactMap {
      var entry = $0[...]
      if !nulSeparated, entry.last == 0x0D { entry = entry.dropLast() }
      return entry.isEmpty ? nil : PathBytes.string(fileSystemBytes: entry)
    }
  }

  /// Everything readable from `descriptor` until its end.
  ///
  /// - Throws: `LibraryError.unreadableList` when a read fails.
  package static func read(descriptor: Int32, name: String) throws(LibraryError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
      if count == 0 { return bytes }
      if count < 0 {
        if errno == EINTR { continue }
        throw .unreadableList(name: name, reason: SystemError.current().reason)
      }
      bytes += buffer[0..<count]
    }
  }

  /// The paths in the file at `path` (`-`: standard input).
  package static func paths(from path: String, nulSeparated: Bool) throws(LibraryError)
    -> [String]
  {
    if path == "-" {
      return paths(in: try read(descriptor: 0, name: "standard input"), nulSeparated: nulSeparated)
    }
    let descriptor = PathBytes.withFileSystemRepresentation(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else {
      throw .unreadableList(name: path, reason: SystemError.current().reason)
    }
    defer { close(descriptor) }
    return paths(in: try read(descriptor: descriptor, name: path), nulSeparated: nulSeparated)
  }
}
