import Curses
import Dispatch
import Foundation
import Gallery
import TerminalKit
import Thumbnails

/// The interactive browser: the terminal's events and the workers' results go through
/// `GalleryState.update`, the state through `GalleryView.render`, the frame's changes to
/// the terminal. The terminal is restored on every way out.
@MainActor
enum Interactive {
  static func run(_ options: GalleryOptions) {
    let scanner = Setup.scanner(options)
    let terminal: CursesTerminal
    do {
      terminal = try CursesTerminal(
        options: CursesTerminal.Options(
          color: options.color))
    } catch {
      Console.fail("gallery: \(error)", status: error == .notATerminal ? 2 : 1)
    }
    let loop = GalleryLoop(terminal: terminal, options: options, scanner: scanner)
    loop.run()
    loop.stop()
    terminal.end()
  }
}

/// One run of the browser on an open terminal.
@MainActor
final class GalleryLoop {
  let terminal: CursesTerminal
  let mailbox = Mailbox()
  let pipeline: ThumbnailPipeline
  let scanner: LibraryScanner
  var state: GalleryState
  var shelf = ThumbnailShelf()
  var inFlight = Set<ThumbnailRequest>()
  var scanCancellation: ScanCancellation?
  var live: LiveUpdates?
  var quitting = false
  let favorites = FavoritesKeeper()
  /// Thumbnails asked for before the first frame: requested once it is on screen, so
  /// the workers do not compete with drawing it.
  var wantsBeforeFirstFrame: [ThumbnailWant]?
  var hasDrawn = false

  init(terminal: CursesTerminal, options: GalleryOptions, scanner: LibraryScanner) {
    self.terminal = terminal
    self.scanner = scanner
    let unicode = terminal.isUTF8
    let appearance = Appearance(
      colorMode: terminal.colorMode, symbols: Setup.symbols(options, unicode: unicode),
      unicode: unicode)
    let aspect = terminal.cellAspect
    state = GalleryState(
      width: terminal.width, height: terminal.height, cellAspect: aspect, appearance: appearance,
      officeScrolling: .init(options.officeScrolling), layoutPreset: options.layout)
    if options.layout == .list { state.showList(true) }
    let mailbox = self.mailbox
    let waker = terminal.waker
    pipeline = ThumbnailPipeline(
      configuration: Setup.thumbnailConfiguration(options, cellAspect: aspect)
    ) { request, result in
      mailbox.post(.thumbnail(request, result))
      waker.wake()
    }
  }

  /// Runs until `q` (or a signal, which ends the process from here).
  func run() {
    let mailbox = self.mailbox
    let waker = terminal.waker
    // Watch before scanning, so nothing changing during the scan is missed.
    let live = LiveUpdates(scanner: scanner) { letter in
      mailbox.post(letter)
      waker.wake()
    }
    self.live = live
    let watchWarnings = live.start()
    if let warning = watchWarnings.first { state.message = warning.description }
    scanCancellation = scanner.start { event in
      mailbox.post(.scan(event))
      waker.wake()
    }
    for event in favorites.load() { perform(state.update(event)) }
    mailbox.waitForScan(milliseconds: 30)
    handleMail()
    perform(
      state.update(
        .resize(width: terminal.width, height: terminal.height, cellAspect: terminal.cellAspect)))
    draw()
    Trace.firstFrame()
    // For the launch benchmark: leave once the first frame (placeholders) is on screen.
    if ProcessInfo.processInfo.environment["GALLERY_EXIT_AFTER_FIRST_FRAME"] != nil { return }
    while !quitting {
      var event = terminal.nextEvent()
      let readAt = Trace.isOn ? Trace.now() : 0
      // Decoding waits while the frame that answers the user is made and written: the
      // terminal that reads it is another process, and on a machine with few cores
      // the decoding threads would make it wait for a core (a key's frame took twice
      // as long with them running).
      let answersUser = event.isInput
      if answersUser { pipeline.pause() }
      defer { if answersUser { pipeline.resume() } }
      var sawKey = false
      while true {
        if case .key = event { sawKey = true }
        handle(event)
        if quitting { break }
        // Take whatever else is already waiting before drawing once for all of it.
        event = terminal.nextEvent(timeout: .zero)
        if event == .timeout { break }
      }
      handleMail()
      if !quitting { draw() }
      if sawKey && Trace.isOn { Trace.keyDrawn(since: readAt, bytes: terminal.lastDrawBytes) }
    }
  }

