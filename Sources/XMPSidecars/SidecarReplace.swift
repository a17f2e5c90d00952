import CFileCalls
import FoundationEssentials
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
/// try begins again from that save (`giveBack`). Every file these checks compare with is
/// held open (`HeldFile`), so no later save can show its inode number.
///
/// Killed at any moment, the name holds the old sidecar or the new one, whole; the only
/// file ever unlinked is under the temporary name: the gallery's new file, the old
/// sidecar it replaced, or a save its own program replaced. A temporary file a killed
/// gallery left is set aside (in the Trash) by the next write beside it
/// (`SidecarLeftovers`).
///
/// The one window no system call closes: Linux renames no name only if it still holds a
/// given file, so a save landing between the last look and the exchange is swapped out,
/// and until the swap back the name shows the gallery's file, made from the version
/// before that save. A program reading the sidecar in that instant reads the older
/// version; a gallery killed in it leaves the save under the temporary name, and the next
/// write beside it puts it in the Trash. The instant holds the two exchanges and, between them,
/// only an `open` and an `fstat` of what was swapped out (`exchangeOrSwapBack`): some
/// microseconds, longer only when the scheduler stops the thread there. Where the file
/// system has no exchange, a last look precedes a plain rename, and a save landing between
/// the two is replaced.
enum SidecarReplace {
  /// One sidecar write at a time in this process: the temporary name is the process's.
  /// A bare lock, not `Locked(())`: ThreadSanitizer takes the accesses to an empty value
  /// for a race on the address it shares with the box.
  private static let writing = SystemLock()

