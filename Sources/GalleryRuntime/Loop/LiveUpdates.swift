import Dispatch
import Gallery

/// Live updates for the run loop: the folder watcher, and the batches it sends held back
/// while a scan runs.
///
/// The watcher starts just before the scan, so nothing that changes while the scan runs
/// is missed; its batches report each path's final state, so applying them once the scan
/// has finished is faithful (see `FolderWatcher`). A batch asking for a rescan starts a
/// fresh scan in the background; its library replaces what is shown, and batches that
/// arrive meanwhile wait for it too.
@MainActor
final class LiveUpdates {
  private let scanner: any PictureScanning
  private let post: @Sendable (Delivery) -> Void
  private var watcher: (any FolderWatching)?
  private var held: [FolderChanges] = []
  private var rescanning: ScanCancellation?
  /// Whether a scan (the first or a rescan) is running: batches wait until it ends.
  private(set) var isScanning = true

  /// `post` puts a message in the run loop's inbox and wakes it; it runs on other threads.
  init(scanner: any PictureScanning, post: @escaping @Sendable (Delivery) -> Void) {
    self.scanner = scanner
    self.post = post
  }

  /// Starts watching; returns why live updates are off or partial (for the status line).
  func start() -> [WatchWarning] {
    let post = self.post
    let watcher = scanner.watcher { changes in post(.watched(changes)) }
    self.watcher = watcher
    return watcher.start()
  }

  /// What the state should see for a batch now: nothing while a scan runs (it is held),
  /// a rescan when the kernel dropped events, else the batch.
  func receive(_ changes: FolderChanges) -> [GalleryEvent] {
    if isScanning {
      held.append(changes)
      return []
    }
    if changes.needsRescan {
      startRescan()
      return []
    }
    return [.foldersChanged(changes)]
  }

  /// The scan has finished: the held batches, in order (or a rescan if one asks for it).
  func scanFinished() -> [GalleryEvent] {
    isScanning = false
    let batches = held
    held = []
    if batches.contains(where: \.needsRescan) {
      startRescan()
      return []
    }
    return batches.map { .foldersChanged($0) }
  }

  /// The rescan's library arrived: it replaces the content, then the held batches follow.
  func rescanFinished(_ library: Library) -> [GalleryEvent] {
    rescanning = nil
    return [.rescanned(library)] + scanFinished()
  }

  private func startRescan() {
    guard rescanning == nil else { return }
    isScanning = true
    let cancellation = ScanCancellation()
    rescanning = cancellation
    let scanner = self.scanner
    let post = self.post
    DispatchQueue.global(qos: .userInitiated).async {
      let library = scanner.library(cancellation: cancellation)
      if !cancellation.isCancelled { post(.rescanFinished(library)) }
    }
  }

  /// Stops the watcher and any rescan.
  func stop() {
    rescanning?.cancel()
    watcher?.stop()
  }
}
