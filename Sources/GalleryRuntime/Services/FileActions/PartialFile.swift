import FoundationEssentials
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The gallery's own temporary files: a copy or a rewrite being written, beside the name
/// it will take, as `.NAME.gallery-partial-PID-N` (a copy's), `.NAME.gallery-turning-PID-N`
/// (a rewrite's), `.NAME.gallery-moving-PID-N` (a moved source set aside) or
/// `.NAME.gallery-sidecars-PID-N` (a note of sidecars to follow a moved picture).
///
/// Hidden (a leading dot), so a scan does not show it; the process id says whose it is,
/// so leftovers of a killed run can be told from a running one's; N counts within the
/// process. The writer holds an exclusive `flock` on the file from its creation until it
/// has taken its name (or is removed): a gallery in another PID namespace (a container, a
/// Flatpak) writing into a shared folder has an id that looks gone from here, and its
/// lock is what tells that it still writes.
///
/// Every name fits the folder's file system: NAME is the file's name cut, at a
/// character's boundary, to what leaves room for the rest within the longest name the
/// file system takes (`NAME_MAX`, 255 bytes on ext4, tmpfs, XFS and Btrfs), so a picture
/// of a 255-byte name is copied, moved and turned like any other. The marker, the process
/// id and the number are never cut: `owner(ofName:)` reads them from the end. A cut name
/// loses the link to the final name, and nothing needs it: a leftover is never put in
/// place. A copy's leftover is only ever part of a file still whole under its own name,
/// and is removed. A rewrite's may be more: the exchange that puts the new content in
/// place leaves the file it swapped out under the temporary name until it is checked, and
/// when another program saved the picture just before, that is the other program's
/// version; killed then, the gallery leaves it there. So a rewrite's leftover goes to the
/// Trash, never unlinked, and stays when there is no Trash to take it. So does a move's:
/// the source of a move across disks is set aside under a temporary name once copied, and
/// is either the file copied (removed next) or another program's save that took the name
/// meanwhile (given its name back next); killed in between, or when the name was taken
/// again, the gallery leaves it there.
enum PartialFile {
  /// What a temporary file is written for, which its name says.
  enum Purpose: Equatable, Sendable, CaseIterable {
    /// A copy (or a move across disks) of a file that stays whole under its own name.
    case copy
    /// New content for a file in place (a turn): `FileRewrite`.
    case rewrite
    /// The source of a move across disks, set aside once copied, until it is checked to
    /// be the file copied and removed (`SafeMove`).
    case move
    /// A note naming a picture's moves until its sidecars have followed it
    /// (`SidecarNote`): a dead gallery's finishes them, then is removed.
    case sidecars

    /// What the temporary name holds between the file's name and the process id.
    var marker: String {
      switch self {
      case .copy: ".gallery-partial-"
      case .rewrite: ".gallery-turning-"
      case .move: ".gallery-moving-"
      case .sidecars: ".gallery-sidecars-"
      }
    }

    /// Whether a dead process's leftover may be the user's own file, not only a part of
    /// one still whole elsewhere: it goes to the Trash, never unlinked.
    var mayBeTheUsers: Bool {
      switch self {
      case .copy, .sidecars: false
      case .rewrite, .move: true
      }
    }
  }

  /// Whose a temporary file is, and what for, as its name says.
  struct Owner: Equatable {
    let pid: pid_t
    let purpose: Purpose
  }

  /// The longest name (in bytes) of the file systems pictures are kept on; a file system
  /// that takes fewer says so (`pathconf`).
  static let longestName = 255

  private static let counter = Locked(0)

  /// The temporary name for `N` in `folder` for a file named `name`, at most
  /// `longestName` bytes long: `name` is cut at a character's boundary to fit.
  static func path(
    in folder: String, for name: String, pid: pid_t, number: Int, purpose: Purpose = .copy,
    longestName: Int = longestName
  ) -> String {
    let tail = "\(purpose.marker)\(pid)-\(number)"
    let room = max(0, longestName - 1 - tail.utf8.count)
    return PathName.join(folder, "." + prefix(of: name, bytes: room) + tail)
  }

