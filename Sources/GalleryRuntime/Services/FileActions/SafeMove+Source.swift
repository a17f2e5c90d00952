import CFileCalls
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

extension SafeMove {
  /// Removes the source of a move across disks, once its copy has its name, only when it
  /// is still the file `copied` (the status the copy read, `lstat` for a link).
  ///
  /// Another program may save the picture at any moment (a new file renamed over the
  /// name): a look at the name followed by an unlink would remove a save landed between
  /// the two. So the source is first set aside under a temporary name of the gallery's
  /// (`PartialFile`, `.move`), which no other program writes, and looked at there: the
  /// file copied is unlinked; another file (a save before the set-aside, or the file
  /// written since it was read) gets its name back, and the move reports the source
  /// kept. A save after the set-aside lands on a free name and stays. When the name was
  /// taken again before the file could get it back, it stays under the temporary name,
  /// which the next scan puts in the Trash; so does a file set aside by a gallery killed
  /// before the look.
  static func removeSource(_ source: String, copied: stat, seam: MoveTestSeam?)
    throws(FileActionError)
  {
    let folder = PathName.parent(source)
    // A write in place that kept the size and time shows only in the status time, which
    // the set-aside moves: this look, before it, is the one that can see it.
    guard let before = try? FileStatus.link(source), FileStatus.isUntouched(before, since: copied)
    else {
      throw .sourceKept(path: source, reason: "it changed while it was copied")
    }
    seam?.atStep(.looked)
    let aside = try setAside(source)
    seam?.atStep(.setAside)
    // Renaming changes the file's status time: the look compares what a rename keeps.
    guard let now = try? FileStatus.link(aside), FileStatus.isUnchanged(now, since: copied) else {
      try giveBack(aside, to: source)
      throw .sourceKept(path: source, reason: "it changed while it was copied")
    }
    seam?.atStep(.checked)
    guard PathBytes.withFileSystemRepresentation(aside, { unlink($0) }) == 0 else {
      let failure = SystemError.current()
      try giveBack(aside, to: source)
      throw .sourceKept(path: source, reason: failure.reason)
    }
    FolderFlush.flush(folder)
  }

  /// Renames `source` to a fresh temporary name beside it; that name.
  private static func setAside(_ source: String) throws(FileActionError) -> String {
    while true {
      let aside = PartialFile.nextPath(beside: source, for: .move)
      var renamed = rename(source, aside, flags: GALLERY_RENAME_NOREPLACE)
      if renamed != 0, errno == EINVAL || errno == ENOSYS {
        // No such flag here (NFS, some FUSE ones): the name is the gallery's own, and
        // only a leftover of a gone process with this id could hold it.
        if FileStatus.isTaken(aside) { continue }
        renamed = rename(source, aside, flags: 0)
      }
      if renamed == 0 { return aside }
      let failure = SystemError.current()
      if failure.code == EEXIST { continue }
      // Gone (another program removed or moved it): nothing of it to remove.
      if failure.code == ENOENT {
        throw .sourceKept(path: source, reason: "it changed while it was copied")
      }
      throw .sourceKept(path: source, reason: failure.reason)
    }
  }

  /// Gives the file set aside at `aside` its name back, when that name is free.
  private static func giveBack(_ aside: String, to source: String) throws(FileActionError) {
    do {
      try FreeName.rename(aside, to: source, operation: .move)
    } catch {
      switch error {
      // Both names hold it: the temporary one is the gallery's to remove.
      case .bothNames: PartialFile.remove(aside)
      case .refused(.exists):
        throw .sourceKept(
          path: source,
          reason: "it changed while it was copied, and its name was taken again meanwhile: "
            + "it is kept as \(PathName.lastComponent(aside))")
      case .otherFileSystem, .refused:
        let kept =
          FileStatus.isTaken(aside) ? ", and is kept as \(PathName.lastComponent(aside))" : ""
        throw .sourceKept(path: source, reason: "it changed while it was copied" + kept)
      }
    }
  }

  private static func rename(_ from: String, _ to: String, flags: UInt32) -> Int32 {
    PathBytes.withFileSystemRepresentation(from) { source in
      PathBytes.withFileSystemRepresentation(to) { gallery_rename(source, $0, flags) }
    }
  }
}
