import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// A file's status from the system, by its path's real bytes (`PathBytes`).
enum FileStatus {
  /// `lstat`: a symbolic link's own status, never its target's.
  static func link(_ path: String) throws(SystemError) -> stat {
    var status = stat()
    guard PathBytes.withFileSystemRepresentation(path, { lstat($0, &status) }) == 0 else {
      throw .current()
    }
    return status
  }

  /// `stat`: what the path leads to, links followed.
  static func target(_ path: String) throws(SystemError) -> stat {
    var status = stat()
    guard PathBytes.withFileSystemRepresentation(path, { stat($0, &status) }) == 0 else {
      throw .current()
    }
    return status
  }

  /// The status of the descriptor's file.
  static func open(_ descriptor: Int32) throws(SystemError) -> stat {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { throw .current() }
    return status
  }

  /// Opens the regular file at `path` for reading, never through a symbolic link nor
  /// blocking on a FIFO: the descriptor (the caller closes it) and its status, the
  /// identity of the bytes read through it.
  ///
  /// - Throws: `.symbolicLink` (the name is a link), `.notFound`, `.notRegular` (a folder,
  ///   a device), `.unreadable` with the system's reason.
  static func openRegular(_ path: String) throws(FileActionError) -> (
    descriptor: Int32, status: stat
  ) {
    let descriptor = PathBytes.withFileSystemRepresentation(path) {
      Glibc.open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    }
    guard descriptor >= 0 else {
      let failure = SystemError.current()
      switch failure.code {
      case ELOOP: throw .symbolicLink(path: path)
      case ENOENT, ENOTDIR: throw .notFound(path: path)
      default: throw .unreadable(path: path, reason: failure.reason)
      }
    }
    let status: stat
    do {
      status = try open(descriptor)
    } catch {
      close(descriptor)
      throw .unreadable(path: path, reason: error.reason)
    }
    guard kind(status) == S_IFREG else {
      close(descriptor)
      throw .notRegular(path: path)
    }
    return (descriptor, status)
  }

  /// Whether the name is taken, by anything: a dangling link counts. A name whose status
  /// cannot be read for another reason than its absence (a folder on the way that may not
  /// be searched) counts as taken, since a caller asks before writing there.
  static func isTaken(_ path: String) -> Bool {
    do {
      _ = try link(path)
      return true
    } catch {
      return error.code != ENOENT && error.code != ENOTDIR
    }
  }

  /// The kind bits of a status (`S_IFREG`, `S_IFLNK`…).
  static func kind(_ status: stat) -> mode_t { status.st_mode & S_IFMT }

  /// Whether two statuses are of the same file: the same device and inode.
  static func isSameFile(_ first: stat, _ second: stat) -> Bool {
    first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// Whether `now` is the same file as `before`, with the same size and modification
  /// time: not written to in between.
  static func isUnchanged(_ now: stat, since before: stat) -> Bool {
    isSameFile(now, before) && now.st_size == before.st_size
      && now.st_mtim.tv_sec == before.st_mtim.tv_sec
      && now.st_mtim.tv_nsec == before.st_mtim.tv_nsec
  }

  /// Whether `now` is unchanged since `before` (`isUnchanged`) and its status not changed
  /// either: a write in place that keeps the size and puts the modification time back
  /// (`touch -r`, `exiftool -P`) still moves the status time. Only for two looks with
  /// nothing of the gallery's changing the file between them: a rename moves it too.
  static func isUntouched(_ now: stat, since before: stat) -> Bool {
    isUnchanged(now, since: before) && now.st_ctim.tv_sec == before.st_ctim.tv_sec
      && now.st_ctim.tv_nsec == before.st_ctim.tv_nsec
  }

  /// Whether a call giving a new file its mode or times (`fchmod`, `futimens`) did, or
  /// failed only because the file system keeps none (`EPERM`, `EOPNOTSUPP`: FAT, some
  /// network ones), which leaves the file whole, as `cp -p` does.
  static func kept(_ result: Int32) -> Bool {
    result == 0 || errno == EPERM || errno == EOPNOTSUPP || errno == ENOTSUP
  }
}
