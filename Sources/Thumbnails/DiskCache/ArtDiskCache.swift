import FoundationEssentials
import Glibc
import SystemSupport
import TerminalKit

/// Drawn thumbnails on disk, so that a second visit, or `--print`, reads a file where it
/// would decode and draw: cell art and pictures encoded for kitty, sixel or iTerm2.
///
/// Lives beside the freedesktop thumbnails, in `$XDG_CACHE_HOME/gallery/art`
/// (`~/.cache/gallery/art`), one file per drawing named by the MD5 of its key. A key names
/// the file by identity (device, inode, size and modification time to the nanosecond: a
/// rewritten file is a new key, a renamed or hard-linked one the same) and everything the
/// drawing depends on (box, cell shape, symbols, colours, protocol, the renderer's
/// revision); the key is stored in the file too and checked on reading. Entries are
/// written to a temporary file and renamed, so a reader sees a whole entry or none; a
/// damaged one reads as a miss. The folder is kept under `byteLimit`: past it the entries
/// least recently written or read go first, down to three quarters of the limit. Every
/// failure (a read-only or full disk, no home) is silent: the cache is only a shortcut.
package final class ArtDiskCache: Sendable {
  /// The folder of entries.
  package let root: String
  /// False turns every read and write into a no-op (`--no-cache`).
  package let isEnabled: Bool
  /// The most bytes the entries may take.
  package let byteLimit: Int

  private struct Usage {
    /// Bytes of entries, as last counted plus what this process wrote since; nil until
    /// the first count.
    var bytes: Int?
    var isTrimming = false
    var written = 0
  }

  private let usage = Locked(Usage())

  /// 256 MiB: 80,000 thumbnails as cell art, or 2,000 tiles in kitty's pixels.
  package static let defaultByteLimit = 256 << 20

  /// A cache in `root`, or `$XDG_CACHE_HOME/gallery/art` (`~/.cache/gallery/art`).
  package init(root: String? = nil, isEnabled: Bool = true, byteLimit: Int = defaultByteLimit) {
    self.root = root ?? CacheFolders.cacheHome() + "/gallery/art"
    self.isEnabled = isEnabled
    self.byteLimit = max(0, byteLimit)
  }

  /// The cache beside the freedesktop thumbnails of `thumbnails` (`gallery/art` in the
  /// folder holding its `thumbnails`), on or off with it.
  package convenience init(beside thumbnails: ThumbnailDiskCache, byteLimit: Int = defaultByteLimit)
  {
    let parent = PathName.parent(thumbnails.root)
    self.init(
      root: parent + "/gallery/art", isEnabled: thumbnails.isEnabled, byteLimit: byteLimit)
  }

  /// The identity of the file at `path` as keys spell it: device, inode, size and
  /// modification time; nil when it cannot be read.
  package static func identity(path: String) -> String? {
    var info = stat()
    let found = PathBytes.withFileSystemRepresentation(path) { stat($0, &info) }
    guard found == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
    return "\(info.st_dev):\(info.st_ino):\(info.st_size):\(info.st_mtim.tv_sec)."
      + "\(info.st_mtim.tv_nsec)"
  }

  /// Where the entry for `key` lives.
  func entryPath(for key: String) -> String {
    "\(root)/\(MD5.hex(key.utf8)).art"
  }

  /// The entry stored under `key`, if whole.
  func load(_ key: String) -> ArtArchive.Entry? {
    guard isEnabled else { return nil }
    let path = entryPath(for: key)
    let descriptor = PathBytes.withFileSystemRepresentation(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var info = stat()
    guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
      info.st_size > 0, info.st_size <= Self.largestEntry
    else { return nil }
    let bytes = FileReader.read(descriptor, at: 0, count: Int(info.st_size))
    guard let entry = ArtArchive.decode(bytes, key: key) else {
      CacheFolders.remove(path)  // damaged: written by a crashed process, or by another version
      return nil
    }
    // Reading counts as use: the trim removes what was used least recently. Once a day
    // at most, so a warm run writes nothing.
    if time(nil) - info.st_mtim.tv_sec > 86_400 { futimens(descriptor, nil) }
    return entry
  }

  /// Stores `entry` under `key`; returns whether it was written.
  @discardableResult
  func store(_ entry: ArtArchive.Entry, key: String) -> Bool {
    guard isEnabled, CacheFolders.make(root) else { return false }
    let path = entryPath(for: key)
    let bytes = ArtArchive.encode(entry, key: key)
    guard bytes.count <= Self.largestEntry else { return false }
    let serial = usage.withLock { state -> Int in
      state.written += 1
      return state.written
    }
    let temporary = "\(root)/.\(getpid())-\(serial).part"
    guard Self.write(bytes, to: temporary), CacheFolders.rename(temporary, to: path) else {
      CacheFolders.remove(temporary)
      return false
    }
    noteWritten(bytes.count)
    return true
  }

  /// Entries past this many bytes are neither written nor read (a detail view in kitty's
  /// pixels is about 3 MB).
  static let largestEntry = 32 << 20

  /// Counts `count` bytes more and trims when the count passes the limit (one thread at
  /// a time; the first write of a process counts the folder).
  private func noteWritten(_ count: Int) {
    let trims = usage.withLock { state -> Bool in
      if let bytes = state.bytes { state.bytes = bytes + count }
      guard !state.isTrimming, (state.bytes ?? Int.max) > byteLimit else { return false }
      state.isTrimming = true
      return true
    }
    guard trims else { return }
    let remaining = trim()
    usage.withLock { state in
      state.bytes = remaining
      state.isTrimming = false
    }
  }

  /// Removes the least recently used entries until they take at most three quarters of
  /// the limit, and temporary files an hour old; returns the bytes left. O(entries).
  @discardableResult
  func trim() -> Int {
    guard let directory = PathBytes.withFileSystemRepresentation(root, { opendir($0) }) else {
      return 0
    }
    var entries: [(name: String, bytes: Int, used: Int)] = []
    let now = time(nil)
    while let record = readdir(directory) {
      let name = withUnsafePointer(to: record.pointee.d_name) { tuple in
        tuple.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
          PathBytes.string(fileSystemCString: $0)
        }
      }
      var info = stat()
      guard name != ".", name != "..",
        PathBytes.withFileSystemRepresentation(root + "/" + name, { lstat($0, &info) }) == 0
      else { continue }
      if name.hasSuffix(".part") {
        if now - info.st_mtim.tv_sec > 3600 { CacheFolders.remove(root + "/" + name) }
      } else if name.hasSuffix(".art") {
        entries.append((name, Int(info.st_size), Int(info.st_mtim.tv_sec)))
      }
    }
    closedir(directory)
    var total = entries.reduce(0) { $0 + $1.bytes }
    guard total > byteLimit else { return total }
    let goal = byteLimit / 4 * 3
    for entry in entries.sorted(by: { $0.used < $1.used }) where total > goal {
      if CacheFolders.remove(root + "/" + entry.name) { total -= entry.bytes }
    }
    return total
  }

  private static func write(_ bytes: [UInt8], to path: String) -> Bool {
    let file = PathBytes.withFileSystemRepresentation(path) {
      open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    }
    guard file >= 0 else { return false }
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        Glibc.write(file, buffer.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { break }
      offset += written
    }
    return close(file) == 0 && offset == bytes.count
  }
}
