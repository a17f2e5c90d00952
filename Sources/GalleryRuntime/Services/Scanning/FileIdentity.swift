import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file's identity on this machine: its device and inode numbers.
///
/// Two paths name the same folder exactly when their identities are equal, which is how
/// a scan notices a symbolic link that leads back into a folder it is already inside.
struct FileIdentity: Hashable, Sendable {
  let device: UInt64
  let inode: UInt64

  init(_ status: stat) {
    self.init(device: UInt64(status.st_dev), inode: UInt64(status.st_ino))
  }

  init(device: UInt64, inode: UInt64) {
    self.device = device
    self.inode = inode
  }

  /// The file of `stamp`: from the stamp, else from `stat` of its path (following a
  /// link); nil when neither says.
  init?(stamp: FileStamp) {
    if let device = stamp.device, let inode = stamp.inode {
      self.init(device: device, inode: inode)
      return
    }
    var status = stat()
    let found = PathBytes.withFileSystemRepresentation(stamp.path) { stat($0, &status) } == 0
    guard found else { return nil }
    self.init(status)
  }
}
