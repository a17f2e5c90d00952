import Dispatch
import Foundation
import Gallery
import Pictures
import SystemSupport
import TerminalKit

/// What the runtime handles, in the order it arrived: the terminal's events, and what the
/// scan, the workers, the watcher and the favourites' saves hand back.
enum RuntimeMessage: Sendable {
  case terminal(TerminalEvent)
  case scan(ScanEvent)
  case thumbnail(ThumbnailRequest, ThumbnailResult)
  case picture(PictureRequest, PictureResult)
  case described(path: String, Result<ImageMetadata, ThumbnailError>)
  /// Part of an animation's frames, for the playback of `generation`.
  case animation(ThumbnailRequest, generation: Int, Result<AnimationPart, ThumbnailError>)
  /// What the video player of `generation` reported.
  case video(generation: Int, VideoPlayerEvent)
  /// A timer is due (added by the run loop itself).
  case timer(GalleryTimer)
  /// A settled batch from the folder watcher.
  case folders(FolderChanges)
  /// A rescan's whole library.
  case rescanned(Library)
  case favoritesSaved(Result<[FavoritesWarning], FavoritesError>)
  /// The state file could not be written.
  case stateFileFailed(StateFileError)
  /// A batch of dates taken (from the cache of dates, or read from the files) for the
  /// timeline and the order by date taken.
  case datesTaken(DatesTaken)
  /// What an action on files did.
  case acted(FileActionReport)
}

/// The runtime's one inbox: messages from every thread, taken in arrival order.
///
/// Other threads `post` (which wakes the terminal's wait); the main thread adds the
/// terminal's events with `append` as it reads them, so keys and results interleave in
/// the order they happened. Posting never blocks on the run loop.
final class Inbox: Sendable {
  private let messages = Locked<[RuntimeMessage]>([])
  private let scanFinished = DispatchSemaphore(value: 0)
  private let waker: any TerminalWaking

  init(waker: any TerminalWaking) { self.waker = waker }

  /// Adds `message` from any thread and wakes the run loop.
  func post(_ message: RuntimeMessage) {
    append(message)
    if case .scan(.finished) = message { scanFinished.signal() }
    waker.wake()
  }

  /// Adds `message` without waking anyone: for the run loop's own thread.
  func append(_ message: RuntimeMessage) {
    messages.withLock { $0.append(message) }
  }

  /// Everything added since the last call, in order.
  func takeAll() -> [RuntimeMessage] {
    messages.withLock { pending in
      defer { pending.removeAll(keepingCapacity: true) }
      return pending
    }
  }

  /// Waits until the scan has finished or `timeout` passes: a small library shows whole
  /// in the first frame, a large one starts drawing without waiting for it.
  func waitForScan(timeout: DispatchTimeInterval) {
    if scanFinished.wait(timeout: .now() + timeout) == .success { scanFinished.signal() }
  }
}
