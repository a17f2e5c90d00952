import CNcursesw
import FoundationEssentials
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The temporary files pictures travel to a kitty on this machine by (`t=t`).
///
/// They live in a folder of the gallery's own (mode 0700, so no one else can put a file
/// where kitty will look) in `/dev/shm` (memory) when there is one, else `/tmp`: the
/// folders kitty deletes a file from once it has read it, when its path holds
/// `tty-graphics-protocol`. Files are created new (`O_EXCL`, never following a link) with
/// mode 0600. What kitty passed over (it could not read it) the gallery deletes, and all
/// of them and the folder when it ends. The folder is locked (`flock`) while the gallery
/// runs: a folder whose lock can be taken was left by a gallery that was killed, and the
/// next one deletes it.
final class KittyTransferFiles {
  /// The folder and the start of every name: `/dev/shm/tty-graphics-protocol-gallery-…/`.
  let prefix: String
  private let folder: String
  /// The folder, open and locked for as long as the gallery runs.
  private let lock: Int32
  /// Files written and not known gone, with when.
  /// The files not yet gone, oldest first, each with when it was written and the number of
  /// the frame (the `write`) it came in.
  private var written: [(path: String, time: ContinuousClock.Instant, frame: Int)] = []
  /// How many times `write` has been called: the number of the next frame.
  private var frames = 0
  private let clock = ContinuousClock()
  private var isRemoved = false

  /// The start of the folders' names.
  static let namePrefix = "tty-graphics-protocol-gallery-"

