import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// A sidecar's bytes with the status of the descriptor they were read through: the
/// version a replacement checks the name still holds.
struct SidecarVersion {
  var bytes: [UInt8]
  var status: stat

  /// The modification time in nanoseconds since 1970.
  var modifiedNanoseconds: Int64 {
    Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
  }

  /// Whether `now` is still this file, unwritten: the same device, inode, size and
  /// modification time to the nanosecond.
  func isUnchanged(_ now: stat) -> Bool {
    now.st_dev == status.st_dev && now.st_ino == status.st_ino && now.st_size == status.st_size
      && now.st_mtim.tv_sec == status.st_mtim.tv_sec
      && now.st_mtim.tv_nsec == status.st_mtim.tv_nsec
  }
}

/// Reading a sidecar within the size cap, regular files only, never blocking on a FIFO.
enum SidecarFile {
  /// The sidecar at `path`, nil when there is none.
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
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw .unreadable(path: path, .unreadable(.current()))
    }
    switch status.st_mode & S_IFMT {
    case S_IFREG: break
    case S_IFDIR: throw .unreadable(path: path, .isDirectory)
    default: throw .unreadable(path: path, .notRegularFile)
    }
    let size = Int(status.st_size)
    guard size <= XMPPacketCheck.byteLimit else {
      throw .refused(path: path, .tooLarge(bytes: size))
    }
    return SidecarVersion(bytes: FileReader.read(descriptor, at: 0, count: size), status: status)
  }
}
