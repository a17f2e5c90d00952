import CFileCalls
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Gives a file a new name only while that name is free: the one way every action puts a
/// file in its place, so no action ever replaces another file.
///
/// `renameat2` with `RENAME_NOREPLACE` checks and renames in one step. A file system
/// without that flag (`EINVAL`: NFS, some FUSE ones) gets a hard link instead, which fails
/// as well on a taken name, and then loses the old name; for a symbolic link the link
/// itself, never its target (Linux's `linkat` without `AT_SYMLINK_FOLLOW`). One that can
/// do neither is refused: a check followed by a plain `rename` could replace a file made
/// between the two.
enum FreeName {
  /// Why the name was not taken.
  enum Failure: Error {
    /// The two names are on different file systems (`EXDEV`): only a copy can move it.
    case otherFileSystem
    /// The link fallback made the new name but could not remove the old one: both names
    /// now hold the same file.
    case bothNames(SystemError)
    /// Nothing done.
    case refused(FileActionError)
  }

  /// Renames `source` to `destination` when no file has that name, then flushes the
  /// folders so the change is on disk; without `flushing`, the caller flushes them (an
  /// import, once for many names).
  static func rename(
    _ source: String, to destination: String, operation: FileOperation, flushing: Bool = true
  ) throws(Failure) {
    let renamed = PathBytes.withFileSystemRepresentation(source) { from in
      PathBytes.withFileSystemRepresentation(destination) {
        gallery_rename(from, $0, GALLERY_RENAME_NOREPLACE)
      }
    }
    if renamed == 0 {
      if flushing { flushFolders(source, destination) }
      return
    }
    let failure = SystemError.current()
    guard failure.code == EINVAL || failure.code == ENOSYS else {
      throw refusal(failure, source: source, destination: destination, operation: operation)
    }
    try link(source, to: destination, operation: operation)
  }

  /// The fallback: a hard link at `destination`, then `source` unlinked. Not private:
  /// the tests run it on file systems that never need it.
  static func link(_ source: String, to destination: String, operation: FileOperation)
    throws(Failure)
  {
    let linked = PathBytes.withFileSystemRepresentation(source) { from in
      PathBytes.withFileSystemRepresentation(destination) {
        linkat(AT_FDCWD, from, AT_FDCWD, $0, 0)
      }
    }
    guard linked == 0 else {
      let failure = SystemError.current()
      // EPERM here is a file system without hard links (or the kernel's protected links);
      // either way no name can be taken without a window for replacing one.
      if [EPERM, EOPNOTSUPP, ENOTSUP, EMLINK].contains(failure.code) {
        throw .refused(.cannotTakeNameSafely(path: destination, operation: operation))
      }
      throw refusal(failure, source: source, destination: destination, operation: operation)
    }
    // The new name must be on disk before the old one goes: a crash in between leaves two
    // names, never none.
    FolderFlush.flush(PathName.parent(destination))
    guard PathBytes.withFileSystemRepresentation(source, { unlink($0) }) == 0 else {
      throw .bothNames(.current())
    }
    FolderFlush.flush(PathName.parent(source))
  }

  private static func flushFolders(_ source: String, _ destination: String) {
    let from = PathName.parent(source)
    let to = PathName.parent(destination)
    FolderFlush.flush(to)
    if from != to { FolderFlush.flush(from) }
  }

  private static func refusal(
    _ failure: SystemError, source: String, destination: String, operation: FileOperation
  ) -> Failure {
    switch failure.code {
    case EEXIST, ENOTEMPTY: return .refused(.exists(path: destination))
    case EXDEV: return .otherFileSystem
    case ENOENT, ENOTDIR:
      guard FileStatus.isTaken(source) else { return .refused(.notFound(path: source)) }
      return .refused(.folderMissing(folder: PathName.parent(destination), operation: operation))
    default:
      let folder = blamedFolder(source: source, destination: destination)
      return .refused(
        .writing(failure, path: source, folder: folder, operation: operation))
    }
  }

  /// The folder a refused rename is blamed on: the source's when it may not be written
  /// (the file cannot leave it), else the destination's.
  private static func blamedFolder(source: String, destination: String) -> String {
    let from = PathName.parent(source)
    let writable = PathBytes.withFileSystemRepresentation(from) { access($0, W_OK) } == 0
    return writable ? PathName.parent(destination) : from
  }
}
