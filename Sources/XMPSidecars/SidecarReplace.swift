import CFileCalls
import Pictures
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// Merging a decision into one sidecar, atomically, without losing another program's save.
///
/// Each try reads the sidecar with the status of the descriptor it came through, merges
/// the decision (`XMPPacket.apply`), writes the result to a temporary file beside it
/// (`.NAME.PID.tmp`), flushes it, and gives it the name. A new sidecar takes the name only
/// if it is still free (`RENAME_NOREPLACE`, else `link`). An old one is exchanged with the
/// new (`RENAME_EXCHANGE`), then what was swapped out is looked at: when it is not the
/// file read (darktable saved its history meanwhile), the two are swapped back and the
/// try begins again from that save (`giveBack`). Killed at any moment, the name holds the
/// old sidecar or the new one, whole; the only file ever unlinked is under the temporary
/// name: the gallery's new file, the old sidecar it replaced, or a save its own program
/// replaced. A temporary file a killed gallery left is removed by the next write beside
/// it (`SidecarLeftovers`); killed between an exchange and its check,
/// with another program's save landing in that instant, that save goes with it: the one
/// window left, as with a plain rename where the file system has no exchange (a last
/// look at the name then precedes the rename).
enum SidecarReplace {
  /// One sidecar write at a time in this process: the temporary name is the process's.
  private static let writing = Locked(())

  /// Merges `decision` into the sidecar at `path`, made when missing; true when the file
  /// changed (false when it held the decision already).
  static func merge(
    _ decision: CullingDecision, into path: String, tries: Int, seam: SidecarTestSeam?
  ) throws(XMPSidecarError) -> Bool {
    var result: Result<Bool, XMPSidecarError> = .success(false)
    writing.withLock { _ in
      SidecarLeftovers.sweepOnce(PathName.parent(path))
      result = Result { () throws(XMPSidecarError) -> Bool in
        for _ in 0..<max(tries, 1) {
          if let changed = try attempt(decision, into: path, seam: seam) { return changed }
        }
        throw .changedMeanwhile(path: path, tries: max(tries, 1))
      }
    }
    return try result.get()
  }

  /// One try: whether the file changed, or nil when another program's save was found
  /// and the try must begin again.
  private static func attempt(
    _ decision: CullingDecision, into path: String, seam: SidecarTestSeam?
  ) throws(XMPSidecarError) -> Bool? {
    let old = try SidecarFile.read(path, followingLinks: false)
    let packet: XMPPacket
    do throws(XMPRefusal) {
      if let old { packet = try XMPPacket(parsing: old.bytes) } else { packet = try XMPPacket() }
    } catch {
      throw .refused(path: path, error)
    }
    if !packet.apply(decision), old != nil { return false }
    let bytes: [UInt8]
    do {
      bytes = try packet.sidecarBytes()
    } catch {
      throw .serializing(path: path, code: Exempi.lastError)
    }
    seam?.atStep(.read, path)
    let temporary = AtomicFile.temporaryPath(for: path)
    let written = try write(bytes, to: temporary, like: old?.status, for: path)
    seam?.atStep(.written, path)
    let placed: Bool
    if let old {
      placed = try exchange(temporary, into: path, old: old, written: written, seam: seam)
    } else {
      placed = try takeFreeName(temporary, path)
    }
    if placed { flushFolder(of: path) }
    return placed ? true : nil
  }

