import Dispatch
import Gallery

/// What the run loop needs of the scan: the folders it shows, the scan in the background,
/// a whole rescan, and a watcher of the same folders. The loop's tests put a fake in its
/// place to decide what is found and when.
package protocol PictureScanning: Sendable {
  /// The folders scanned, in display order: where the actions on files put what arrives.
  var roots: [ScanRoot] { get }
  /// Starts the scan in the background and returns at once; `handler` gets its events
  /// on another thread, the last one `finished`.
  ///
  /// - Returns: the flag that stops the scan.
  func startScan(_ handler: @escaping @Sendable (ScanEvent) -> Void) -> ScanCancellation
  /// Scans everything again, on the caller's thread (a rescan the watcher asked for).
  func library(cancellation: ScanCancellation) -> Library
  /// A watcher of the folders this scan reads, reporting settled batches to `onChanges`
  /// on its own thread; nothing is watched until it starts.
  func watcher(onChanges: @escaping @Sendable (FolderChanges) -> Void) -> any FolderWatching
}

extension LibraryScanner: PictureScanning {
  package func startScan(_ handler: @escaping @Sendable (ScanEvent) -> Void) -> ScanCancellation {
    start(on: .global(qos: .userInitiated), handler)
  }

  package func watcher(onChanges: @escaping @Sendable (FolderChanges) -> Void)
    -> any FolderWatching
  {
    FolderWatcher(scanner: self, onChanges: onChanges)
  }
}