  /// The longest start of `name` that is at most `limit` bytes on disk: whole scalars
  /// (UTF-8 sequences), each escape of a byte that is not UTF-8 one byte (`PathBytes`).
  static func prefix(of name: String, bytes limit: Int) -> String {
    var used = 0
    var kept = String.UnicodeScalarView()
    for scalar in name.unicodeScalars {
      used += PathBytes.byte(escapedBy: scalar) == nil ? UTF8.width(scalar) : 1
      if used > limit { break }
      kept.append(scalar)
    }
    return String(kept)
  }

  /// The longest name the file system of `folder` takes, at most `longestName`.
  static func longestName(in folder: String) -> Int {
    let limit = PathBytes.withFileSystemRepresentation(folder) { pathconf($0, Int32(_PC_NAME_MAX)) }
    // A file system too odd to say (or one of under 64 bytes) gets the usual limit.
    return limit >= 64 ? min(limit, longestName) : longestName
  }

  /// A temporary file open for writing, locked (`flock`, exclusive) until `release()`.
  ///
  /// The lock is held through a second descriptor of the same open file, so it lasts
  /// past the close of `descriptor` (which reports a failed write on some file systems)
  /// until the file has taken its name: a tidier that finds the name meanwhile sees a
  /// file still written.
  struct Writing {
    let path: String
    /// Where the bytes go; the writer closes it.
    let descriptor: Int32
    /// Holds the lock.
    private let holder: Int32

    fileprivate init(path: String, descriptor: Int32, holder: Int32) {
      self.path = path
      self.descriptor = descriptor
      self.holder = holder
    }

    /// Lets the lock go: once the file has its name, or is removed.
    func release() {
      if holder >= 0 { close(holder) }
    }

    /// Removes the file (its descriptor already closed), then lets the lock go.
    func remove() {
      PartialFile.remove(path)
      release()
    }
  }

  /// Creates a new empty file beside `destination` (`O_EXCL`, so never one that exists)
  /// for `purpose`, mode 0600 until it is whole, open for writing and locked.
  static func create(beside destination: String, for purpose: Purpose = .copy)
    throws(SystemError) -> Writing
  {
    while true {
      let path = nextPath(beside: destination, for: purpose)
      let descriptor = PathBytes.withFileSystemRepresentation(path) {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
      }
      guard descriptor >= 0 else {
        // A leftover of an earlier process with this id holds the name: take the next.
        if errno != EEXIST { throw .current() }
        continue
      }
      // Another namespace's tidier, taking this process for gone, got the lock between
      // the creation and now, and removes the file: take the next name. A file system
      // without locks (an error other than EWOULDBLOCK) writes unlocked; none is tidied.
      if flock(descriptor, LOCK_EX | LOCK_NB) != 0, errno == EWOULDBLOCK {
        close(descriptor)
        continue
      }
      let holder = fcntl(descriptor, F_DUPFD_CLOEXEC, 0)
      guard holder >= 0 else {
        let failure = SystemError.current()
        close(descriptor)
        remove(path)
        throw failure
      }
      return Writing(path: path, descriptor: descriptor, holder: holder)
    }
  }

  /// A fresh temporary name beside `destination`, not created.
  static func nextPath(beside destination: String, for purpose: Purpose = .copy) -> String {
    let number = counter.withLock { count in
      count += 1
      return count
    }
    let folder = PathName.parent(destination)
    return path(
      in: folder, for: PathName.lastComponent(destination), pid: getpid(), number: number,
      purpose: purpose, longestName: longestName(in: folder))
  }

  /// Whose temporary file (and what for) the name `name` is, or nil when it is not one.
  static func owner(ofName name: String) -> Owner? {
    guard name.hasPrefix(".") else { return nil }
    for purpose in Purpose.allCases {
      guard let range = name.ranges(of: purpose.marker).last else { continue }
      let rest = name[range.upperBound...].split(separator: "-", omittingEmptySubsequences: false)
      guard rest.count == 2, let pid = pid_t(rest[0]), pid > 0, Int(rest[1]) != nil else {
        continue
      }
      return Owner(pid: pid, purpose: purpose)
    }
    return nil
  }

