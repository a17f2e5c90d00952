import Gallery
import Synchronization

/// A flag that stops a running scan; it is checked before each folder and every few
/// hundred files, so a cancelled scan ends within a few milliseconds.
package final class ScanCancellation: Sendable {
  private let flag = Atomic<Bool>(false)

  /// Makes a flag that is not yet set.
  package init() {}

  /// Asks the scan to stop; it then reports `finished` with `cancelled` set.
  package func cancel() { flag.store(true, ordering: .relaxed) }

  /// Whether `cancel()` has been called.
  package var isCancelled: Bool { flag.load(ordering: .relaxed) }
}
