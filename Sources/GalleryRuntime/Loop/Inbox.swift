import Dispatch
import FoundationEssentials
import Gallery
import Glibc
import Pictures
import SystemSupport
import TerminalKit

/// The runtime's one inbox: deliveries from every thread, taken in arrival order.
///
/// Other threads `post` (which wakes the terminal's wait); the main thread adds the
/// terminal's events, the timers and the answers it has at once with `append`, so keys and
/// results interleave in the order they happened. Posting never blocks on the run loop.
final class Inbox: Sendable {
  private let deliveries = Locked<[Delivery]>([])
  private let scanFinished = DispatchSemaphore(value: 0)
  private let waker: any TerminalWaking

  init(waker: any TerminalWaking) { self.waker = waker }

  /// Adds `delivery` from any thread and wakes the run loop.
  func post(_ delivery: Delivery) {
    append(delivery)
    if case .event(.scan(.finished)) = delivery { scanFinished.signal() }
    waker.wake()
  }

  /// Adds `event` for the state from any thread and wakes the run loop.
  func post(_ event: GalleryEvent) { post(.event(event)) }

  /// Adds `delivery` without waking anyone: for the run loop's own thread.
  func append(_ delivery: Delivery) {
    deliveries.withLock { $0.append(delivery) }
  }

  /// Everything added since the last call, in order.
  func takeAll() -> [Delivery] {
    deliveries.withLock { pending in
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
