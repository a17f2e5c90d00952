import FoundationEssentials

/// A file as the scan saw it: its path, size and modification time, and its device and
/// inode when the scan learnt them.
///
/// What a date read from the file is kept under, in memory and in the cache of dates on
/// disk: a file rewritten since (another size or time) is read again; one left alone is
/// never read twice. The scan learnt all three from one `stat`, so asking for them costs
/// no call.
package struct FileStamp: Hashable, Sendable {
  /// The file's absolute path, as the scan reached it.
  package var path: String
  /// Its size in bytes.
  package var byteSize: Int64
  /// Its modification time; nil when the scan could not learn it.
  package var modificationDate: Date?
  /// Its device (`st_dev`); nil when not known.
  package var device: UInt64?
  /// Its inode (`st_ino`); nil when not known.
  package var inode: UInt64?

  package init(
    path: String, byteSize: Int64, modificationDate: Date?, device: UInt64? = nil,
    inode: UInt64? = nil
  ) {
    self.path = path
    self.byteSize = byteSize
    self.modificationDate = modificationDate
    self.device = device
    self.inode = inode
  }

  /// The stamp of a picture's own file.
  package init(_ picture: Picture) {
    self.init(
      path: picture.path, byteSize: picture.byteSize, modificationDate: picture.modificationDate,
      device: picture.device, inode: picture.inode)
  }

  /// Whether `other` stamps this same file unchanged: the same size and time, and the
  /// same device and inode when both know them (another inode is another file, even of
  /// the same size and time). A time not known matches nothing: such a file may have
  /// been rewritten, and what was learnt of it is learnt again. The paths are not
  /// compared.
  package func isSameFile(as other: FileStamp) -> Bool {
    guard byteSize == other.byteSize, let time = modificationDate,
      time == other.modificationDate
    else { return false }
    if let device, let inode, let otherDevice = other.device, let otherInode = other.inode {
      return device == otherDevice && inode == otherInode
    }
    return true
  }
}
