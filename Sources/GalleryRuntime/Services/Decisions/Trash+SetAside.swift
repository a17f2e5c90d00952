import FoundationEssentials
import Glibc
import XMPSidecars

extension Trash {
  /// Puts a file in this Trash, for what `SidecarStore` sets aside (a killed gallery's
  /// temporary sidecar, which may hold another program's save): false when it could not,
  /// and the file stays where it is.
  package var setsAside: SidecarStore.SetAside {
    { path in (try? self.trash(path, at: Date())) != nil }
  }
}
