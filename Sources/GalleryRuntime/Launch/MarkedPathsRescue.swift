import FoundationEssentials
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The marked pictures' paths, kept in a file of the state folder when `-o` cannot print
/// them (standard output is a pipe whose reader is gone, a full disk) or the gallery is
/// stopped by a signal: the marks are the user's work, never lost.
package enum MarkedPathsRescue {
  /// Why the paths could not be kept either.
  package struct Failure: Error, CustomStringConvertible, Sendable {
    package let description: String
  }

  /// Writes `bytes` (what `-o` prints, with its separators) to a new file of the state
  /// folder, `marked-YYYYMMDD-HHMMSS.txt` (`-2`, `-3`, … when that name is taken: nothing
  /// is overwritten); returns its path.
  package static func save(
    _ bytes: [UInt8], environment: [String: String], now: Date = Date()
  ) throws(Failure) -> String {
    guard let folder = StateFolder.path(environment: environment) else {
      throw Failure(description: "there is no state folder (neither XDG_STATE_HOME nor HOME)")
    }
    do throws(SystemError) {
      try Folders.create(folder)
    } catch {
      throw Failure(description: "\(folder) cannot be made: \(error.reason)")
    }
    let stamp = stampText(now)
    for attempt in 1...100 {
      let name = "marked-\(stamp)" + (attempt == 1 ? "" : "-\(attempt)") + ".txt"
      let path = PathName.join(folder, name)
      let file = PathBytes.withFileSystemRepresentation(path) {
        open($0, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
      }
      if file < 0 {
        if errno == EEXIST { continue }
        throw Failure(description: "\(path) cannot be made: \(SystemError.current().reason)")
      }
      defer { close(file) }
      do throws(SystemError) {
        try DescriptorIO.writeAll(bytes, to: file)
        guard fsync(file) == 0 else { throw .current() }
      } catch {
        throw Failure(description: "\(path) cannot be written: \(error.reason)")
      }
      return path
    }
    throw Failure(description: "every name for it in \(folder) is taken")
  }

  /// `20260314-091200`, in local time.
  static func stampText(_ date: Date) -> String {
    var seconds = time_t(date.timeIntervalSince1970)
    var parts = tm()
    localtime_r(&seconds, &parts)
    func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
    return "\(parts.tm_year + 1900)\(two(parts.tm_mon + 1))\(two(parts.tm_mday))-"
      + "\(two(parts.tm_hour))\(two(parts.tm_min))\(two(parts.tm_sec))"
  }
}
