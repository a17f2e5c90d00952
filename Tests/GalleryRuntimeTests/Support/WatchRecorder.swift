import Foundation
import Thumbnails

@testable import Gallery
@testable import GalleryRuntime

/// Collects a watcher's batches and keeps a library up to date with them, as the app does.
final class WatchRecorder: Sendable {
  private struct State {
    var library: Library
    var batches: [FolderChanges] = []
    var rewritten: [String] = []
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
      }
    }
  }

  var library: Library { state.withLock { $0.library } }
  var batches: [FolderChanges] { state.withLock { $0.batches } }
  var rewritten: [String] { state.withLock { $0.rewritten } }

  /// Picture paths of the current library, section by section.
  var picturePaths: [String] { library.sections.flatMap(\.pictures).map(\.path) }

  /// Polls until `condition` holds for the library or `seconds` pass; returns whether it
  /// held, and how long it took.
  @discardableResult
  func wait(seconds: Double = 3, until condition: (Library) -> Bool) -> (
    met: Bool, elapsed: Double
  ) {
    let start = Date()
    while Date().timeIntervalSince(start) < seconds {
      if condition(library) { return (true, Date().timeIntervalSince(start)) }
      usleep(5_000)
    }
    return (condition(library), Date().timeIntervalSince(start))
  }
}
