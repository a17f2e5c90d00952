import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Copies a picture to a new name, whole or not at all: the bytes go to a temporary file
/// beside the destination (`PartialFile`), which is flushed, checked against the
/// source's size and given its mode, owner (when permitted) and times before it takes
/// the free name in one step (`FreeName`). A killed copy leaves only its temporary file;
/// the destination name never holds part of a file.
///
/// A symbolic link is copied as a link to the same file, never as its target's bytes.
enum FileCopy {
  /// The bytes read and written at a time.
  private static let chunk = 1 << 20

  /// Copies `source` (a regular file or a symbolic link, as `status` describes it: its
  /// `lstat`) to the free name `destination`, and flushes the destination's folder. Returns
  /// the status of the file copied, as the copy read it.
  @discardableResult
  static func copy(
    _ source: String, status: stat, to destination: String, operation: FileOperation
  ) throws(FileActionError) -> stat {
    let temporary: String
    var read = status
    // A file's copy stays locked until it has its name; a link cannot be locked.
    var written: PartialFile.Writing?
    defer { written?.release() }
    switch FileStatus.kind(status) {
    case S_IFREG:
      let file = try copyBytes(source, seen: status, to: destination, operation: operation)
      written = file.file
      temporary = file.file.path
      read = file.read
    case S_IFLNK:
      temporary = try copyLink(source, status: status, beside: destination, operation: operation)
    default: throw .notRegular(path: source)
    }
    do {
      try FreeName.rename(temporary, to: destination, operation: operation)
    } catch {
      // The copy is in place when both names hold it; the second is the gallery's own.
      PartialFile.remove(temporary)
      switch error {
      case .bothNames: return read
      case .otherFileSystem:
        throw .failed(path: source, operation: operation, reason: "the folder changed disks")
      case .refused(let refusal): throw refusal
      }
    }
    return read
  }

  /// Writes `source`'s bytes to a new temporary file beside `destination`: the file, its
  /// descriptor closed and its lock held, and the source's status as it was read.
  private static func copyBytes(
    _ source: String, seen: stat, to destination: String, operation: FileOperation
  ) throws(FileActionError) -> (file: PartialFile.Writing, read: stat) {
    let input: Int32
    let status: stat
    do {
      (input, status) = try FileStatus.openRegular(source)
    } catch {
      // The name held a regular file when it was looked at: a link there now was put
      // there since.
      if case .symbolicLink = error { throw .changedMeanwhile(path: source, operation: operation) }
      throw error
    }
    defer { close(input) }
    // Another file given the name since it was looked at is not the one asked for.
    guard FileStatus.isSameFile(status, seen) else {
      throw .changedMeanwhile(path: source, operation: operation)
    }

    let folder = PathName.parent(destination)
    let output: PartialFile.Writing
    do {
      output = try PartialFile.create(beside: destination, for: .copy)
    } catch {
      throw .writing(error, path: source, folder: folder, operation: operation)
    }
    do throws(FileActionError) {
      let step = Step(source: source, folder: folder, operation: operation, status: status)
      try fill(output.descriptor, from: input, step)
      try finish(output.descriptor, step)
    } catch {
      close(output.descriptor)
      output.remove()
      throw error
    }
    // Some file systems (NFS) report a failed write only when the file is closed.
    guard close(output.descriptor) == 0 else {
      let failure = SystemError.current()
      output.remove()
      throw .writing(failure, path: source, folder: folder, operation: operation)
    }
    return (output, status)
  }

  /// What a copy's steps name in their errors, and the source's status when it was
  /// opened.
  private struct Step {
    let source: String
    /// The destination's folder, which the copy is written into.
    let folder: String
    let operation: FileOperation
    let status: stat

    func writing(_ error: SystemError) -> FileActionError {
      .writing(error, path: source, folder: folder, operation: operation)
    }
  }

  /// Copies every byte of `input` to `output`; fails when the count differs from the
  /// size the source had when it was opened.
  private static func fill(_ output: Int32, from input: Int32, _ step: Step)
    throws(FileActionError)
  {
    let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: chunk, alignment: 16)
    defer { buffer.deallocate() }
    var total: Int64 = 0
    while true {
      let count: Int
      do {
        count = try DescriptorIO.read(input, into: buffer)
      } catch {
        throw .unreadable(path: step.source, reason: error.reason)
      }
      if count == 0 { break }
      do {
        try DescriptorIO.writeAll(UnsafeRawBufferPointer(rebasing: buffer[..<count]), to: output)
      } catch {
        throw step.writing(error)
      }
      total += Int64(count)
    }
    // A file written during the copy would leave a mix of old and new bytes.
    let after = try? FileStatus.open(input)
    guard total == Int64(step.status.st_size), let after,
      FileStatus.isUntouched(after, since: step.status)
    else {
      throw .changedMeanwhile(path: step.source, operation: step.operation)
    }
  }

  /// Gives the copy the source's owner (when permitted), mode and times, flushes it, and
  /// checks its size on disk.
  private static func finish(_ output: Int32, _ step: Step) throws(FileActionError) {
    let status = step.status
    // The owner first: changing it clears the set-id bits a mode set before would keep.
    // Only root may give a file away; anyone else's copy is theirs, as `mv`'s is.
    _ = fchown(output, status.st_uid, status.st_gid)
    var times = [status.st_atim, status.st_mtim]
    guard FileStatus.kept(fchmod(output, status.st_mode & 0o7777)),
      FileStatus.kept(futimens(output, &times)), fsync(output) == 0
    else {
      throw step.writing(.current())
    }
    let written: stat
    do {
      written = try FileStatus.open(output)
    } catch {
      throw step.writing(error)
    }
    guard written.st_size == status.st_size else {
      throw .changedMeanwhile(path: step.source, operation: step.operation)
    }
  }

  /// Makes a new symbolic link beside `destination` to the file `source` points at (a
  /// relative target made absolute in another folder, `LinkTarget`); its path.
  private static func copyLink(
    _ source: String, status: stat, beside destination: String, operation: FileOperation
  ) throws(FileActionError) -> String {
    // The target's text maps back to its exact bytes (`PathBytes`), whatever they are.
    guard let read = SystemPaths.linkTarget(source) else {
      throw .unreadable(path: source, reason: SystemError.current().reason)
    }
    let target = LinkTarget.forCopy(read, of: source, at: destination)
    while true {
      let temporary = PartialFile.nextPath(beside: destination)
      let made = PathBytes.withFileSystemRepresentation(target) { bytes in
        PathBytes.withFileSystemRepresentation(temporary) { symlink(bytes, $0) }
      }
      if made == 0 {
        var times = [status.st_atim, status.st_mtim]
        _ = PathBytes.withFileSystemRepresentation(temporary) {
          utimensat(AT_FDCWD, $0, &times, AT_SYMLINK_NOFOLLOW)
        }
        return temporary
      }
      let failure = SystemError.current()
      guard failure.code == EEXIST else {
        throw .writing(
          failure, path: source, folder: PathName.parent(destination), operation: operation)
      }
    }
  }
}
