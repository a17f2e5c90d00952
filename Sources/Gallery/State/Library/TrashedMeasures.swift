import FoundationEssentials
import Pictures

/// The likeness and content hashes of files the gallery moved to the Trash, kept under
/// each file's size and time, so that an undo that puts a file back finds them known:
/// the group of copies it was in comes back at once, not when its hashes are read again.
///
/// A file that comes back at its path with the size, time, device and inode it left with
/// is the one that left (a move to the Trash and back within a file system changes
/// none); one with another size, time or inode (when both are known), or whose time is
/// not known, may be another file, and what was kept of the path is dropped: it is
/// hashed afresh. One entry a file trashed in a session, a few dozen bytes each.
struct TrashedMeasures: Sendable {
  /// What was known of a file when it went.
  struct Kept: Sendable, Hashable {
    /// The file's size, time, device and inode when it went.
    var stamp: FileStamp
    /// Its perceptual hash, nil when none was known.
    var likeness: PerceptualHash?
    /// Its content hash, nil when none was known.
    var contentHash: String?
  }

  private var kept: [String: Kept] = [:]

  /// Whether nothing is kept.
  var isEmpty: Bool { kept.isEmpty }

  /// Whether something is kept of the file at `path`.
  func holds(_ path: String) -> Bool { kept[path] != nil }

  /// Keeps `measures` of the file at `path`, which went to the Trash.
  mutating func keep(_ measures: Kept, at path: String) { kept[path] = measures }

  /// What was kept of `picture`'s file when it is the file that went
  /// (`FileStamp.isSameFile`), forgotten here either way; nil when nothing was kept or
  /// it may be another file.
  mutating func take(for picture: Picture) -> Kept? {
    guard let measures = kept.removeValue(forKey: picture.path),
      measures.stamp.isSameFile(as: FileStamp(picture))
    else { return nil }
    return measures
  }
}
