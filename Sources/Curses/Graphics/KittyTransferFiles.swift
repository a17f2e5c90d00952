import CNcursesw
import Foundation
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
/// mode 0600. What kitty has not deleted within a few seconds (it could not read it) the
/// gallery deletes, and all of them and the folder when it ends.
final class KittyTransferFiles {
  /// The folder and the start of every name: `/dev/shm/tty-graphics-protocol-gallery-…/`.
  let prefix: String
  private let folder: String
  /// Files written and not known gone, with when.
  private var written: [(path: String, time: ContinuousClock.Instant)] = []
  private let clock = ContinuousClock()

  /// Makes the folder; nil when it cannot be made (pictures then go directly). The
  /// folders of galleries that were killed before they could delete theirs go first.
  init?() {
    folder = String(Self.newPrefix().dropLast())
    Self.removeAbandoned(in: (folder as NSString).deletingLastPathComponent)
    guard mkdir(folder, 0o700) == 0 else { return nil }
    prefix = folder + "/"
  }

  /// Deletes the folders (and their files) that galleries no longer running left in
  /// `parent`: named with their process id, which no process has now.
  static func removeAbandoned(in parent: String) {
    let start = "tty-graphics-protocol-gallery-"
    let manager = FileManager.default
    for name in (try? manager.contentsOfDirectory(atPath: parent)) ?? []
    where name.hasPrefix(start) && !name.hasSuffix("-probe") {
      let digits = name.dropFirst(start.count).prefix { $0.isNumber }
      guard let pid = pid_t(digits), pid > 0, kill(pid, 0) != 0, errno == ESRCH else { continue }
      let path = parent + "/" + name
      var status = stat()
      // Only a folder of this user's: another's is not the gallery's to delete.
      guard lstat(path, &status) == 0, status.st_uid == getuid(),
        (status.st_mode & S_IFMT) == S_IFDIR
      else { continue }
      for file in (try? manager.contentsOfDirectory(atPath: path)) ?? [] {
        unlink(path + "/" + file)
      }
      rmdir(path)
    }
  }

  /// A folder kitty deletes read files from, and a name start no other process uses.
  static func newPrefix() -> String {
    var folder = "/tmp"
    var isFolder: ObjCBool = false
    if FileManager.default.fileExists(atPath: "/dev/shm", isDirectory: &isFolder),
      isFolder.boolValue, access("/dev/shm", W_OK) == 0
    {
      folder = "/dev/shm"
    }
    let random = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    return "\(folder)/tty-graphics-protocol-gallery-\(getpid())-\(random)-"
  }

  /// A new file of one transparent RGBA pixel for the probe's query by file; nil when
  /// none could be made.
  static func probeFile() -> String? {
    let path = newPrefix() + "probe"
    return write([0, 0, 0, 0], to: path) ? path : nil
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
  /// could not be written whole (a full memory disk): the frame must then go without.
  func write(_ files: [KittyFile]) -> Bool {
    sweep(olderThan: .seconds(5))
    var whole = true
    for file in files {
      whole = Self.write(file.bytes, to: file.path) && whole
      written.append((file.path, clock.now))
    }
    return whole
  }

  /// Deletes the files kitty has had time to read: they are gone already (kitty deletes
  /// what it read), or it never will.
  func sweep(olderThan age: Duration) {
    let now = clock.now
    written.removeAll { file in
      guard file.time.duration(to: now) >= age else { return false }
      unlink(file.path)
      return true
    }
  }

  /// Deletes every file not yet gone, and the folder: when the gallery ends.
  func removeAll() {
    for file in written { unlink(file.path) }
    written = []
    rmdir(folder)
  }
}
