import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// One trash can of the Trash specification: the home trash, or one at the top folder of
/// the file system a file is on. A file goes only to a can on its own file system, so
/// trashing is a rename, never a copy.
struct TrashCan {
  /// The can's folder, holding `files/` and `info/`.
  let root: String
  /// The folder the `.trashinfo` paths are relative to; nil for the home trash, whose
  /// paths are absolute.
  let topFolder: String?

  var files: String { PathName.join(root, "files") }
  var info: String { PathName.join(root, "info") }

  /// What the `.trashinfo` file records for the file at `path` (absolute), whose real
  /// folder is `realFolder`: the path itself in the home trash, else the path below the
  /// top folder.
  func recordedPath(of path: String, realFolder: String) -> String {
    guard let topFolder else { return path }
    let real = PathName.join(realFolder, PathName.lastComponent(path))
    return PathName.components(of: real, under: topFolder)?.joined(separator: "/") ?? real
  }

  /// The can for a file on `device`: the home trash (`homeTrash`, made when missing) when
  /// it is on that file system; else `TOP/.Trash/UID` when the administrator made a
  /// shared `TOP/.Trash` (a real folder with the sticky bit), else `TOP/.Trash-UID`, made
  /// when missing and used only when it is our own real folder.
  ///
  /// - Throws: `.noTrash` with the last reason when none can be used.
  static func find(
    for path: String, device: dev_t, realFolder: String, homeTrash: String, uid: uid_t
  ) throws(FileActionError) -> TrashCan {
    var reason = "the file system has no trash folder"
    if nearestDevice(of: homeTrash) == device {
      do {
        try Folders.create(PathName.join(homeTrash, "files"))
        try Folders.create(PathName.join(homeTrash, "info"))
        let can = TrashCan(root: homeTrash, topFolder: nil)
        if can.isOn(device) { return can }
      } catch {
        reason = error.reason
      }
    }
    guard let top = topFolder(of: realFolder, device: device) else {
      throw .noTrash(path: path, reason: reason)
    }
    let shared = PathName.join(top, ".Trash")
    var candidates = [PathName.join(top, ".Trash-\(uid)")]
    if isSharedTrash(shared) { candidates.insert(PathName.join(shared, "\(uid)"), at: 0) }
    for root in candidates {
      do throws(TrashCan.Unusable) {
        try ownFolder(root, uid: uid)
        try ownFolder(PathName.join(root, "files"), uid: uid)
        try ownFolder(PathName.join(root, "info"), uid: uid)
        let can = TrashCan(root: root, topFolder: top)
        if can.isOn(device) { return can }
        reason = "the trash folder is on another file system"
      } catch {
        reason = error.reason
      }
    }
    throw .noTrash(path: path, reason: reason)
  }

  /// Why a can's folder is not used.
  struct Unusable: Error {
    let reason: String
  }

  private func isOn(_ device: dev_t) -> Bool {
    (try? FileStatus.target(files).st_dev) == device
      && (try? FileStatus.target(info).st_dev)
        == device
  }

  /// The device of `path`, or of its nearest folder that exists.
  private static func nearestDevice(of path: String) -> dev_t? {
    var current = path
    while true {
      if let status = try? FileStatus.target(current) { return status.st_dev }
      let parent = PathName.parent(current)
      if parent == current { return nil }
      current = parent
    }
  }

  /// The top folder of the file system holding `folder` (a real path, no links): the
  /// highest folder above it on `device`, its mount point. Nil when `folder` itself is on
  /// another device (the file is a mount point of its own).
  private static func topFolder(of folder: String, device: dev_t) -> String? {
    guard (try? FileStatus.target(folder).st_dev) == device else { return nil }
    var top = folder
    while top != "/" {
      let parent = PathName.parent(top)
      guard (try? FileStatus.target(parent).st_dev) == device else { break }
      top = parent
    }
    return top
  }

  /// Whether `path` is a shared trash the specification allows: a folder, not a symbolic
  /// link, with the sticky bit, so no user can take another's folder in it.
  private static func isSharedTrash(_ path: String) -> Bool {
    guard let status = try? FileStatus.link(path) else { return false }
    return FileStatus.kind(status) == S_IFDIR && status.st_mode & S_ISVTX != 0
  }

  /// Makes `path` with mode 0700 when missing, then checks it is a real folder (not a
  /// symbolic link) owned by `uid`: anything else may be another user's trap.
  private static func ownFolder(_ path: String, uid: uid_t) throws(Unusable) {
    let made = PathBytes.withFileSystemRepresentation(path) { mkdir($0, 0o700) }
    if made != 0, errno != EEXIST { throw Unusable(reason: SystemError.current().reason) }
    let status: stat
    do {
      status = try FileStatus.link(path)
    } catch {
      throw Unusable(reason: error.reason)
    }
    let name = TextSanitizer.sanitize(PathName.lastComponent(path))
    guard FileStatus.kind(status) == S_IFDIR else {
      throw Unusable(reason: "\(name) is not a folder")
    }
    guard status.st_uid == uid else { throw Unusable(reason: "\(name) is not yours") }
  }
}
