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
  /// The most asked for in one call: the kernel reads at most the device's readahead
  /// size for one `WILLNEED` (128 KiB unless set otherwise), so a longer span is asked
  /// for in steps of it.
  static let step: Int64 = 128 << 10

  /// Asks for the first `bytes` of each of `paths` (nil: the whole file), in order.
  static func ask(
    _ paths: [String], bytes: Int64?, on queue: DispatchQueue = .global(qos: .utility)
  ) {
    ask(paths.map { ($0, bytes) }, on: queue)
  }

  /// Asks for the first `bytes` of each file (nil: the whole of it), in order.
  static func ask(
    _ spans: [(path: String, bytes: Int64?)], on queue: DispatchQueue = .global(qos: .utility)
  ) {
    guard !spans.isEmpty else { return }
    queue.async {
      for span in spans { ask(span.path, bytes: span.bytes) }
    }
  }

  /// Asks for the first `bytes` of the file at `path` (nil: the whole of it); nothing
  /// when it is not a regular file or cannot be opened (its reading will say why). Never
  /// waits for the reading, nor for a FIFO.
  static func ask(_ path: String, bytes: Int64?) {
    let descriptor = PathBytes.withFileSystemRepresentation(path) {
      open($0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC)
    }
    guard descriptor >= 0 else { return }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return }
    let end = min(Int64(status.st_size), bytes ?? .max)
    var offset: Int64 = 0
    while offset < end {
      let length = min(step, end - offset)
      guard posix_fadvise(descriptor, off_t(offset), off_t(length), POSIX_FADV_WILLNEED) == 0
      else { return }
      offset += length
    }
  }
}