  /// The new sidecar, whole and flushed, under `temporary`, with the old one's mode and,
  /// when permitted, owner: the status of what was written.
  ///
  /// The temporary name must be free: one left by this process holds another program's
  /// save that a swap back could not return (see `exchange`), and is never truncated.
  private static func write(
    _ bytes: [UInt8], to temporary: String, like old: stat?, for path: String
  ) throws(XMPSidecarError) -> stat {
    let descriptor = PathBytes.withFileSystemRepresentation(temporary) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o666)
    }
    guard descriptor >= 0 else { throw .writing(path: path, .current()) }
    var status = stat()
    do throws(SystemError) {
      try DescriptorIO.writeAll(bytes, to: descriptor)
      if let old {
        // The owner before the mode: changing it clears set-id bits.
        _ = fchown(descriptor, old.st_uid, old.st_gid)
        _ = fchmod(descriptor, old.st_mode & 0o7777)
      }
      guard fsync(descriptor) == 0, fstat(descriptor, &status) == 0 else { throw .current() }
    } catch {
      close(descriptor)
      AtomicFile.remove(temporary)
      throw .writing(path: path, error)
    }
    guard close(descriptor) == 0 else {
      let failure = SystemError.current()
      AtomicFile.remove(temporary)
      throw .writing(path: path, failure)
    }
    return status
  }

  /// Gives a new sidecar the name if nobody took it meanwhile: true when it did, false
  /// (the temporary file removed) when another program made the sidecar first.
  private static func takeFreeName(_ temporary: String, _ path: String)
    throws(XMPSidecarError) -> Bool
  {
    defer { AtomicFile.remove(temporary) }
    if rename(temporary, path, flags: GALLERY_RENAME_NOREPLACE) == 0 { return true }
    var failure = SystemError.current()
    if failure.code == EINVAL || failure.code == ENOSYS {
      // No renameat2 here: a hard link is made only under a free name too.
      let linked = PathBytes.withFileSystemRepresentation(temporary) { from in
        PathBytes.withFileSystemRepresentation(path) { link(from, $0) }
      }
      if linked == 0 { return true }
      failure = .current()
    }
    if failure.code == EEXIST { return false }
    throw .writing(path: path, failure)
  }

  /// Exchanges the new sidecar with the old under its name if the name still holds the
  /// version read: true when it did, false when another program's save was found (it
  /// keeps the name, and the temporary file is removed).
  private static func exchange(
    _ temporary: String, into path: String, old: SidecarVersion, written: stat,
    seam: SidecarTestSeam?
  ) throws(XMPSidecarError) -> Bool {
    guard let now = linkStatus(path), old.isUnchanged(now) else {
      AtomicFile.remove(temporary)
      return false
    }
    seam?.atStep(.looked, path)
    if rename(temporary, path, flags: GALLERY_RENAME_EXCHANGE) == 0 {
      seam?.atStep(.exchanged, path)
      if let swappedOut = linkStatus(temporary), old.isUnchanged(swappedOut) {
        AtomicFile.remove(temporary)
        return true
      }
      // Another program's save was swapped out: it takes its name back.
      guard let swappedOut = linkStatus(temporary) else {
        throw .writing(path: path, .current())
      }
      guard rename(temporary, path, flags: GALLERY_RENAME_EXCHANGE) == 0 else {
        throw .writing(path: path, .current())
      }
      try giveBack(path, from: temporary, theirs: swappedOut, written: written)
      return false
    }
    let failure = SystemError.current()
    guard failure.code == EINVAL || failure.code == ENOSYS else {
      AtomicFile.remove(temporary)
      if failure.code == ENOENT { return false }
      throw .writing(path: path, failure)
    }
    guard rename(temporary, path, flags: 0) == 0 else {
      let failure = SystemError.current()
      AtomicFile.remove(temporary)
      throw .writing(path: path, failure)
    }
    return true
  }

  /// After a swap back, makes sure the name holds the newest save and the temporary
  /// name the gallery's own file, which is then removed.
  ///
  /// A save that landed on the name during the exchange (over the gallery's file) is
  /// newer than the one swapped back, and the swap back left it under the temporary name:
  /// it is exchanged onto the name again, and the one it replaced, which the other program
  /// had replaced itself by saving again, leaves with the temporary name, as its own
  /// rename would have made it leave. A save written into the gallery's file in place
  /// counts as such a save. Anything else (saves landing faster than the exchanges) is
  /// left under the temporary name, whole: `.changedMeanwhile`, and later writes there
  /// fail until it is looked at.
  private static func giveBack(_ path: String, from temporary: String, theirs: stat, written: stat)
    throws(XMPSidecarError)
  {
    for _ in 0..<4 {
      guard let held = linkStatus(temporary) else { return }
      if isSame(held, written, unwritten: true) {
        AtomicFile.remove(temporary)
        return
      }
      if isSame(held, theirs, unwritten: false) {
        // Superseded by the save now under the name.
        AtomicFile.remove(temporary)
        return
      }
      guard rename(temporary, path, flags: GALLERY_RENAME_EXCHANGE) == 0 else {
        throw .writing(path: path, .current())
      }
    }
    throw .changedMeanwhile(path: path, tries: 1)
  }

  /// Whether two statuses are of one file (device and inode), and with `unwritten`, of
  /// the same size and modification time.
  private static func isSame(_ first: stat, _ second: stat, unwritten: Bool) -> Bool {
    guard first.st_dev == second.st_dev, first.st_ino == second.st_ino else { return false }
    guard unwritten else { return true }
    return first.st_size == second.st_size && first.st_mtim.tv_sec == second.st_mtim.tv_sec
      && first.st_mtim.tv_nsec == second.st_mtim.tv_nsec
  }

  private static func linkStatus(_ path: String) -> stat? {
    var status = stat()
    guard PathBytes.withFileSystemRepresentation(path, { lstat($0, &status) }) == 0 else {
      return nil
    }
    return status
  }

  private static func rename(_ from: String, _ to: String, flags: UInt32) -> Int32 {
    PathBytes.withFileSystemRepresentation(from) { source in
      PathBytes.withFileSystemRepresentation(to) { gallery_rename(source, $0, flags) }
    }
  }

  /// Makes the rename durable; a folder that cannot be flushed still holds the new file.
  private static func flushFolder(of path: String) {
    let folder = PathBytes.withFileSystemRepresentation(PathName.parent(path)) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    guard folder >= 0 else { return }
    fsync(folder)
    close(folder)
  }
}