  /// Makes the folder; nil when it cannot be made (pictures then go directly). The
  /// folders of galleries that were killed before they could delete theirs go on a
  /// thread of the program's (`TerminalLeftovers.removeAbandoned()`), not before the first
  /// frame.
  init?() {
    let parent = Self.parentFolder()
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    folder = "\(parent)/\(Self.namePrefix)\(getpid())-\(random)"
    guard mkdir(folder, 0o700) == 0 else { return nil }
    let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0, flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
      if descriptor >= 0 { close(descriptor) }
      rmdir(folder)
      return nil
    }
    lock = descriptor
    prefix = folder + "/"
  }

  /// `/dev/shm` when it is a folder this user can write, else `/tmp`.
  static func parentFolder() -> String {
    var status = stat()
    if stat("/dev/shm", &status) == 0, status.st_mode & S_IFMT == S_IFDIR,
      access("/dev/shm", W_OK) == 0
    {
      return "/dev/shm"
    }
    return "/tmp"
  }

  /// A new file of one transparent RGBA pixel for the probe's query by file; nil when
  /// none could be made.
  static func probeFile() -> String? {
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    let path = "\(parentFolder())/\(namePrefix)\(getpid())-\(random)-probe"
    return write([0, 0, 0, 0], to: path) ? path : nil
  }

  /// The process id a name of `namePrefix` carries (`…-PID-RANDOM`, and `-probe` after
  /// that for the probe's file); nil for another name.
  static func owner(ofName name: String) -> pid_t? {
    guard name.hasPrefix(namePrefix) else { return nil }
    let parts = name.dropFirst(namePrefix.count).split(
      separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 2 || (parts.count == 3 && parts[2] == "probe"),
      let pid = pid_t(parts[0]), pid > 0
    else { return nil }
    return pid
  }

  /// Deletes what galleries no longer running left in `parent`, and counts it: what a
  /// process that is gone (`kill(pid, 0)` fails with `ESRCH`) named with its id. Its
  /// folders, when no gallery holds their lock, each opened without following a link and
  /// emptied through its descriptor, so nothing outside it is touched; its probe's files
  /// (`…-PID-RANDOM-probe`), each a regular file of this user's, looked at without
  /// following a link. A live process's stay, whatever their state: a gallery starting
  /// has made its folder and not yet locked it.
  @discardableResult
  static func removeAbandoned(in parent: String) -> TerminalLeftovers {
    var leftovers = TerminalLeftovers()
    for name in (try? FileManager.default.contentsOfDirectory(atPath: parent)) ?? [] {
      guard let pid = owner(ofName: name), pid != getpid(), ProcessLiveness.isGone(pid) else {
        continue
      }
      let path = parent + "/" + name
      if name.hasSuffix("-probe") {
        leftovers.found += 1
        var status = stat()
        guard lstat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
          status.st_uid == getuid(), unlink(path) == 0
        else { continue }
        leftovers.removed += 1
      } else if removeAbandonedFolder(path) {
        leftovers.found += 1
        leftovers.removed += 1
      }
    }
    return leftovers
  }

  /// Empties and removes the folder at `path` when it is this user's and no gallery holds
  /// its lock; whether it was removed. The lock is held until the folder is gone.
  private static func removeAbandonedFolder(_ path: String) -> Bool {
    let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
    guard descriptor >= 0 else { return false }
    var status = stat()
    guard fstat(descriptor, &status) == 0, status.st_uid == getuid(),
      flock(descriptor, LOCK_EX | LOCK_NB) == 0, let entries = fdopendir(descriptor)
    else {
      close(descriptor)
      return false
    }
    defer { closedir(entries) }
    while let entry = readdir(entries) {
      let file = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
        String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
      }
      if file != "." && file != ".." { unlinkat(descriptor, file, 0) }
    }
    return rmdir(path) == 0
  }

  /// Writes `bytes` to a new file at `path`; false when it could not be made whole (kitty
  /// then answers an error and the picture is sent directly).
  @discardableResult
  static func write(_ bytes: [UInt8], to path: String) -> Bool {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { return false }
    defer { close(descriptor) }
    let status = bytes.withUnsafeBufferPointer {
      gallery_write_all(descriptor, $0.baseAddress, $0.count)
    }
    return status == 0
  }

  /// Writes the files a frame's bytes name, before those bytes go out; false when one
  /// could not be written whole (a full memory disk): the frame must then go without, and
  /// none of its files stays.
  func write(_ files: [KittyFile]) -> Bool {
    for (index, file) in files.enumerated() where !Self.write(file.bytes, to: file.path) {
      for written in files[...index] { unlink(written.path) }
      return false
    }
    let now = clock.now
    written += files.map { ($0.path, now, frames) }
    frames += 1
    return true
  }

  /// How many files kitty has not reached yet, as the last `sweep` found.
  var unread: Int { written.count }

  /// How many frames kitty has not read whole yet, as the last `sweep` found: a page of
  /// pictures is one frame of many files, and only frames tell how far behind kitty is.
  var unreadFrames: Int {
    zip(written, written.dropFirst()).count { $0.frame != $1.frame } + (written.isEmpty ? 0 : 1)
  }

  /// Deletes the files kitty will not read. kitty takes the commands in the order they
  /// were written and deletes each file once read, so a file still there while a later
  /// one is gone was passed over (kitty could not read it). A file kitty has not reached
  /// yet stays, however far behind it is (it reads a video's frames seconds after they
  /// were written when it draws slower than they come, and a frame whose file went first
  /// is a black picture), unless it is older than `limit` (a kitty that stopped reading).
  func sweep(now: ContinuousClock.Instant? = nil, limit: Duration = .seconds(60)) {
    let now = now ?? clock.now
    let lastTaken = written.lastIndex { access($0.path, F_OK) != 0 && errno == ENOENT }
    if let lastTaken {
      for file in written[...lastTaken] { unlink(file.path) }
      written.removeFirst(lastTaken + 1)
    }
    written.removeAll { file in
      guard file.time.duration(to: now) >= limit else { return false }
      unlink(file.path)
      return true
    }
  }

  /// Deletes every file not yet gone, and the folder: when the gallery ends.
  func removeAll() {
    guard !isRemoved else { return }
    isRemoved = true
    for file in written { unlink(file.path) }
    written = []
    rmdir(folder)
    close(lock)
  }
}
