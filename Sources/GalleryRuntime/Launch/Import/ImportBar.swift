import Dispatch
import SystemSupport

/// The import's progress line on standard error, redrawn every
/// `IndexRun.redrawInterval` while standard error is a terminal (nothing otherwise), and
/// wiped before anything else is said there.
// DispatchSourceTimer is safe from any thread but not marked Sendable on Linux; the rest
// is behind a lock or constant.
final class ImportBar: @unchecked Sendable {
  let console: IndexRun.Console
  let unicode: Bool
  let progress: Locked<ImportProgress>
  private let queue = DispatchQueue(label: "gallery.import.bar")
  private var timer: (any DispatchSourceTimer)?

  init(console: IndexRun.Console, unicode: Bool, progress: Locked<ImportProgress>) {
    self.console = console
    self.unicode = unicode
    self.progress = progress
  }

  /// Starts redrawing, when standard error is a terminal.
  func start() {
    guard console.errorsWidth != nil else { return }
    let timer = DispatchSource.makeTimerSource(queue: queue)
    timer.schedule(
      deadline: .now() + IndexRun.redrawInterval, repeating: IndexRun.redrawInterval)
    timer.setEventHandler { [self] in
      guard let width = console.errorsWidth else { return }
      let now = DispatchTime.now().uptimeNanoseconds
      let line = progress.withLock { progress -> String in
        progress.drawn = true
        return progress.bar(at: now, width: width, unicode: unicode).drawing
      }
      console.errors(line)
    }
    timer.resume()
    self.timer = timer
  }

  /// Stops redrawing and wipes the line.
  func stop() {
    timer?.cancel()
    queue.sync {}
    let drawn = progress.withLock { progress in
      defer { progress.drawn = false }
      return progress.drawn
    }
    if drawn { console.errors(IndexProgressBar.wiping) }
  }
}
