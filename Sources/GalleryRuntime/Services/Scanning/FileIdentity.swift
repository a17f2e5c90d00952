import Gallery

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
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
  }
}
