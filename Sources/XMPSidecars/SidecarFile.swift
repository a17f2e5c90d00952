import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// A sidecar's bytes with the file they were read from, held open: the version a
/// replacement checks the name still holds.
struct SidecarVersion {
  var bytes: [UInt8]
  /// The file read, held through the descriptor the bytes came through.
  var file: HeldFile

  /// The status of the descriptor the bytes came through.
  var status: stat { file.status }

  /// The modification time in nanoseconds since 1970.
  var modifiedNanoseconds: Int64 {
    Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
  }

  /// Whether `now` is still this file, unwritten: the same device and inode (exact, as
  /// the file is held), size and modification time to the nanosecond.
  func isUnchanged(_ now: stat) -> Bool { file.isUnwritten(now) }

  /// Whether the file still holds the bytes read: a write in place within the tick of
  /// a coarse clock (or of FAT's two seconds) leaves size and time as they were.
  func holdsBytesRead() -> Bool {
    FileReader.read(file.descriptor, at: 0, count: bytes.count + 1) == bytes
  }
}

/// Reading a sidecar within the size cap, regular files only, never blocking on a FIFO.
enum SidecarFile {
  /// The sidecar at `path`, nil when there is none; its descriptor stays open as long as
  /// the version.
  ///
  /// - Parameter followingLinks: false (for a sidecar about to be replaced) refuses a
  ///   symbolic link, which a replacement would turn into a file.
  static func read(_ path: String, followingLinks: Bool) throws(XMPSidecarError)
    -> SidecarVersion?
  {
    var flags = O_RDONLY | O_NONBLOCK | O_CLOEXEC
    if !followingLinks { flags |= O_NOFOLLOW }
    let descriptor = PathBytes.withFileSystemRepresentation(path) { open($0, flags) }
    guard descriptor >= 0 else {
      let failure = SystemError.current()
      switch failure.code {
      case ENOENT: return nil
      case ELOOP where !followingLinks: throw .symbolicLink(path: path)
      case ENOTDIR: throw .unreadable(path: path, .notFound)
      case EISDIR: throw .unreadable(path: path, .isDirectory)
      default: throw .unreadable(path: path, .unreadable(failure))
      }
    }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      let failure = SystemError.current()
      close(descriptor)
      throw .unreadable(path: path, .unreadable(failure))
    }
    // Closed when the version goes.
    let file = HeldFile(descriptor: descriptor, status: status)
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .unreadable(path: path, .isDirectory)
    default: throw .unreadable(path: path, .notRegularFile)
    }
    let size = Int(status.st_size)
    guard size <= XMPPacketCheck.byteLimit else {
      throw .refused(path: path, .tooLarge(bytes: size))
    }
    return SidecarVersion(bytes: FileReader.read(descriptor, at: 0, count: size), file: file)
  }
}
