import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// What the files a picture's decision is read from are like now: its sidecars of both
/// names (there or not; if there, their inode, size and modification time) and the
/// picture itself (size and time, for the decision inside it). Two equal stamps say a
/// decision read before still holds; any save, by the gallery or another program,
/// changes one (a save is a new file, or a new size or time).
///
/// Three `lstat` calls, none of them opening a file: far cheaper than reading a sidecar.
package enum SidecarStamp {
  /// The stamp of `picture`'s decision's files: 25 bytes each, sidecars first.
  package static func of(picture: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(75)
    for path in SidecarNaming.candidates(of: picture) + [picture] {
      var status = stat()
      guard PathBytes.withFileSystemRepresentation(path, { lstat($0, &status) }) == 0 else {
        bytes += [0] + [UInt8](repeating: 0, count: 24)
        continue
      }
      bytes.append(1)
      append(UInt64(status.st_ino), to: &bytes)
      append(UInt64(bitPattern: Int64(status.st_size)), to: &bytes)
      let nanoseconds =
        Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec)
      append(UInt64(bitPattern: nanoseconds), to: &bytes)
    }
    return bytes
  }

  private static func append(_ value: UInt64, to bytes: inout [UInt8]) {
    for shift in stride(from: 0, to: 64, by: 8) {
      bytes.append(UInt8(truncatingIfNeeded: value >> shift))
    }
  }
}
