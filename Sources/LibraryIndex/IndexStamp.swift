import FoundationEssentials
import Glibc

/// A file as the index keys it: its path, and the stamp that tells whether the file is
/// still the one whose details the index keeps (size, modification time, and device and
/// inode when known). A file rewritten since has another stamp and gets no answer.
package struct IndexStamp: Hashable, Sendable {
  /// The absolute path, as the app carries it (non-UTF-8 bytes escaped: `PathBytes`);
  /// the index keeps its real bytes.
  package var path: String
  /// The size in bytes.
  package var byteSize: Int64
  /// The modification time in nanoseconds since 1970; nil when not known.
  package var modifiedNanoseconds: Int64?
  /// The device (`st_dev`), when known.
  package var device: UInt64?
  /// The inode (`st_ino`), when known.
  package var inode: UInt64?

  package init(
    path: String, byteSize: Int64, modifiedNanoseconds: Int64?, device: UInt64? = nil,
    inode: UInt64? = nil
  ) {
    self.path = path
    self.byteSize = byteSize
    self.modifiedNanoseconds = modifiedNanoseconds
    self.device = device
    self.inode = inode
  }

  /// A stamp with the time as a `Date`, rounded to the nanosecond: the same date always
  /// gives the same number, so a stamp made twice from one scan's date matches.
  package init(
    path: String, byteSize: Int64, modificationDate: Date?, device: UInt64? = nil,
    inode: UInt64? = nil
  ) {
    self.init(
      path: path, byteSize: byteSize,
      modifiedNanoseconds: modificationDate.map(Self.nanoseconds), device: device, inode: inode)
  }

  /// Whether a row kept under `other` still answers for this file: same size and time,
  /// and the same device and inode when both know them.
  package func isSameFile(as other: IndexStamp) -> Bool {
    guard byteSize == other.byteSize, modifiedNanoseconds == other.modifiedNanoseconds else {
      return false
    }
    if let device, let inode, let otherDevice = other.device, let otherInode = other.inode {
      return device == otherDevice && inode == otherInode
    }
    return true
  }

  /// `date` in whole nanoseconds since 1970 (clamped to what 64 bits hold).
  static func nanoseconds(_ date: Date) -> Int64 {
    let value = (date.timeIntervalSince1970 * 1e9).rounded()
    guard value.isFinite else { return 0 }
    return Int64(max(min(value, 9.2e18), -9.2e18))
  }
}
