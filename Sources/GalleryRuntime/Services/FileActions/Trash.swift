import FoundationEssentials
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The freedesktop.org Trash (Trash specification 1.0): files put where the desktop's
/// file managers show them, and back.
///
/// A file is only ever renamed into a can on its own file system (`TrashCan`), never
/// copied or deleted: with no usable can the action does nothing. Its `.trashinfo` is
/// written and flushed first, under a name taken with `O_EXCL`, so a killed run leaves at
/// worst an info file without its file, which the specification lets any trash tidy.
package struct Trash: Sendable {
  /// `DATA_HOME/Trash`.
  let homeTrash: String
  let uid: uid_t

  /// The trash of the user `uid` whose home is `home`; `dataHome` is `$XDG_DATA_HOME`
  /// when it is set and absolute (a relative one is ignored, as the XDG rules say), else
  /// `home/.local/share` is used.
  package init(home: String, dataHome: String?, uid: uid_t) {
    let data =
      dataHome.flatMap { $0.hasPrefix("/") ? $0 : nil } ?? PathName.join(home, ".local/share")
    homeTrash = PathName.join(data, "Trash")
    self.uid = uid
  }

  /// The trash of the user this process runs as, with the home and data folder
  /// `environment` gives (`HOME`, `XDG_DATA_HOME`).
  package static func ofThisUser(
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) -> Trash {
    Trash(home: environment["HOME"] ?? "/", dataHome: environment["XDG_DATA_HOME"], uid: getuid())
  }

  /// Moves the file at `path` (a picture or a symbolic link; a relative path is taken
  /// from the working folder) into the trash, recording `date` as when.
  ///
  /// - Throws: `.noTrash` when no can on its file system can be used; `.notFound`,
  ///   `.notRegular` for a folder, `.diskFull` for the info file; never deletes.
  package func trash(_ path: String, at date: Date) throws(FileActionError) -> TrashedFile {
    let original = Self.absolute(path)
    let status: stat
    do {
      status = try FileStatus.link(original)
    } catch {
      if error.code == ENOENT || error.code == ENOTDIR { throw .notFound(path: original) }
      throw .unreadable(path: original, reason: error.reason)
    }
    let kind = FileStatus.kind(status)
    guard kind == S_IFREG || kind == S_IFLNK else { throw .notRegular(path: original) }
    guard let realFolder = Self.realPath(PathName.parent(original)) else {
      throw .notFound(path: original)
    }
    let can = try TrashCan.find(
      for: original, device: status.st_dev, realFolder: realFolder, homeTrash: homeTrash, uid: uid)
    let recorded = can.recordedPath(of: original, realFolder: realFolder)
    let contents = TrashInfo.contents(path: recorded, deletedAt: date)
    let trashed = try put(original, into: can, info: contents)
    // The file the rename took: the trash's name is the gallery's own until it returns.
    let version = FileVersion.at(trashed.file) ?? FileVersion(status)
    return TrashedFile(
      original: original, file: trashed.file, info: trashed.info, version: version,
      pathLine: TrashInfo.pathLine(recorded))
  }

  /// Puts the trashed file back at its original path, never replacing a file there and
  /// making no folder, then removes its `.trashinfo`; only when the trash's name still
  /// holds that very file (the same device, inode, size and time) and its info file
  /// still names its original path.
  ///
  /// - Throws: `.exists` when the original name is taken again; `.folderMissing` when its
  ///   folder is gone; `.goneSince` when the file left the trash, `.replacedSince` when
  ///   another file (another program's, trashed under the same name after the Trash was
  ///   emptied) has its place there: that one and its info file are left as they are.
  ///   Every error names the original name, never the trash's.
  package func restore(_ file: TrashedFile) throws(FileActionError) {
    try Self.putBack(file)
  }

  /// `restore`, which needs no can: the file and its info file name their places.
  static func putBack(_ file: TrashedFile) throws(FileActionError) {
    guard let now = FileVersion.at(file.file) else {
      throw .goneSince(path: file.original, operation: .restore)
    }
    let info = try? FileReader.read(path: file.info, limit: 1 << 16)
    guard now == file.version, let info, TrashInfo.holds(file.pathLine, in: info) else {
      throw .replacedSince(path: file.original, operation: .restore)
    }
    do {
      try FreeName.rename(file.file, to: file.original, operation: .restore)
    } catch {
      switch error {
      case .refused(let refusal): throw refusal.naming(file.file, as: file.original)
      case .otherFileSystem:
        throw .failed(
          path: file.original, operation: .restore, reason: "its folder is on another disk now")
      case .bothNames:
        // Back under its name, and still in the trash: the info stays with that entry.
        return
      }
    }
    _ = PathBytes.withFileSystemRepresentation(file.info) { unlink($0) }
    FolderFlush.flush(PathName.parent(file.info))
  }

  /// Writes the info file under the first free name, then renames the file to match it.
  private func put(_ original: String, into can: TrashCan, info contents: [UInt8])
    throws(FileActionError) -> (file: String, info: String)
  {
    let name = PathName.lastComponent(original)
    for number in 1...100_000 {
      let candidate = TrashName.candidate(name, number: number)
      let file = PathName.join(can.files, candidate)
      let info = PathName.join(can.info, candidate + ".trashinfo")
      if FileStatus.isTaken(file) { continue }
      guard try Self.writeInfo(contents, to: info, for: original) else { continue }
      do {
        try FreeName.rename(original, to: file, operation: .trash)
        return (file, info)
      } catch {
        switch error {
        case .refused(.exists):
          // Taken since the look above, by another program trashing at once.
          Self.remove(info)
          continue
        case .refused(let refusal):
          Self.remove(info)
          throw refusal
        case .otherFileSystem:
          Self.remove(info)
          throw .noTrash(path: original, reason: "the trash is on another file system")
        case .bothNames(let failure):
          // The trash's name is a second link to the file, which keeps its own name: the
          // extra one goes, and nothing is lost.
          Self.remove(file)
          Self.remove(info)
          throw .failed(path: original, operation: .trash, reason: failure.reason)
        }
      }
    }
    throw .failed(path: original, operation: .trash, reason: "every name in the trash is taken")
  }

  /// Creates the info file `info` (`O_EXCL`) with `contents` and flushes it and its
  /// folder. False when the name is taken.
  private static func writeInfo(_ contents: [UInt8], to info: String, for original: String)
    throws(FileActionError) -> Bool
  {
    let folder = PathName.parent(info)
    let descriptor = PathBytes.withFileSystemRepresentation(info) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    }
    guard descriptor >= 0 else {
      let failure = SystemError.current()
      if failure.code == EEXIST { return false }
      throw refusal(failure, original: original, folder: folder)
    }
    do throws(SystemError) {
      try DescriptorIO.writeAll(contents, to: descriptor)
      guard fsync(descriptor) == 0 else { throw .current() }
      guard close(descriptor) == 0 else {
        remove(info)
        throw .current()
      }
    } catch {
      close(descriptor)
      remove(info)
      throw refusal(error, original: original, folder: folder)
    }
    FolderFlush.flush(folder)
    return true
  }

  /// A full disk is said as such; any other failure to write in the can means it cannot
  /// be used.
  private static func refusal(_ failure: SystemError, original: String, folder: String)
    -> FileActionError
  {
    switch failure.code {
    case ENOSPC, EDQUOT: .diskFull(path: original, operation: .trash)
    default: .noTrash(path: original, reason: failure.reason)
    }
  }

  private static func remove(_ path: String) {
    _ = PathBytes.withFileSystemRepresentation(path) { unlink($0) }
  }

  private static func absolute(_ path: String) -> String {
    if path.hasPrefix("/") { return path }
    return PathName.join(SystemPaths.currentDirectory(), path)
  }

  /// `realpath` of `path`: links resolved, as the top folder is found by walking up.
  private static func realPath(_ path: String) -> String? {
    guard let resolved = PathBytes.withFileSystemRepresentation(path, { realpath($0, nil) }) else {
      return nil
    }
    defer { free(resolved) }
    return PathBytes.string(fileSystemCString: resolved)
  }
}
