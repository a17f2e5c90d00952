import CFileCalls
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// A file a replacement compares a name with, held open until it is done: the file read,
/// the one written, one swapped out.
///
/// A file's inode stays allocated while a descriptor holds it, even once unlinked, so a
/// name showing its device and inode number shows this very file. Unheld, a file another
/// program's save unlinked gives its number to the next new file (ext4 does so at once),
/// and a later save could pass for it: with the same size and a kept modification time
/// (`exiftool -P`, `rsync -t`), even for the file read, unwritten.
package final class HeldFile: Sendable {
  /// The descriptor holding it: the one its bytes were read through, else `O_PATH`.
  package let descriptor: Int32
  /// Its status when it was held, which `isUnwritten` compares with.
  package let status: stat

  /// Takes over `descriptor`, which it closes when it goes; `status` is the descriptor's.
  package init(descriptor: Int32, status: stat) {
    self.descriptor = descriptor
    self.status = status
  }

  deinit { close(descriptor) }

  /// Whatever is under `path` (not followed: a link is held as a link), held without
  /// being opened for reading (no permission needed, no FIFO blocking); nil when it
  /// cannot be (the error in `errno`).
  package static func hold(_ path: String) -> HeldFile? {
    let descriptor = PathBytes.withFileSystemRepresentation(path) { gallery_hold($0) }
    guard descriptor >= 0 else { return nil }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let failure = errno
      close(descriptor)
      errno = failure
      return nil
    }
    return HeldFile(descriptor: descriptor, status: status)
  }

  /// Whether `now`, a name's status, is this file: the same device and inode.
  package func isSelf(_ now: stat) -> Bool {
    now.st_dev == status.st_dev && now.st_ino == status.st_ino
  }

  /// Whether `now` is this file, unwritten since it was held: the same size and
  /// modification time to the nanosecond.
  package func isUnwritten(_ now: stat) -> Bool {
    isSelf(now) && now.st_size == status.st_size
      && now.st_mtim.tv_sec == status.st_mtim.tv_sec
      && now.st_mtim.tv_nsec == status.st_mtim.tv_nsec
  }
}