  /// Merges `decision` into the sidecar at `path`, made when missing; true when the file
  /// changed (false when it held the decision already).
  static func merge(
    _ decision: CullingDecision, into path: String, tries: Int, seam: SidecarTestSeam?,
    leftovers: SidecarStore.SetAside? = nil
  ) throws(XMPSidecarError) -> Bool {
    writing.lock()
    defer { writing.unlock() }
    SidecarLeftovers.sweepOnce(PathName.parent(path), setAside: leftovers)
    for _ in 0..<max(tries, 1) {
      if let changed = try attempt(decision, into: path, seam: seam) { return changed }
    }
    throw .changedMeanwhile(path: path, tries: max(tries, 1))
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
  /// when permitted, owner: what was written, held.
  ///
  /// The temporary name must be free: one left by this process holds another program's
  /// save that a swap back could not return (see `exchange`), and is never truncated.
  private static func write(
    _ bytes: [UInt8], to temporary: String, like old: stat?, for path: String
  ) throws(XMPSidecarError) -> HeldFile {
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
    // Only this process, under `writing`, renames the temporary name: it still holds the
    // file written.
    guard let written = HeldFile.hold(temporary), written.isUnwritten(status) else {
      let failure = SystemError.current()
      AtomicFile.remove(temporary)
      throw .writing(path: path, failure)
    }
    return written
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
    _ temporary: String, into path: String, old: SidecarVersion, written: HeldFile,
    seam: SidecarTestSeam?
  ) throws(XMPSidecarError) -> Bool {
    guard let now = linkStatus(path), old.isUnchanged(now) else {
      AtomicFile.remove(temporary)
      return false
    }
    seam?.atStep(.looked, path)
    switch exchangeOrSwapBack(temporary, path, old: old, seam: seam) {
    case .replaced:
      AtomicFile.remove(temporary)
      return true
    case .swappedBack(let theirs):
      try giveBack(path, from: temporary, theirs: theirs, written: written, seam: seam)
      return false
    case .stuck(let failure):
      // The other file keeps the temporary name rather than being lost.
      throw .writing(path: path, failure)
    case .notExchanged(let failure):
      guard failure.code == EINVAL || failure.code == ENOSYS else {
        AtomicFile.remove(temporary)
        if failure.code == ENOENT { return false }
        throw .writing(path: path, failure)
      }
    }
    guard rename(temporary, path, flags: 0) == 0 else {
      let failure = SystemError.current()
      AtomicFile.remove(temporary)
      throw .writing(path: path, failure)
    }
    return true
  }

  /// What `exchangeOrSwapBack` did.
  private enum Exchange {
    /// The name holds the new sidecar; the file read is under the temporary name.
    case replaced
    /// The file swapped out was another program's save: swapped back onto the name, and
    /// held. The temporary name holds what the name held just before: the gallery's file,
    /// or a save that landed on it.
    case swappedBack(theirs: HeldFile)
    /// Exchanged, but what was swapped out could not be looked at or swapped back: it
    /// stays under the temporary name.
    case stuck(SystemError)
    /// Nothing was exchanged.
    case notExchanged(SystemError)
  }

  /// Exchanges the names, and when what was swapped out is not the file read, unwritten
  /// and holding the bytes read, swaps it straight back.
  ///
  /// Between the two exchanges the name shows the gallery's file over a save it never
  /// read: only system calls run there (the paths are converted before, nothing is
  /// allocated), and the file swapped out is held open while it is looked at.
  private static func exchangeOrSwapBack(
    _ temporary: String, _ path: String, old: SidecarVersion, seam: SidecarTestSeam?
  ) -> Exchange {
    PathBytes.withFileSystemRepresentation(temporary) { temporaryBytes in
      PathBytes.withFileSystemRepresentation(path) { pathBytes in
        guard gallery_rename(temporaryBytes, pathBytes, GALLERY_RENAME_EXCHANGE) == 0 else {
          return .notExchanged(.current())
        }
        seam?.atStep(.exchanged, path)
        let swappedOut = gallery_hold(temporaryBytes)
        var status = stat()
        guard swappedOut >= 0, fstat(swappedOut, &status) == 0 else {
          let failure = SystemError.current()
          if swappedOut >= 0 { close(swappedOut) }
          return .stuck(failure)
        }
        if old.isUnchanged(status), old.holdsBytesRead() {
          close(swappedOut)
          return .replaced
        }
        guard gallery_rename(temporaryBytes, pathBytes, GALLERY_RENAME_EXCHANGE) == 0 else {
          let failure = SystemError.current()
          close(swappedOut)
          return .stuck(failure)
        }
        return .swappedBack(theirs: HeldFile(descriptor: swappedOut, status: status))
      }
    }
  }

  /// Exchanges a swap back may make before leaving a save under the temporary name: an
  /// exchange is one system call, a save another program's write of a whole file.
  private static let exchangeLimit = 16

  /// After a swap back, puts the newest save under the name and removes what it
  /// superseded.
  ///
  /// The swap back put `theirs` on the name and took what the name held: the gallery's
  /// file (`written`), unwritten, which is removed; or a save that landed on it after
  /// `theirs` was saved, so newer, which takes the name with another exchange. So on:
  /// each exchange takes from the name either the file the one before put there,
  /// unwritten, which a newer one now replaces and the temporary name's removal ends as
  /// its own program's rename would have, or a save that landed on that file, newer than
  /// everything so far, which the next exchange puts on the name. Each file put on the
  /// name stays held until the next check, so none is taken for a save given its inode
  /// number. Saves landing faster than `exchangeLimit` exchanges leave one under the
  /// temporary name, whole: `.changedMeanwhile`, and later writes there fail until it is
  /// looked at.
  private static func giveBack(
    _ path: String, from temporary: String, theirs: HeldFile, written: HeldFile,
    seam: SidecarTestSeam?
  ) throws(XMPSidecarError) {
    var replaced = written
    var placed = theirs
    for _ in 0..<exchangeLimit {
      guard let held = HeldFile.hold(temporary) else {
        let failure = SystemError.current()
        if failure.code == ENOENT { return }
        throw .writing(path: path, failure)
      }
      if replaced.isUnwritten(held.status) {
        AtomicFile.remove(temporary)
        return
      }
      seam?.atStep(.givingBack, path)
      guard rename(temporary, path, flags: GALLERY_RENAME_EXCHANGE) == 0 else {
        throw .writing(path: path, .current())
      }
      replaced = placed
      placed = held
    }
    throw .changedMeanwhile(path: path, tries: 1)
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
