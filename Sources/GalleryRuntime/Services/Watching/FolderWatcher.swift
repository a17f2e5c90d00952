import Dispatch
import FoundationEssentials
import Gallery
import SystemSupport

#if canImport(Glibc)
  import Glibc
#endif

/// Follows the shown folders with inotify and reports settled batches of changes.
///
/// Every folder under the scanner's roots is watched (empty ones too), and folders that
/// appear later are followed as they come. A file counts once it is closed after writing
/// or moved in, never while still empty; hidden names are skipped unless the scanner
/// includes them, links to folders unless it follows them, and the system's own file
/// systems (`/proc`, `/sys`, …) are never watched, as the scan never reads them. Bursts
/// are gathered for `timing` (by default 150 ms of quiet, at most 500 ms) and delivered as one `FolderChanges` to `onChanges`, on the watcher's own
/// thread. Apply each batch with `Library.applying(_:)`; a batch with `needsRescan` asks
/// for a fresh scan instead.
///
/// Batches report each path's final state, so applying one twice, or to a library
/// scanned after it was seen, is harmless (save for a folder removed and made again
/// while the scan ran, whose section the stale removal drops). That allows starting the
/// watcher just before the scan, keeping the batches that arrive while it runs, and
/// applying them in order once it has finished: nothing that changes meanwhile is missed.
///
/// ```swift
/// let watcher = FolderWatcher(scanner: scanner) { changes in post(.foldersChanged(changes)) }
/// status.warnings += watcher.start().map(\.description)
/// // then, on the app's thread, for each batch:
/// let update = library.applying(changes)
/// library = update.library
/// let difference = dataSource.apply(library.pictureSnapshot(reloading: update.rewritten))
/// ```
///
/// Live updates are a comfort, not a duty: when inotify is missing or its limits are
/// reached, `start()` returns warnings for the status line and the gallery goes on.
package final class FolderWatcher: Sendable {
  private struct Running {
    var wakeWrite: Int32
    var finished: DispatchSemaphore
    /// Every descriptor the watch holds: inotify's and both ends of the wake pipe.
    var descriptors: [Int32]
  }

  private let ordering: SectionOrdering
  private let includeHidden: Bool
  private let followsLinks: Bool
  private let timing: WatchTiming
  private let onChanges: @Sendable (FolderChanges) -> Void
  private let running = Locked<Running?>(nil)

  /// A watcher over the folders `scanner` shows; nothing is watched until `start()`.
  package init(
    scanner: LibraryScanner, timing: WatchTiming = WatchTiming(),
    onChanges: @escaping @Sendable (FolderChanges) -> Void
  ) {
    self.ordering = SectionOrdering(roots: scanner.roots)
    self.includeHidden = scanner.includeHidden
    self.followsLinks = scanner.followsLinks
    self.timing = timing
    self.onChanges = onChanges
  }

  deinit { stop() }

  /// Watches the folders and starts the watcher's thread; does nothing if it runs already.
  ///
  /// - Returns: why live updates are off or partial (empty when all is well); the
  ///   descriptions are worded for the status line ("live updates off: …").
  @discardableResult
  package func start() -> [WatchWarning] {
    #if os(Linux)
      return running.withLock { running -> [WatchWarning] in
        guard running == nil else { return [] }
        let inotify = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard inotify >= 0 else {
          return [.unavailable(reason: "inotify: \(SystemError.current().reason)")]
        }
        var pipeEnds: [Int32] = [-1, -1]
        guard pipe(&pipeEnds) == 0 else {
          let reason = SystemError.current().reason
          close(inotify)
          return [.unavailable(reason: "wake pipe: \(reason)")]
        }
        // pipe2 is not visible from Swift; set close-on-exec right after.
        for end in pipeEnds { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        let loop = WatchLoop(
          inotify: inotify, wake: pipeEnds[0], ordering: ordering, includeHidden: includeHidden,
          followsLinks: followsLinks, timing: timing, deliver: onChanges)
        let warnings = loop.watchRoots()
        let finished = DispatchSemaphore(value: 0)
        SystemThread.start(name: "gallery.folder-watcher") {
          TerminalSignals.blockOnCurrentThread()
          loop.run()
          finished.signal()
        }
        running = Running(
          wakeWrite: pipeEnds[1], finished: finished,
          descriptors: [inotify, pipeEnds[0], pipeEnds[1]])
        return warnings
      }
    #else
      return [.unavailable(reason: "inotify needs Linux")]
    #endif
  }

  /// Stops the thread and waits for it to end; its descriptors are closed on return.
  /// No batch is delivered after `stop()` returns. Safe to call more than once, from any
  /// thread but the watcher's own (not from `onChanges`, which would wait for itself).
  package func stop() {
    guard let stopping = running.withLock({ running in running.take() }) else { return }
    var byte: UInt8 = 1
    _ = write(stopping.wakeWrite, &byte, 1)
    stopping.finished.wait()
    close(stopping.wakeWrite)
  }

  /// Whether the watcher's thread is running.
  package var isRunning: Bool { running.withLock { $0 != nil } }

  /// The descriptors the running watch holds (none when stopped), for the tests that
  /// check they are closed.
  var descriptors: [Int32] { running.withLock { $0?.descriptors ?? [] } }
}
