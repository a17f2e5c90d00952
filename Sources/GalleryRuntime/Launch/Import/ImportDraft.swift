import CFileCalls
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// A copy on its way to its name: where its bytes are written, read back from, and how it
/// takes the name.
///
/// Unnamed where the file system allows it: a file made in the destination's folder with
/// no name at all (`O_TMPFILE`), which no other program can find by a name or put another
/// file in place of, and which a kill frees with nothing left behind; once checked, a hard
/// link gives it its name, and a link never replaces a file (`EEXIST`). The copy read back
/// is the very file written, through its own descriptor, and the file named is the file
/// read back. FAT, exFAT, NFS, SMB and many FUSE file systems have no unnamed files, or no
/// links to name them: there the copy is a locked temporary file beside its name
/// (`PartialFile`), renamed while the name is free (`FreeName`), which a later import or
/// scan tidies if a kill leaves it.
enum ImportDraft {
  /// A file with no name, open as `descriptor` until it is named or dropped: closing it
  /// would free it.
  case unnamed(descriptor: Int32)
  /// A temporary file beside the destination, locked until named or removed.
  case named(PartialFile.Writing)

  /// Whether unnamed files can be named afterwards here: through `/proc/self/fd`, which a
  /// process without `/proc` (some containers) lacks.
  private static let namesUnnamedFiles = access("/proc/self/fd", X_OK) == 0

  /// Whether an unnamed file made on each file system (by device) could be linked to a
  /// name: some that make them have no hard links (FUSE ones), found out once.
  private static let linksUnnamedFiles = Locked([UInt64: Bool]())

  /// A new, empty draft of the copy to `destination`, mode 0600 until it is whole:
  /// unnamed when `unnamed` and the file system has such files and can name them, else a
  /// temporary file.
  static func create(beside destination: String, unnamed: Bool = true) throws(SystemError)
    -> ImportDraft
  {
    if unnamed && namesUnnamedFiles {
      let folder = PathName.parent(destination)
      let descriptor = PathBytes.withFileSystemRepresentation(folder) {
        gallery_open_unnamed($0, 0o600)
      }
      if descriptor >= 0 {
        if linksNames(descriptor, beside: destination) { return .unnamed(descriptor: descriptor) }
        close(descriptor)
      } else {
        let failure = SystemError.current()
        // Only a file system without unnamed files falls back; any other failure (no such
        // folder, no permission, no space) is the folder's, and the temporary file's too.
        guard [EOPNOTSUPP, EISDIR, EINVAL].contains(failure.code) else { throw failure }
      }
    }
    return .named(try PartialFile.create(beside: destination))
  }

  /// Whether unnamed files of the file system of `descriptor` can be linked to a name,
  /// tried once per file system on an unnamed file of its own (a file once linked cannot
  /// be linked again after its name is gone), linked to a temporary name beside
  /// `destination` and unlinked at once.
  private static func linksNames(_ descriptor: Int32, beside destination: String) -> Bool {
    var status = stat()
    guard fstat(descriptor, &status) == 0 else { return false }
    let device = UInt64(status.st_dev)
    if let known = linksUnnamedFiles.withLock({ $0[device] }) { return known }
    let trial = PathBytes.withFileSystemRepresentation(PathName.parent(destination)) {
      gallery_open_unnamed($0, 0o600)
    }
    guard trial >= 0 else { return false }
    defer { close(trial) }
    let name = PartialFile.nextPath(beside: destination)
    let result = link(trial, to: name)
    let code = result == 0 ? 0 : errno
    let linked = result == 0
    if linked { PartialFile.remove(name) }
    // A failure of this one name (taken, no space for a name) says nothing of the file
    // system: only a refusal of links is remembered.
    let refused = [EPERM, EOPNOTSUPP, ENOTSUP, EMLINK].contains(code)
    if linked || refused { linksUnnamedFiles.withLock { $0[device] = linked } }
    return linked
  }

  /// Links the unnamed file open as `descriptor` to `path` (never over a file there):
  /// 0, or -1 with `errno` set.
  private static func link(_ descriptor: Int32, to path: String) -> Int32 {
    PathBytes.withFileSystemRepresentation(path) {
      linkat(AT_FDCWD, "/proc/self/fd/\(descriptor)", AT_FDCWD, $0, AT_SYMLINK_FOLLOW)
    }
  }

  /// Where the bytes are written.
  var descriptor: Int32 {
    switch self {
    case .unnamed(let descriptor): descriptor
    case .named(let file): file.descriptor
    }
  }

  /// The path the copy is read back through: the unnamed file's own descriptor's, or the
  /// temporary file's name.
  var readingPath: String {
    switch self {
    case .unnamed(let descriptor): "/proc/self/fd/\(descriptor)"
    case .named(let file): file.path
    }
  }

  /// Whether the writer closes `descriptor` once the copy is written whole: a temporary
  /// file's, not an unnamed file's, which lives only while it is open.
  var closesWhenWritten: Bool {
    if case .named = self { return true }
    return false
  }

  /// Gives the checked copy the name `destination` while that name is free; the draft is
  /// done with either way (`FreeName.Failure.refused(.exists)`: the name was taken).
  func takeName(_ destination: String) throws(FreeName.Failure) {
    switch self {
    case .unnamed(let descriptor):
      defer { close(descriptor) }
      guard Self.link(descriptor, to: destination) != 0 else { return }
      let failure = SystemError.current()
      if failure.code == EXDEV { throw .otherFileSystem }
      if failure.code == EEXIST { throw .refused(.exists(path: destination)) }
      throw .refused(
        .writing(failure, path: destination, folder: PathName.parent(destination), operation: .copy)
      )
    case .named(let file):
      defer { file.release() }
      do throws(FreeName.Failure) {
        try FreeName.rename(file.path, to: destination, operation: .copy, flushing: false)
      } catch {
        PartialFile.remove(file.path)
        throw error
      }
    }
  }

  /// Drops the draft: an unnamed file closed (and so freed), a temporary file removed
  /// (unless `removing` is false: what is at its name is no longer this copy) and its lock
  /// let go. A temporary file's descriptor is the writer's to have closed.
  func drop(removing: Bool = true) {
    switch self {
    case .unnamed(let descriptor): close(descriptor)
    case .named(let file): if removing { file.remove() } else { file.release() }
    }
  }
}
