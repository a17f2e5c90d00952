import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Moving and copying pictures without ever losing or replacing a file.
///
/// A move on one file system is one rename that fails on a taken name (`FreeName`). Across
/// file systems the picture is copied whole beside the destination, flushed, put in
/// place under a free name, and only then is the source removed: killed at any moment,
/// the picture is whole under its old name, its new one, or both, and the only other file
/// left is the gallery's own temporary copy, or the source set aside (`removeSource`). Folders are refused: the gallery moves
/// pictures. Symbolic links move as links, and a relative one moved to another folder
/// still leads to the same file.
package enum SafeMove {
  /// Moves the picture at `source` to the free name `destination`.
  ///
  /// - Throws: `.exists` when `destination` is taken (nothing done); `.notFound`,
  ///   `.notRegular` for a folder or device; `.diskFull`, `.readOnly`,
  ///   `.permissionDenied`, `.folderMissing` with the source untouched; `.sourceKept` when
  ///   the copy is whole at `destination` but the source could not be removed;
  ///   `.replacedSince` when `expected` is given and `source` is another file (undo).
  ///   Its messages end with what `operation` left undone ("not renamed"). `seam` is the
  ///   tests' (`MoveTestSeam`).
  package static func move(
    _ source: String, to destination: String, operation: FileOperation = .move,
    expected: FileVersion? = nil, seam: MoveTestSeam? = nil
  ) throws(FileActionError) {
    let status = try movableStatus(source)
    if let expected, FileVersion(status) != expected {
      throw .replacedSince(path: source, operation: operation)
    }
    try refuseTaken(destination)
    // A relative link renamed into another folder would lead elsewhere: it is made
    // again there, leading to the same file (`LinkTarget`), and the old one removed.
    if FileStatus.kind(status) == S_IFLNK, let target = SystemPaths.linkTarget(source),
      LinkTarget.forCopy(target, of: source, at: destination) != target
    {
      try moveAcross(
        source, status: status, to: destination, operation: operation, seam: seam)
      return
    }
    do {
      try FreeName.rename(source, to: destination, operation: operation)
    } catch {
      switch error {
      case .otherFileSystem:
        try moveAcross(
          source, status: status, to: destination, operation: operation, seam: seam)
      case .bothNames(let failure): throw .sourceKept(path: source, reason: failure.reason)
      case .refused(let refusal): throw refusal
      }
    }
  }

  /// Copies the picture at `source` to the free name `destination`, on any file system.
  package static func copy(_ source: String, to destination: String) throws(FileActionError) {
    let status = try movableStatus(source)
    try refuseTaken(destination)
    try FileCopy.copy(source, status: status, to: destination, operation: .copy)
  }

  /// Whether anything has the name `path`; a dangling link counts, as does a name whose
  /// folder may not be searched (it cannot be told free).
  package static func exists(_ path: String) -> Bool { FileStatus.isTaken(path) }

  /// The copy, then the source's removal, once the copy is on disk under its name.
  private static func moveAcross(
    _ source: String, status: stat, to destination: String, operation: FileOperation,
    seam: MoveTestSeam?
  ) throws(FileActionError) {
    // Found before copying: a source that cannot leave its folder would end in two copies.
    let folder = PathName.parent(source)
    if PathBytes.withFileSystemRepresentation(folder, { access($0, W_OK) }) != 0 {
      throw .writing(.current(), path: source, folder: folder, operation: operation)
    }
    let read = try FileCopy.copy(source, status: status, to: destination, operation: operation)
    seam?.atStep(.copied)
    try removeSource(source, copied: read, seam: seam)
  }

  /// Fails early on a name certainly taken; one that cannot be looked at is left to the
  /// step that takes it, which fails as safely and says why.
  private static func refuseTaken(_ destination: String) throws(FileActionError) {
    if (try? FileStatus.link(destination)) != nil { throw .exists(path: destination) }
  }

  /// The `lstat` of a source that can be moved: a regular file or a symbolic link.
  private static func movableStatus(_ source: String) throws(FileActionError) -> stat {
    let status: stat
    do {
      status = try FileStatus.link(source)
    } catch {
      if error.code == ENOENT || error.code == ENOTDIR { throw .notFound(path: source) }
      throw .unreadable(path: source, reason: error.reason)
    }
    let kind = FileStatus.kind(status)
    guard kind == S_IFREG || kind == S_IFLNK else { throw .notRegular(path: source) }
    return status
  }
}