  /// Stops the workers and the scan.
  func stop() {
    scanCancellation?.cancel()
    live?.stop()
    pipeline.shutdown()
    favorites.finish()
  }

  func handle(_ event: TerminalEvent) {
    switch event {
    case .key(let key):
      perform(state.update(.key(key)))
    case .mouse(let mouse):
      perform(state.update(.mouse(mouse)))
    case .resize(let width, let height):
      perform(state.update(.resize(width: width, height: height, cellAspect: terminal.cellAspect)))
    case .terminate(let signal):
      stop()
      terminal.exit(bySignal: signal)
    case .wake, .timeout:
      break
    }
  }

  /// Feeds the scan events and finished thumbnails that arrived into the state.
  func handleMail() {
    for letter in mailbox.takeAll() {
      switch letter {
      case .scan(let event):
        perform(state.update(.scan(event)))
        if case .finished = event, let live {
          for held in live.scanFinished() { perform(state.update(held)) }
        }
      case .folders(let changes):
        for event in live?.receive(changes) ?? [] { perform(state.update(event)) }
      case .rescanned(let library):
        for event in live?.rescanned(library) ?? [] { perform(state.update(event)) }
      case .thumbnail(let request, let result):
        inFlight.remove(request)
        shelf.insert(result, path: request.path, size: request.size)
        let outcome: ThumbnailOutcome
        switch result {
        case .art(_, let metadata, let partial):
          outcome = .ready(metadata: metadata, isPartial: partial)
        case .failed(let error): outcome = .failed(error)
        }
        perform(state.update(.thumbnailReady(path: request.path, outcome: outcome)))
      case .favoritesSaved(let outcome):
        perform(state.update(.favoritesSaved(outcome)))
      case .described(let path, let outcome):
        perform(state.update(.thumbnailReady(path: path, outcome: outcome)))
      }
    }
  }

  func perform(_ commands: [AppCommand]) {
    for command in commands {
      switch command {
      case .quit:
        quitting = true
      case .redraw:
        terminal.invalidate()
      case .requestThumbnails(let wants):
        if hasDrawn { request(wants) } else { wantsBeforeFirstFrame = wants }
      case .invalidateThumbnails(let paths):
        for path in paths {
          shelf.remove(path: path)
          pipeline.invalidate(path: path)
        }
        inFlight = inFlight.filter { !paths.contains($0.path) }
      case .describe(let path):
        describe(path)
      case .saveFavorites(let set):
        let mailbox = self.mailbox
        let waker = terminal.waker
        favorites.save(set) { outcome in
          mailbox.post(.favoritesSaved(outcome))
          waker.wake()
        }
      }
    }
  }

  /// Asks the pipeline for the wanted thumbnails not yet on the shelf or on their way,
  /// and cancels the work nobody wants any more.
  func request(_ wants: [ThumbnailWant]) {
    let appearance = state.appearance
    let requests = wants.map { ThumbnailBatch.request(for: $0, appearance: appearance) }
    let wanted = Set(requests)
    pipeline.cancelAll(except: wanted)
    inFlight.formIntersection(wanted)
    for (want, request) in zip(wants, requests)
    where !shelf.contains(path: want.path, size: want.size) && !inFlight.contains(request) {
      inFlight.insert(request)
      pipeline.request(request, priority: want.priority)
    }
    shelf.prune(keeping: wants)
  }

  /// Reads the picture's header off the main thread (a tiny DCT-scaled decode) and
  /// posts what it says as a finished thumbnail of no size.
  func describe(_ path: String) {
    let mailbox = self.mailbox
    let waker = terminal.waker
    DispatchQueue.global(qos: .userInitiated).async {
      let letter: Mailbox.Letter
      do throws(ThumbnailError) {
        let decoded = try ImageDecoder().decode(path: path, target: (16, 16))
        letter = .described(path, .ready(metadata: decoded.metadata, isPartial: decoded.isPartial))
      } catch {
        letter = .described(path, .failed(error))
      }
      mailbox.post(letter)
      waker.wake()
    }
  }

  func draw() {
    terminal.draw(GalleryView.render(state, thumbnails: shelf))
    if !hasDrawn {
      hasDrawn = true
      if let wants = wantsBeforeFirstFrame { request(wants) }
      wantsBeforeFirstFrame = nil
    }
  }
}
