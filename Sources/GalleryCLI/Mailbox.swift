import Dispatch
import Gallery
import Synchronization
import Thumbnails

/// What other threads hand the run loop: scan events, finished thumbnails, folder changes.
///
/// Posting never blocks on the loop; the loop takes everything at once when it wakes.
final class Mailbox: Sendable {
  enum Letter: Sendable {
    case scan(ScanEvent)
    case thumbnail(ThumbnailRequest, ThumbnailResult)
    /// A settled batch from the folder watcher.
    case folders(FolderChanges)
    /// A rescan's whole library.
    case rescanned(Library)
    case described(String, ThumbnailOutcome)
    case favoritesSaved(Result<[FavoritesWarning], FavoritesError>)
  }

  private let letters = Mutex<[Letter]>([])
  private let scanFinished = DispatchSemaphore(value: 0)

  func post(_ letter: Letter) {
    letters.withLock { $0.append(letter) }
    if case .scan(.finished) = letter { scanFinished.signal() }
  }

  /// Everything posted since the last call, in order.
  func takeAll() -> [Letter] {
    letters.withLock { pending in
      defer { pending.removeAll(keepingCapacity: true) }
      return pending
    }
  }

  /// Waits until the scan has finished or `milliseconds` pass: a small library shows
  /// whole in the first frame, a large one starts drawing without waiting for it.
  func waitForScan(milliseconds: Int) {
    if scanFinished.wait(timeout: .now() + .milliseconds(milliseconds)) == .success {
      scanFinished.signal()
    }
  }
}
