import Dispatch
import FoundationEssentials
import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import TerminalKit
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery --index DIR...`: fills the library index without a screen, for a server's
/// cron job. Scans the folders as the browser would, reads every picture the index does
/// not know (`DetailsReader.readAll`, each batch one transaction), forgets the rows under
/// the folders whose files are truly gone, and ends with one line (`IndexSummary`).
///
/// Standard error gets the index's notices and the scan's warnings as `gallery: …`, and
/// the progress bar (`IndexProgressBar`) when it is a terminal, wiped before the summary.
package struct IndexRun: Sendable {
  /// How the run ended, as the process's exit status.
  package enum Status: Int32, Sendable {
    /// Done.
    case done = 0
    /// The index could not be written at all: nothing was kept.
    case notWritten = 1
    /// A folder named is missing or not a folder.
    case badUsage = 2
    /// Ctrl-C (or a termination signal): what was read is kept.
    case interrupted = 130
  }

  /// Where the run writes: standard output, standard error, and whether standard error
  /// is a terminal of `width` columns (nil: not a terminal, no bar).
  package struct Console: Sendable {
    package var output: @Sendable (String) -> Void
    package var errors: @Sendable (String) -> Void
    package var errorsWidth: Int?

    /// Standard output and error, the bar drawn when standard error is a terminal.
    package static var standard: Console {
      var size = winsize()
      let width =
        isatty(2) == 1 && ioctl(2, UInt(TIOCGWINSZ), &size) == 0
        ? (size.ws_col > 0 ? Int(size.ws_col) : 80) : nil
      return Console(
        output: { writeAll($0, to: 1) }, errors: { writeAll($0, to: 2) }, errorsWidth: width)
    }

    /// Writes `text` whole; a closed pipe ends nothing here.
    private static func writeAll(_ text: String, to descriptor: Int32) {
      var bytes = ArraySlice(text.utf8)
      while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return }
        bytes = bytes.dropFirst(written)
      }
    }

    package init(
      output: @escaping @Sendable (String) -> Void,
      errors: @escaping @Sendable (String) -> Void, errorsWidth: Int?
    ) {
      self.output = output
      self.errors = errors
      self.errorsWidth = errorsWidth
    }
  }

  /// How often the bar is redrawn at most.
  static let redrawInterval: DispatchTimeInterval = .milliseconds(100)

  let launch: GalleryLaunch
  let console: Console
  /// Set when the run should stop (Ctrl-C); the run checks it at each redraw.
  let stopping: StopFlag

  /// A run of `launch`'s options writing to `console`, stopped when `stopping` is set.
  package init(launch: GalleryLaunch, console: Console, stopping: StopFlag = StopFlag()) {
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
    let indexPath = PictureIndex.defaultPath(environment: launch.environment)
    let opening = PictureIndex.open(at: indexPath)
    guard let index = opening.index, !index.isReadOnly else {
      let problem = opening.notice?.problem ?? .readOnly(path: indexPath)
      say("gallery: " + TextSanitizer.sanitize(problem.sentence) + " Nothing was indexed.")
      return .notWritten
    }
    defer { index.close() }
    if let notice = opening.notice { say("gallery: " + TextSanitizer.sanitize(notice.sentence)) }

    let progress = Locked(Progress())
    let ticker = startTicker(progress)
    defer { stopTicker(ticker) }

    // The scan.
    let scanner = LibraryScanner(
      roots: roots, includeHidden: options.includeHidden, followsLinks: options.followsLinks)
    var library = Library()
    scanner.scan(cancellation: ticker.cancellation) { event in
      library.apply(event)
      if case .section(let section) = event {
        progress.withLock { $0.scanned += section.pictures.count }
      }
    }
    for warning in library.warnings {
      sayOverBar("gallery: warning: " + TextSanitizer.sanitize("\(warning)"), progress)
    }
    guard !stopping.isSet else {
      finish(ticker, progress)
      say("gallery: stopped while scanning; nothing was read")
      return .interrupted
    }

    // The reading.
    let stamps = library.sections.flatMap(\.pictures).map { FileStamp($0) }
    progress.withLock {
      $0.total = stamps.count
      $0.reading = true
    }
    let reader = makeReader(index)
    ticker.reading(with: reader)
    let outcome = reader.readAll(stamps) { done in
      progress.withLock { progress in
        if progress.base == nil {
          progress.base = done
          progress.started = .now()
        }
        progress.done = max(progress.done, done)
      }
    }
    finish(ticker, progress)
    for notice in outcome.notices { say("gallery: " + TextSanitizer.sanitize(notice)) }
    var summary = IndexSummary(
      pictures: stamps.count, folders: roots.count, read: outcome.readFromFiles,
      known: outcome.fromIndex,
      broken: outcome.batch.details.values.count { $0.brokenReason != nil }, gone: 0)
    guard !stopping.isSet else {
      say("gallery: " + summary.stoppedLine)
      return .interrupted
    }

    // The rows of files gone.
    let seen = Set(stamps.map(\.path))
    for root in roots {
      let pruned = index.pruneCounting(under: root.path, keeping: seen)
      summary.gone += pruned.gone
      if let notice = pruned.notice { say("gallery: " + TextSanitizer.sanitize(notice.sentence)) }
    }
    console.output(summary.line + "\n")
    return .done
  }

  // MARK: Reading

  /// The reader of the heads of files into `index`; a test build's seam slows each read
  /// (`GALLERY_TEST_SLOW_READS`, milliseconds a file) so the bar can be watched.
  private func makeReader(_ index: PictureIndex) -> DetailsReader {
    let decoder = ImageDecoder()
    let delay = launch.environment["GALLERY_TEST_SLOW_READS"].flatMap { Int($0) } ?? 0
    return DetailsReader(index: index) { stamp in
      if delay > 0 { usleep(useconds_t(min(delay, 1000) * 1000)) }
      return decoder.details(path: stamp.path)
    }
  }

  // MARK: The bar

  /// What the bar shows.
  struct Progress: Sendable {
    var scanned = 0
    var reading = false
    var total = 0
    var done = 0
    /// The files done when reading from disk began (the index's answers), and when.
    var base: Int?
    var started: DispatchTime?
    /// Whether a line is drawn on standard error.
    var drawn = false

    /// Files read from disk a second, once there is a second's worth to say.
    func rate(at now: DispatchTime) -> Int? {
      guard let base, let started else { return nil }
      let seconds = Double(now.uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
      guard seconds >= 0.5 else { return nil }
      return Int(Double(done - base) / seconds)
    }
  }

  /// The timer that redraws the bar and notices Ctrl-C, and what it stops.
  // DispatchSourceTimer is safe from any thread but not marked Sendable on Linux; the
  // rest is behind a lock.
  final class Ticker: @unchecked Sendable {
    let timer: any DispatchSourceTimer
    let queue: DispatchQueue
    private let stoppable = Locked((cancellation: ScanCancellation(), reader: DetailsReader?.none))

    init(timer: any DispatchSourceTimer, queue: DispatchQueue) {
      self.timer = timer
      self.queue = queue
    }

    /// The scan to cancel at Ctrl-C.
    var cancellation: ScanCancellation { stoppable.withLock { $0.cancellation } }

    /// The reader to stop at Ctrl-C, once reading began.
    func reading(with reader: DetailsReader) { stoppable.withLock { $0.reader = reader } }

    /// Stops the scan and the reading.
    func stop() {
      let (cancellation, reader) = stoppable.withLock { ($0.cancellation, $0.reader) }
      cancellation.cancel()
      reader?.stop()
    }
  }

  private func startTicker(_ progress: Locked<Progress>) -> Ticker {
    let queue = DispatchQueue(label: "gallery.index.bar")
    let timer = DispatchSource.makeTimerSource(queue: queue)
    let ticker = Ticker(timer: timer, queue: queue)
    let console = self.console
    let stopping = self.stopping
    timer.schedule(deadline: .now() + Self.redrawInterval, repeating: Self.redrawInterval)
    timer.setEventHandler {
      if stopping.isSet { ticker.stop() }
      guard let width = console.errorsWidth else { return }
      let line = progress.withLock { progress -> String in
        progress.drawn = true
        guard progress.reading else {
          return "\r"
            + String(
              "scanning · \(CountText.grouped(progress.scanned)) pictures"
                .prefix(max(0, width - 1))) + "\u{1B}[K"
        }
        return IndexProgressBar(
          done: progress.done, total: progress.total, rate: progress.rate(at: .now()),
          width: width, unicode: launch.unicode
        ).drawing
      }
      console.errors(line)
    }
    timer.resume()
    return ticker
  }

  /// Stops redrawing and wipes the bar.
  private func finish(_ ticker: Ticker, _ progress: Locked<Progress>) {
    ticker.timer.cancel()
    ticker.queue.sync {}
    wipe(progress)
  }

  private func stopTicker(_ ticker: Ticker) {
    ticker.timer.cancel()
    ticker.queue.sync {}
  }

  private func wipe(_ progress: Locked<Progress>) {
    let drawn = progress.withLock { progress in
      defer { progress.drawn = false }
      return progress.drawn
    }
    if drawn { console.errors(IndexProgressBar.wiping) }
  }

  /// Says `line` on standard error, wiping the bar first (it is drawn again next tick).
  private func sayOverBar(_ line: String, _ progress: Locked<Progress>) {
    wipe(progress)
    say(line)
  }

  private func say(_ line: String) { console.errors(line + "\n") }
}
