import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// The temporary sidecars (`.NAME.xmp.PID.tmp`) a killed gallery left in a folder, set
/// aside the first time this process writes a sidecar there: once per folder, as a folder
/// of pictures may hold tens of thousands of names.
///
/// Never unlinked: killed between its exchange and its check, a gallery leaves under the
/// temporary name the sidecar it swapped out, which may be another program's last save
/// (darktable's history). So a leftover goes where `setAside` puts it (the Trash), and
/// stays where it is when there is no such place or it cannot go there.
enum SidecarLeftovers {
  private static let swept = Locked(Set<String>())

  /// Sets aside the leftovers in `folder` of processes that no longer run, the first
  /// time; `setAside` is given each one's path.
  static func sweepOnce(_ folder: String, setAside: SidecarStore.SetAside?) {
    guard let setAside, swept.withLock({ $0.insert(folder).inserted }) else { return }
    for name in Folders.names(in: folder) {
      guard let pid = owner(of: name), pid != getpid(), ProcessLiveness.isGone(pid) else {
        continue
      }
      _ = setAside(PathName.join(folder, name))
    }
  }

  /// The process a temporary sidecar's name says made it: `.IMG_1.CR2.xmp.4242.tmp`.
  static func owner(of name: String) -> pid_t? {
    guard name.hasPrefix("."), name.hasSuffix(".tmp") else { return nil }
    let middle = name.dropFirst().dropLast(4)
    guard let dot = middle.lastIndex(of: ".") else { return nil }
    let sidecar = middle[..<dot]
    guard sidecar.lowercased().hasSuffix(".xmp"), sidecar.count > 4 else { return nil }
    return pid_t(middle[middle.index(after: dot)...])
  }
}
