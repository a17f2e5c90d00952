import Dispatch
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Asks the kernel to read files ahead of their use (`POSIX_FADV_WILLNEED`), on a thread
/// of its own: the asking only queues readings at the device and returns, so a slow
/// device (a card, a USB disk) reads the next files while the one before is used, rather
/// than standing idle between one small reading and the next. The pages come into the
/// page cache, which the kernel may evict again under pressure; nothing is held.
enum ReadAhead {
  /// Asks for the first `bytes` of each of `paths` (0: the whole file), in order.
  static func ask(_ paths: [String], bytes: Int64, on queue: DispatchQueue = .global(qos: .utility))
  {
    guard !paths.isEmpty else { return }
    queue.async {
      for path in paths { ask(path, bytes: bytes) }
    }
  }

  /// Asks for the first `bytes` of the file at `path` (0: the whole of it); nothing when
  /// it cannot be opened (its reading will say why). Never waits for the reading, nor for
  /// a FIFO.
  static func ask(_ path: String, bytes: Int64) {
    let descriptor = PathBytes.withFileSystemRepresentation(path) {
      open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { return }
    _ = posix_fadvise(descriptor, 0, off_t(bytes), POSIX_FADV_WILLNEED)
    close(descriptor)
  }
}