  /// Whether `name` holds one of the markers (not yet whether it is a temporary name).
  static func mayBeTemporary(_ name: UnsafePointer<CChar>) -> Bool {
    Purpose.allCases.contains { strstr(name, $0.marker) != nil }
  }

  /// What became of a name that may be a leftover (`removeIfLeftover`).
  enum Leftover: Equatable {
    /// Not a temporary name, this process's own, a running process's, or one a writer
    /// still holds locked (a gallery in another PID namespace).
    case none
    /// A dead process's copy, removed; or its note of sidecars to move, once they are.
    case removed
    /// A dead process's rewrite or set-aside source, put in the Trash.
    case trashed
    /// A dead process's temporary file that stays: another user's, not a file or a link,
    /// one that could not be unlinked (a read-only disk), or a rewrite's with no Trash
    /// to take it.
    case kept

    /// Whether it left the folder.
    var isGone: Bool { self == .removed || self == .trashed }
  }

  /// Tidies `name` in the folder open as `folder` (at `path`) when it is a leftover of a
  /// gallery that no longer runs: a temporary name whose process is gone
  /// (`ProcessLiveness`), a regular file of this user's that no writer holds locked
  /// (opened without following a link and locked, the lock held until it is gone), or a
  /// symbolic link (a copied or moved link's, which cannot be locked). A copy's is
  /// unlinked; a rewrite's or a move's, which may be the user's file or another program's
  /// save (see the type's note), goes to `trash`, and stays when there is none or it
  /// refuses. Anything else stays.
  static func removeIfLeftover(
    named name: String, in folder: Int32, at path: String, trash: Trash?
  ) -> Leftover {
    guard let owner = owner(ofName: name), owner.pid != getpid(),
      ProcessLiveness.isGone(owner.pid)
    else { return .none }
    var status = stat()
    let found = PathBytes.withFileSystemRepresentation(name) {
      fstatat(folder, $0, &status, AT_SYMLINK_NOFOLLOW)
    }
    let kind = status.st_mode & S_IFMT
    guard found == 0, kind == S_IFREG || kind == S_IFLNK, status.st_uid == getuid() else {
      return .kept
    }
    if kind == S_IFLNK {
      if owner.purpose.mayBeTheUsers { return trashed(name, at: path, trash: trash) }
      return unlinked(name, in: folder) ? .removed : .kept
    }
    let file = PathBytes.withFileSystemRepresentation(name) {
      openat(folder, $0, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
    }
    guard file >= 0 else { return .kept }
    defer { close(file) }
    guard flock(file, LOCK_EX | LOCK_NB) == 0 else {
      return errno == EWOULDBLOCK ? .none : .kept
    }
    // The file locked is the one the name held.
    var opened = stat()
    guard fstat(file, &opened) == 0, opened.st_dev == status.st_dev, opened.st_ino == status.st_ino
    else { return .kept }
    if owner.purpose.mayBeTheUsers { return trashed(name, at: path, trash: trash) }
    if owner.purpose == .sidecars {
      let note = FileReader.read(file, at: 0, count: min(Int(opened.st_size), 1 << 20))
      guard SidecarNote.finish(note, trash: trash) else { return .kept }
    }
    return unlinked(name, in: folder) ? .removed : .kept
  }

  private static func trashed(_ name: String, at folder: String, trash: Trash?) -> Leftover {
    guard let trash, (try? trash.trash(PathName.join(folder, name), at: Date())) != nil else {
      return .kept
    }
    return .trashed
  }

  private static func unlinked(_ name: String, in folder: Int32) -> Bool {
    PathBytes.withFileSystemRepresentation(name) { unlinkat(folder, $0, 0) } == 0
  }

  /// Removes the temporary file at `path`; a failure is ignored, since the file is the
  /// gallery's own and a later `removeLeftovers` finds it.
  static func remove(_ path: String) {
    _ = PathBytes.withFileSystemRepresentation(path) { unlink($0) }
  }
}
