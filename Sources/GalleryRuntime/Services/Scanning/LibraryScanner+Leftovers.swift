import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The temporary files of killed galleries in the folders a scan would read, as
/// `--diagnose` tells them.
package struct FolderLeftovers: Sendable, Equatable {
  /// Those of galleries no longer running.
  package var found = 0
  /// How many of them were removed: copies cut short, and notes of sidecars to move once
  /// they are moved (`SidecarNote`).
  package var removed = 0
  /// How many were put in the Trash: a turn's or a move's, which may hold another
  /// program's save of the picture. The rest are another user's, or could not be moved.
  package var trashed = 0
  /// The folders that could not be read, each `PATH: reason`.
  package var unreadable: [String] = []

  package init(found: Int = 0, removed: Int = 0, trashed: Int = 0, unreadable: [String] = []) {
    self.found = found
    self.removed = removed
    self.trashed = trashed
    self.unreadable = unreadable
  }
}

extension LibraryScanner {
  /// Removes the temporary files galleries no longer running left in the folders the
  /// scan would read, and counts them, by the folders' names only: `readdir`'s `d_type`,
  /// a `stat` for a link or an unknown type, no file opened or read, so a library of
  /// 100,000 pictures, or one over NFS, costs its folders alone. Links to folders are
  /// followed as the scan follows them, a folder reached twice (a loop, two links) is
  /// read once (by device and inode), and the system's own file systems are never
  /// entered; on a network's file system nothing is removed (its process ids may be
  /// another machine's).
  package func removeLeftovers() -> FolderLeftovers {
    var walk = LeftoverWalk(
      includeHidden: includeHidden, followsLinks: followsLinks, trash: leftoverTrash)
    for root in roots {
      guard let only = root.subfolders else {
        walk.folder(root.path)
        continue
      }
      for name in only { walk.folder(PathName.join(root.path, name)) }
    }
    return walk.leftovers
  }
}

/// One walk of `removeLeftovers`: the folders read, and what was found.
private struct LeftoverWalk {
  let includeHidden: Bool
  let followsLinks: Bool
  /// Where a dead gallery's rewrite leftover goes (it may hold another program's save).
  let trash: Trash?
  var seen: Set<FileIdentity> = []
  var leftovers = FolderLeftovers()

  /// Tidies the folder at `path`, then the folders inside it, depth first.
  mutating func folder(_ path: String) {
    for name in read(path) { folder(PathName.join(path, name)) }
  }

  /// Tidies the folder at `path`; the names of its sub-folders, none when it was read
  /// already, cannot be read, or is on a system file system.
  private mutating func read(_ path: String) -> [String] {
    guard let directory = PathBytes.withFileSystemRepresentation(path, { opendir($0) }) else {
      leftovers.unreadable.append("\(path): \(SystemError.current().reason)")
      return []
    }
    defer { closedir(directory) }
    let descriptor = dirfd(directory)
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      leftovers.unreadable.append("\(path): \(SystemError.current().reason)")
      return []
    }
    guard seen.insert(FileIdentity(status)).inserted else { return [] }
    let fileSystem = FileSystemKind.of(folder: descriptor, device: status.st_dev)
    if case .system = fileSystem { return [] }
    var subfolders: [String] = []
    while let entry = readdir(directory) {
      let type = entry.pointee.d_type
      let name = withUnsafePointer(to: entry.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
          PathBytes.string(fileSystemCString: $0)
        }
      }
      if name == "." || name == ".." { continue }
      if name.hasPrefix(".") {
        if type != UInt8(DT_DIR), fileSystem != .network { tidy(name, in: descriptor, at: path) }
        if !includeHidden { continue }
      }
      if isFolder(name, type: type, in: descriptor) { subfolders.append(name) }
    }
    return subfolders
  }

  /// Removes `name` when it is a dead gallery's temporary file, and counts it.
  private mutating func tidy(_ name: String, in folder: Int32, at path: String) {
    let leftover = PartialFile.removeIfLeftover(named: name, in: folder, at: path, trash: trash)
    guard leftover != .none else { return }
    leftovers.found += 1
    switch leftover {
    case .removed: leftovers.removed += 1
    case .trashed: leftovers.trashed += 1
    case .none, .kept: break
    }
  }

  /// Whether the entry `name` of type `type` is a folder the scan would enter: a link to
  /// one only when links are followed; a `stat` only for a link or an unknown type.
  private func isFolder(_ name: String, type: UInt8, in folder: Int32) -> Bool {
    if type == UInt8(DT_DIR) { return true }
    guard type == UInt8(DT_UNKNOWN) || (type == UInt8(DT_LNK) && followsLinks) else {
      return false
    }
    var status = stat()
    let found = PathBytes.withFileSystemRepresentation(name) {
      fstatat(folder, $0, &status, followsLinks ? 0 : AT_SYMLINK_NOFOLLOW)
    }
    return found == 0 && status.st_mode & S_IFMT == S_IFDIR
  }
}
