import Gallery
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

extension StateFile {
  /// Reads the file, applies `change` and writes the result atomically, holding a lock on
  /// the state folder meanwhile, so that two galleries saving at once each keep what the
  /// other wrote: the read and the write of one never come between those of the other.
  ///
  /// A file that cannot be understood is replaced (`change` starts from the defaults);
  /// one that cannot be read, or a folder that cannot be locked, still gets the save.
  ///
  /// - Throws: `StateFileError` when the folder or the file cannot be written.
  package func update(_ change: (inout Contents) -> Void) throws(StateFileError) {
    let folder = PathName.parent(path)
    do throws(SystemError) {
      try Folders.create(folder)
    } catch {
      throw .unwritable(path: path, reason: error.reason)
    }
    // `flock` on the folder itself: no lock file to leave behind. The lock goes with the
    // descriptor, also when the process dies.
    let lock = PathBytes.withFileSystemRepresentation(folder) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    if lock >= 0 {
      while flock(lock, LOCK_EX) != 0 && errno == EINTR {}
    }
    defer { if lock >= 0 { close(lock) } }
    var contents = ((try? load()) ?? nil) ?? Contents(order: .standard)
    change(&contents)
    try save(contents)
  }

  /// `ours` (this run's, the last first), then the folders of `theirs` (what the file
  /// holds: other runs') that are not among them, at most `GalleryState.recentFolderLimit`.
  static func merged(_ ours: [String], _ theirs: [String]) -> [String] {
    Array((ours + theirs.filter { !ours.contains($0) }).prefix(GalleryState.recentFolderLimit))
  }
}
