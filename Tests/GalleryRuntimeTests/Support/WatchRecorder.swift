import Foundation
import SystemSupport
import TestSupport

@testable import Gallery
@testable import GalleryRuntime

/// Collects a watcher's batches and keeps a library up to date with them, as the app does.
final class WatchRecorder: Sendable {
  private struct State {
    var library: Library
    var batches: [FolderChanges] = []
    var rewritten: [String] = []
    /// When each batch was applied (the watcher's thread's clock) and the library after it.
    var arrivals: [(at: ContinuousClock.Instant, library: Library)] = []
  }

  private let state: Locked<State>

  init(library: Library) { state = Locked(State(library: library)) }

  /// The callback to hand to `FolderWatcher`.
  var handler: @Sendable (FolderChanges) -> Void {
    { [self] changes in
      state.withLock { state in
        let update = state.library.applying(changes)
        state.library = update.library
        state.batches.append(changes)
        state.rewritten += update.rewritten
        state.arrivals.append((ContinuousClock.now, update.library))
      }
    }
  }

  var library: Library { state.withLock { $0.library } }
  var batches: [FolderChanges] { state.withLock { $0.batches } }
  var rewritten: [String] { state.withLock { $0.rewritten } }
  /// When the last batch was applied, on the watcher's thread's clock.
  var lastArrival: ContinuousClock.Instant? { state.withLock { $0.arrivals.last?.at } }

  /// Picture paths of the current library, section by section.
  var picturePaths: [String] { library.sections.flatMap(\.pictures).map(\.path) }

  /// Polls until `condition` holds for the library or `seconds` pass, suspended between
  /// looks (not holding a thread of the cooperative pool); returns whether it held, and
  /// how long after the call the batch that made it hold was applied.
  ///
  /// The time is read on the watcher's thread as the batch arrives, not when this task
  /// next looks: on a busy machine the pool may let a test look seconds late, which says
  /// nothing of the watcher. For that, `condition` must judge the library it is given.
  @discardableResult
  func wait(seconds: Double = 10, until condition: (Library) -> Bool) async -> (
    met: Bool, elapsed: Double
  ) {
    let start = ContinuousClock.now
    let met = await Waiting.until(timeout: .seconds(seconds), interval: .milliseconds(5)) {
      condition(library)
    }
    let arrival = state.withLock { $0.arrivals }.first { condition($0.library) }?.at
    let end = met ? max(start, arrival ?? ContinuousClock.now) : ContinuousClock.now
    let elapsed = start.duration(to: end).components
    return (met, Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18)
  }
}
