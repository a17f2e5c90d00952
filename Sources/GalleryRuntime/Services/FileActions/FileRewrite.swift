import CFileCalls
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Rewriting a picture in place (turning it, or writing a culling decision into its own
/// XMP packet: `PictureXMPWriter`): the one action that replaces a file, and only with
/// the same file's new content.
///
/// The new bytes go to a temporary file beside it (`PartialFile`), with its mode and,
/// when permitted, its owner, flushed before it takes the name: killed at any moment, the
/// name holds the old picture or the new one, whole. The modification time is the
/// rewrite's, as the file did change (undo's gives back the old one).
///
/// The old bytes and the status every check compares against come from one descriptor
/// (`read(_:limit:seam:)`), which holds the file read open until the swap is checked:
/// another program that saves the file (a new file renamed over the name, as editors and
/// exiftool do, or a write in place) at any moment between the read and the swap is
/// found, and its version stays whole under the name. Held, the file read keeps its inode
/// number, so no save can show it, even with the same size and a kept modification time
/// (ext4 gives a freed number to the next new file at once).
enum FileRewrite {
  /// The modification time the new content gets.
  enum Modified {
    /// The rewrite's own, but at least the second after the old content's: the
    /// freedesktop thumbnails know a file's version by its time in whole seconds, and a
    /// second turn within the second of the last would find the last's. A third within
    /// that second, the old time then ahead of the clock, goes past it too: taking the
    /// clock's would give the first turn's second back, and its thumbnail.
    case rewritten
    /// Exactly this one: undo giving back the content the file had, with its time.
    case exactly(timespec)
    /// The old content's, one second on: a picture's metadata rewritten (its XMP), whose
    /// time may be the only date it has (a screenshot, a scan), keeps its place in the
    /// order by date, and a backup or a sync that compares times still sees the change.
    case secondAfterTheOld
  }

  /// Replaces the regular file at `path` with `bytes` in one step (for rotating a
  /// picture), if the name still holds the file `expected` was read from, unwritten: the
  /// file held by the descriptor the old bytes were read through (`read(_:limit:seam:)`),
  /// with that descriptor's status, never a status taken after them. Returns the version
  /// of the new file.
  ///
  /// - Throws: `.notFound`; `.diskFull`, `.readOnly`, `.permissionDenied` with the file
  ///   unchanged; `.changedMeanwhile` when another program wrote the file or gave its name
  ///   to another file since it was read, which is left as it is.
  ///
  /// `operation` names what the rewrite is for in a failure's sentence.
  @discardableResult
  static func replace(
    _ path: String, with bytes: [UInt8], expected: Content, modified: Modified = .rewritten,
    operation: FileOperation = .turn, seam: RewriteTestSeam? = nil
  ) throws(FileActionError) -> FileVersion {
    let folder = PathName.parent(path)
    let (temporary, written) = try write(
      bytes, beside: path, like: expected.status, modified: modified, operation: operation)
    // Locked until it has the name (or is removed), as a tidier elsewhere may look.
    defer { temporary.release() }
    seam?.atStep(.written)
    try swap(
      temporary.path, into: path, expected: expected.file, operation: operation, seam: seam)
    FolderFlush.flush(folder)
    return written
  }

  /// The new content, whole and flushed, in a temporary file beside `path`, with the
  /// old file's owner and mode and the time `modified` says: the file, its descriptor
  /// closed and its lock held, and its version.
  private static func write(
    _ bytes: [UInt8], beside path: String, like status: stat, modified: Modified,
    operation: FileOperation
  ) throws(FileActionError) -> (file: PartialFile.Writing, version: FileVersion) {
    let folder = PathName.parent(path)
    let output: PartialFile.Writing
    do {
      output = try PartialFile.create(beside: path, for: .rewrite)
    } catch {
      throw .writing(error, path: path, folder: folder, operation: operation)
    }
    let version: FileVersion
    do throws(SystemError) {
      try DescriptorIO.writeAll(bytes, to: output.descriptor)
      // The owner before the mode: changing it clears set-id bits. Only root may give a
      // file away; anyone else's rewrite is theirs.
      _ = fchown(output.descriptor, status.st_uid, status.st_gid)
      guard FileStatus.kept(fchmod(output.descriptor, status.st_mode & 0o7777)) else {
        throw .current()
      }
      try setTime(of: output.descriptor, modified, old: status)
      guard fsync(output.descriptor) == 0 else { throw .current() }
      version = FileVersion(try FileStatus.open(output.descriptor))
    } catch {
      close(output.descriptor)
      output.remove()
      throw .writing(error, path: path, folder: folder, operation: operation)
    }
    guard close(output.descriptor) == 0 else {
      let failure = SystemError.current()
      output.remove()
      throw .writing(failure, path: path, folder: folder, operation: operation)
    }
    return (output, version)
  }

  /// Gives the new file its modification time; the access time stays its own.
  private static func setTime(of descriptor: Int32, _ modified: Modified, old: stat)
    throws(SystemError)
  {
    let time: timespec
    switch modified {
    case .exactly(let exact): time = exact
    case .rewritten:
      let now = try FileStatus.open(descriptor)
      guard now.st_mtim.tv_sec <= old.st_mtim.tv_sec else { return }
      time = timespec(tv_sec: old.st_mtim.tv_sec + 1, tv_nsec: 0)
    case .secondAfterTheOld:
      time = timespec(tv_sec: old.st_mtim.tv_sec + 1, tv_nsec: old.st_mtim.tv_nsec)
    }
    // UTIME_OMIT (a macro Swift does not see): the access time stays.
    var times = [timespec(tv_sec: 0, tv_nsec: (1 << 30) - 2), time]
    guard FileStatus.kept(futimens(descriptor, &times)) else { throw .current() }
  }

  /// Gives `temporary` the name `path`, which must still be the file `expected` holds,
  /// unwritten.
  ///
  /// A last look at the name comes first. An exchange of the two names, where the file
  /// system has one, then makes the check exact: the file swapped out is looked at
  /// afterwards, and swapped back when it is another than the one read, which is held, so
  /// none other can show its device and inode. Elsewhere the last look precedes a plain
  /// rename, and a file saved over the name between the two is replaced: the one window
  /// left where the file system gives no better.
  ///
  /// Between the exchange and the check, the temporary name holds the file swapped out,
  /// which may be another program's save: killed there (or when the swap back fails),
  /// the gallery leaves it, and the next scan puts it in the Trash (`PartialFile`).
  private static func swap(
    _ temporary: String, into path: String, expected: HeldFile, operation: FileOperation,
    seam: RewriteTestSeam?
  ) throws(FileActionError) {
    let folder = PathName.parent(path)
    guard let now = try? FileStatus.link(path), FileStatus.isUntouched(now, since: expected.status)
    else {
      PartialFile.remove(temporary)
      if !FileStatus.isTaken(path) { throw .notFound(path: path) }
      throw .changedMeanwhile(path: path, operation: operation)
    }
    seam?.atStep(.swapping)
    if seam?.withoutExchange != true {
      if rename(temporary, path, flags: GALLERY_RENAME_EXCHANGE) == 0 {
        seam?.atStep(.exchanged)
        // The exchange moved the status time: this look compares what a rename keeps.
        if let old = try? FileStatus.link(temporary), expected.isUnwritten(old) {
          PartialFile.remove(temporary)
          return
        }
        guard rename(temporary, path, flags: GALLERY_RENAME_EXCHANGE) == 0 else {
          // Unreachable in practice (the same swap just worked); the other file keeps the
          // temporary name rather than being lost.
          throw .failed(path: path, operation: operation, reason: SystemError.current().reason)
        }
        PartialFile.remove(temporary)
        throw .changedMeanwhile(path: path, operation: operation)
      }
      let failure = SystemError.current()
      guard failure.code == EINVAL || failure.code == ENOSYS else {
        PartialFile.remove(temporary)
        if failure.code == ENOENT { throw .notFound(path: path) }
        throw .writing(failure, path: path, folder: folder, operation: operation)
      }
    }
    guard rename(temporary, path, flags: 0) == 0 else {
      let failure = SystemError.current()
      PartialFile.remove(temporary)
      throw .writing(failure, path: path, folder: folder, operation: operation)
    }
  }

  private static func rename(_ from: String, _ to: String, flags: UInt32) -> Int32 {
    PathBytes.withFileSystemRepresentation(from) { source in
      PathBytes.withFileSystemRepresentation(to) { gallery_rename(source, $0, flags) }
    }
  }
}
