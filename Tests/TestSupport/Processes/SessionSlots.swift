import Foundation

/// How many terminals the end-to-end tests drive at once: a tmux server, or an X server
/// with a terminal window, holds one slot from its start to its end.
///
/// Every session runs a real program that draws, decodes and answers keys, and its test
/// waits for screens with deadlines. Started all at once on a small machine, they would
/// share its cores with every other and their deadlines would measure the queue. A test
/// waits for a slot before it starts its session, so the deadlines count from when its
/// program could run. `GALLERY_E2E_SESSIONS` sets the count (default: twice the cores,
/// at least 2): the tests mostly wait for screens, so a core serves two.
package actor SessionSlots {
  /// The slots every end-to-end test shares.
  package static let shared = SessionSlots(
    count: ProcessInfo.processInfo.environment["GALLERY_E2E_SESSIONS"].flatMap { Int($0) }
      ?? max(2, 2 * ProcessInfo.processInfo.activeProcessorCount))

  private var free: Int
  private var waiting: [CheckedContinuation<Void, Never>] = []

  package init(count: Int) { free = max(1, count) }

  /// Waits for a free slot, first come first served, and takes it.
  package func acquire() async {
    if free > 0 {
      free -= 1
      return
    }
    await withCheckedContinuation { waiting.append($0) }
  }

  /// Gives a slot back; callable from anywhere, once for each `acquire`.
  package nonisolated func release() {
    Task { await self.giveBack() }
  }

  private func giveBack() {
    if waiting.isEmpty {
      free += 1
    } else {
      waiting.removeFirst().resume()
    }
  }
}
