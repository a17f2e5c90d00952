import Dispatch
import FoundationEssentials
import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import TerminalKit

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery --duplicates [--similar] DIR...`: finds the copies among the pictures under
/// the folders, without a screen, and prints their groups, largest first, as text or as
/// JSON (`--format json`). Changes, moves and deletes nothing.
///
/// Scans the folders as the browser would, then hands the pictures to a
/// `DuplicateFinder` with the library index (unless `--no-cache`), so a second run reads
/// what the first hashed. Standard error gets the progress bar (as `--index`'s,
/// `IndexProgressBar`) when it is a terminal, wiped before the report, and the files that
/// could not be read as `gallery: …`.
package struct DuplicatesRun: Sendable {
  /// How the run ended, as the process's exit status.
  package enum Status: Int32, Sendable {
    /// Done, every file read.
    case done = 0
    /// Done, but some files could not be read (the report names them).
    case someUnread = 1
    /// A folder named is missing or not a folder.
    case badUsage = 2
    /// Ctrl-C (or a termination signal): nothing is printed but the message.
    case interrupted = 130
  }

  let launch: GalleryLaunch
  let console: IndexRun.Console
  let stopping: StopFlag

  package init(launch: GalleryLaunch, console: IndexRun.Console, stopping: StopFlag = StopFlag()) {
    self.launch = launch
    self.console = console
    self.stopping = stopping
  }

  /// Runs to the end; the exit status.
  package func run() -> Status {
    let options = launch.options
    var roots: [ScanRoot] = []
    for path in options.paths {
      do throws(LibraryError) {
        roots.append(try ScanRoot(resolving: path))
      } catch {
        say("gallery: " + TextSanitizer.sanitize(error.description))
        return .badUsage
      }
    }
    var index: PictureIndex?
    if options.useCache {
      let opening = PictureIndex.open(at: PictureIndex.defaultPath(environment: launch.environment))
      index = opening.index
      if let notice = opening.notice { say("gallery: " + TextSanitizer.sanitize(notice.sentence)) }
    }
    defer { index?.close() }

    let bar = Bar(console: console, unicode: launch.unicode)
    let ticker = bar.start(stopping: stopping)
    defer { bar.stop(ticker) }
    let scanner = LibraryScanner(
      roots: roots, includeHidden: options.includeHidden, followsLinks: options.followsLinks)
    var library = Library()
    scanner.scan(cancellation: ticker.cancellation) { event in
      library.apply(event)
      if case .section(let section) = event {
        bar.progress.withLock { $0.scanned += section.pictures.count }
      }
    }
    for warning in library.warnings {
      bar.wipe()
      say("gallery: warning: " + TextSanitizer.sanitize("\(warning)"))
    }
    guard !stopping.isSet else {
      bar.stop(ticker)
      say("gallery: stopped while scanning; nothing was compared")
      return .interrupted
    }
    let files = library.sections.flatMap(\.pictures).map { FileStamp($0) }
    // Two threads a core: while one waits for the disk (a cold photo is megabytes read
    // before a decode of milliseconds), the other decodes.
    var finder = DuplicateFinder(
      index: index, similar: options.similar,
      threads: 2 * ProcessInfo.processInfo.activeProcessorCount)
    // A test build's seam slows each picture's hash (`GALLERY_TEST_SLOW_READS`,
    // milliseconds a file, as `--index` reads) so the bar can be watched.
    if let delay = launch.environment["GALLERY_TEST_SLOW_READS"].flatMap({ Int($0) }), delay > 0 {
      let hash = finder.perceptualHash
      finder.perceptualHash = { path in
        usleep(useconds_t(min(delay, 1000) * 1000))
        return hash(path)
      }
    }
    let report = finder.find(files, stopping: stopping) { done, total in
      bar.progress.withLock {
        $0.hashing = true
        $0.done = max($0.done, done)
        $0.total = total
      }
    }
    bar.stop(ticker)
    for notice in report.notices { say("gallery: " + TextSanitizer.sanitize(notice)) }
    for problem in report.problems { say("gallery: " + TextSanitizer.sanitize(problem.sentence)) }
    guard !report.stopped else {
      say("gallery: stopped while comparing; what was hashed is kept in the index")
      return .interrupted
    }
    console.output(options.format == .json ? report.json : report.text)
    return report.problems.isEmpty ? .done : .someUnread
  }

  private func say(_ line: String) { console.errors(line + "\n") }

  /// The progress line on standard error, when it is a terminal.
  final class Bar: Sendable {
    struct Progress: Sendable {
      var scanned = 0
      var hashing = false
      var done = 0
      var total = 0
      var drawn = false
    }

    let console: IndexRun.Console
    let unicode: Bool
    let progress = Locked(Progress())

    init(console: IndexRun.Console, unicode: Bool) {
      self.console = console
      self.unicode = unicode
    }

    /// Starts redrawing every `IndexRun.redrawInterval`; the ticker also stops the scan
    /// when `stopping` is set.
    func start(stopping: StopFlag) -> IndexRun.Ticker {
      let queue = DispatchQueue(label: "gallery.duplicates.bar")
      let timer = DispatchSource.makeTimerSource(queue: queue)
      let ticker = IndexRun.Ticker(timer: timer, queue: queue)
      timer.schedule(
        deadline: .now() + IndexRun.redrawInterval, repeating: IndexRun.redrawInterval)
      timer.setEventHandler { [self] in
        if stopping.isSet { ticker.stop() }
        guard let width = console.errorsWidth else { return }
        let line = progress.withLock { progress -> String in
          progress.drawn = true
          guard progress.hashing else {
            return "\r"
              + String(
                "scanning · \(CountText.grouped(progress.scanned)) pictures"
                  .prefix(max(0, width - 1))) + "\u{1B}[K"
          }
          return IndexProgressBar(
            done: progress.done, total: progress.total, rate: nil, width: width,
            unicode: unicode, label: "comparing"
          ).drawing
        }
        console.errors(line)
      }
      timer.resume()
      return ticker
    }

    /// Stops redrawing and wipes the line.
    func stop(_ ticker: IndexRun.Ticker) {
      ticker.timer.cancel()
      ticker.queue.sync {}
      wipe()
    }

    /// Wipes the line when drawn (it is drawn again at the next tick).
    func wipe() {
      let drawn = progress.withLock { progress in
        defer { progress.drawn = false }
        return progress.drawn
      }
      if drawn { console.errors(IndexProgressBar.wiping) }
    }
  }
}
