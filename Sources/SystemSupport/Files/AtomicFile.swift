import TerminalKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Replaces files so that a reader, or the next run after a crash or power cut, sees
/// either the old content or the new one, never a mix: the favourites, the state file.
///
/// The bytes go to a temporary file in the same folder (so `rename` stays on one file
/// system), which is flushed with `fsync` before it is renamed over the target; the
/// folder is then flushed so the rename itself is durable.
package enum AtomicFile {
  /// The temporary name used by this process for `path`: `.NAME.PID.tmp` beside it.
  package static func temporaryPath(for path: String, pid: pid_t = getpid()) -> String {
    let folder = PathName.parent(path)
    return PathName.join(folder, ".\(PathName.lastComponent(path)).\(pid).tmp")
  }

  /// Writes `bytes` to `path` atomically with the given permission bits.
  ///
  /// - Throws: the `errno` of the first step that failed; the temporary file is removed.
  package static func replace(_ path: String, with bytes: [UInt8], mode: mode_t = 0o600)
    throws(SystemError)
  {
    let temporary = temporaryPath(for: path)
    let file = PathBytes.withFileSystemRepresentation(temporary) {
      open($0, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, mode)
    }
    guard file >= 0 else { throw .current() }
    do throws(SystemError) {
      try DescriptorIO.writeAll(bytes, to: file)
      guard fsync(file) == 0 else { throw .current() }
    } catch {
      close(file)
      remove(temporary)
      throw error
    }
    guard close(file) == 0 else {
      let error = SystemError.current()
      remove(temporary)
      throw error
    }
    let renamed = PathBytes.withFileSystemRepresentation(temporary) { from in
      PathBytes.withFileSystemRepresentation(path) { rename(from, $0) }
    }
    guard renamed == 0 else {
      let error = SystemError.current()
      remove(temporary)
      throw error
    }
    // Durability of the rename; a folder that cannot be flushed still holds the new file.
    let folder = PathBytes.withFileSystemRepresentation(PathName.parent(path)) {
      open($0, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
    }
    if folder >= 0 {
      fsync(folder)
      close(folder)
    }
  }

  /// Removes temporary files left beside `path` by processes that no longer run.
  package static func removeStaleTemporaries(for path: String) {
    let folder = PathName.parent(path)
    let prefix = ".\(PathName.lastComponent(path))."
    var stale: [String] = []
    for name in Folders.names(in: folder) {
      guard name.hasPrefix(prefix), name.hasSuffix(".tmp") else { continue }
      let pidText = name.dropFirst(prefix.count).dropLast(4)
      guard let pid = pid_t(pidText), pid != getpid() else { continue }
      if ProcessLiveness.isGone(pid) { stale.append(PathName.join(folder, name)) }
    }
    for path in stale { remove(path) }
  }

  /// Removes the file at `path` (`unlink`); a failure is ignored, as every caller's is.
  package static func remove(_ path: String) {
    _ = PathBytes.withFileSystemRepresentation(path) { unlink($0) }
  }
}
