import CFileCalls
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Rewriting a picture in place (turning it): the one action that replaces a file, and
/// only with the same file's new content.
///
/// The new bytes go to a temporary file beside it (`PartialFile`), with its mode and,
/// when permitted, its owner, flushed before it takes the name: killed at any moment, the
/// name holds the old picture or the new one, whole. The modification time is the
/// rewrite's, as the file did change.
enum FileRewrite {
  /// Replaces the regular file at `path` with `bytes` in one step (for rotating a picture).
  ///
  /// - Throws: `.symbolicLink` (the link's target is not rewritten through it),
  ///   `.notRegular`, `.notFound`; `.diskFull`, `.readOnly`, `.permissionDenied` with the
  ///   file unchanged; `.changedMeanwhile` when another file took its name meanwhile,
  ///   which is left as it is.
  static func replace(_ path: String, with bytes: [UInt8]) throws(FileActionError) {
    let status: stat
    do {
      status = try FileStatus.link(path)
    } catch {
      if error.code == ENOENT || error.code == ENOTDIR { throw .notFound(path: path) }
      throw .unreadable(path: path, reason: error.reason)
    }
    switch FileStatus.kind(status) {
    case S_IFREG: break
    case S_IFLNK: throw .symbolicLink(path: path)
    default: throw .notRegular(path: path)
    }
    let folder = PathName.parent(path)
    let temporary = try write(bytes, beside: path, like: status)
    try swap(temporary, into: path, expected: status)
    FolderFlush.flush(folder)
  }

  /// The new content, whole and flushed, in a temporary file beside `path`; its path.
  private static func write(_ bytes: [UInt8], beside path: String, like status: stat)
    throws(FileActionError) -> String
  {
    let folder = PathName.parent(path)
    let output: (path: String, descriptor: Int32)
    do {
      output = try PartialFile.create(beside: path)
    } catch {
      throw .writing(error, path: path, folder: folder, operation: .turn)
    }
    do throws(SystemError) {
      try DescriptorIO.writeAll(bytes, to: output.descriptor)
      // The owner before the mode: changing it clears set-id bits. Only root may give a
      // file away; anyone else's rewrite is theirs.
      _ = fchown(output.descriptor, status.st_uid, status.st_gid)
      guard FileStatus.kept(fchmod(output.descriptor, status.st_mode & 0o7777)),
        fsync(output.descriptor) == 0
      else { throw .current() }
    } catch {
      close(output.descriptor)
      PartialFile.remove(output.path)
      throw .writing(error, path: path, folder: folder, operation: .turn)
    }
    guard close(output.descriptor) == 0 else {
      let failure = SystemError.current()
      PartialFile.remove(output.path)
      throw .writing(failure, path: path, folder: folder, operation: .turn)
    }
    return output.path
  }

  /// Gives `temporary` the name `path`, which must still be the file `expected` is of.
  ///
  /// An exchange of the two names, where the file system has one, makes the check exact:
  /// the file swapped out is looked at afterwards, and swapped back when it is another
  /// than the one read. Elsewhere a last look precedes a plain rename.
  private static func swap(_ temporary: String, into path: String, expected: stat)
    throws(FileActionError)
  {
    if rename(temporary, path, flags: GALLERY_RENAME_EXCHANGE) == 0 {
      if let old = try? FileStatus.link(temporary), FileStatus.isUnchanged(old, since: expected) {
        PartialFile.remove(temporary)
        return
      }
      guard rename(temporary, path, flags: GALLERY_RENAME_EXCHANGE) == 0 else {
        // Unreachable in practice (the same swap just worked); the other file keeps the
        // temporary name rather than being lost.
        throw .failed(path: path, operation: .turn, reason: SystemError.current().reason)
      }
      PartialFile.remove(temporary)
      throw .changedMeanwhile(path: path, operation: .turn)
    }
    let failure = SystemError.current()
    guard failure.code == EINVAL || failure.code == ENOSYS else {
      PartialFile.remove(temporary)
      if failure.code == ENOENT { throw .notFound(path: path) }
      throw .writing(failure, path: path, folder: PathName.parent(path), operation: .turn)
    }
    guard let now = try? FileStatus.link(path), FileStatus.isUnchanged(now, since: expected) else {
      PartialFile.remove(temporary)
      throw .changedMeanwhile(path: path, operation: .turn)
    }
    guard rename(temporary, path, flags: 0) == 0 else {
      let failure = SystemError.current()
      PartialFile.remove(temporary)
      throw .writing(failure, path: path, folder: PathName.parent(path), operation: .turn)
    }
  }

  private static func rename(_ from: String, _ to: String, flags: UInt32) -> Int32 {
    PathBytes.withFileSystemRepresentation(from) { source in
      PathBytes.withFileSystemRepresentation(to) { gallery_rename(source, $0, flags) }
    }
  }
}
