import Dispatch
import FoundationEssentials
import Gallery
import Glibc
import Pictures
import TerminalKit
import Thumbnails

/// The interactive gallery: one inbox of deliveries, `GalleryState.update`, the commands it
/// returns carried out by the services, and one frame drawn per batch.
///
/// Everything that happens arrives in the inbox in the order it happened: the terminal's
/// keys, mouse actions and resizes (read on this thread), and from other threads what the
/// services hand back, as the state's own `GalleryEvent`s (`Delivery`): the scan's
/// sections, finished thumbnails and picture details, the watcher's batches, the dates,
/// the actions on files, the saves. Each batch goes through `update`, whose commands the
/// loop hands to the services (`GalleryRuntime+Commands`); then the state is drawn once.
/// The services sit behind small protocols (`Services`), so the loop's tests fake them.
/// The loop owns the thumbnail requests: it asks the service only for what is neither on
/// the state's shelf nor on its way, and a result already in the service's memory goes
/// into the state before the frame is drawn, so it costs no second frame.
@MainActor
package final class GalleryRuntime<Terminal: GalleryTerminal> {
  /// How a run ended.
  package enum Outcome: Hashable, Sendable {
    /// The user quit.
    case quit
    /// A termination signal arrived; the terminal is already restored, and the caller
    /// should die by the same signal.
    case terminated(signal: Int32)
  }

  /// What the screen shows.
  package internal(set) var state: GalleryState

  /// Where the frames go and the keys, mouse actions and resizes come from.
  let terminal: Terminal
  /// The services the commands are handed to.
  let services: Services
  /// How the run behaves (the browser's, or the benchmarks' and tests').
  let settings: Settings
  /// What arrives from every thread, taken once per step.
  let inbox: Inbox
  /// The thumbnail service, made when the run starts.
  var thumbnails: (any ThumbnailService)?
  /// Requests sent to the service and not yet finally answered (a preview may have
  /// come), with the priority they were sent at.
  var inFlight: [ThumbnailRequest: Int] = [:]
  /// Pictures in pixels asked for and not yet finally answered, with their priority.
  var picturesInFlight: [PictureRequest: Int] = [:]
  /// Thumbnails asked for before the first frame: requested once it is on screen, so
  /// the workers do not compete with drawing it.
  var wantsBeforeFirstFrame: [ThumbnailWant]?
  /// Whether the first frame is on the terminal: thumbnails are asked for only after it.
  var hasDrawn = false
  /// The frame last handed to the terminal: an equal one is not drawn again (results
  /// decoded ahead change nothing on screen) unless the terminal must repaint.
  var lastFrame: Frame?
  /// Whether the next frame is drawn even if equal to the last (the terminal repaints).
  var mustDraw = false
  /// Which of the moments the benchmarks time have been noted.
  var traceProgress = TraceProgress()
  /// The scanned folders and details held back while a large library is scanned.
  var pacing = LibraryPacing()
  /// The watcher and its batches held while a scan runs; nil when folders are not watched.
  var live: LiveUpdates?
  /// Stops the first scan at the end of the run.
  var scanCancellation: ScanCancellation?
  /// How the run ended, once it has: the loop stops stepping.
  var outcome: Outcome?
  /// Whether `start` ran (`run` starts the runtime unless a test did).
  private var started = false
  /// Carries out the actions on files, and keeps them for undo.
  var fileActions: (any FileActing)?
  /// Where the sidecars' writer waits while an action on files runs.
  let actionGates = ActionGates()
  /// Runs the user's commands and the key handler.
  let commandRunner: any CommandRunning
  /// Imports a card from the browser (`I`).
  let cardImporter: any CardImporting
  /// The timers the state asked for.
  var timers = RuntimeTimers()
  /// The videos playing, by the generation the state asked for them with.
  var players: [Int: any VideoPlaying] = [:]
  /// The players whose frame went into the state since the last frame was drawn: told it
  /// is shown once it is, so they hand over no frame the terminal has not taken.
  var framesToShow = Set<Int>()
  /// The files given a decision during this run: what their sidecars said before, read
  /// late, must not take it back on screen (`GalleryRuntime+Decisions`).
  var decidedHere = Set<String>()

  /// A runtime for `state` (usually empty; the scan fills it) on `terminal`.
  package init(
    terminal: Terminal, state: GalleryState, services: Services, settings: Settings = Settings()
  ) {
    self.terminal = terminal
    self.state = state
    self.services = services
    self.settings = settings
    commandRunner = services.commandRunner ?? CommandRunner(environment: services.environment)
    cardImporter =
      services.cardImport
      ?? CardImporter(
        indexPath: nil, includeHidden: false, home: services.environment["HOME"] ?? "/")
    inbox = Inbox(waker: terminal.waker)
  }

  /// Runs until the user quits or a termination signal arrives, then stops the workers,
  /// the scan and the watcher and waits for the favourites to be saved.
  package func run() -> Outcome {
    if !started { start() }
    // Waits for ever unless the state asked for a timer (`step` waits no longer than
    // that): nothing runs while idle.
    while outcome == nil { step(timeout: nil) }
    stop()
    return outcome ?? .quit
  }

  /// Starts the workers, the watcher and the scan, reads the favourites, and draws the
  /// first frame (after the scan, or `scanGrace`, whichever comes first).
  func start() {
    started = true
    let inbox = self.inbox
    thumbnails = services.makeThumbnails { request, result in
      let event = GalleryEvent.thumbnailReady(
        path: request.path, size: request.size, crop: request.crop,
        painted: request.paintsClipping, result: result)
      inbox.post(.result(event, answering: .thumbnail(request), isPreview: result.isPreview))
    }
    let environment = services.environment
    fileActions =
      services.fileActions
      ?? FileActor(
        ordering: SectionOrdering(roots: services.scanner?.roots ?? []),
        home: environment["HOME"] ?? "/",
        trash: Trash.ofThisUser(environment: environment))
    // The favourites of an older gallery become decisions before any sidecar is read, so
    // the reads find them.
    let migrated = services.favorites?.migrate() ?? []
    if let scanner = services.scanner {
      // Watch before scanning, so nothing changing during the scan is missed.
      if services.watchesFolders {
        let live = LiveUpdates(scanner: scanner) { inbox.post($0) }
        self.live = live
        let warnings = live.start()
        if !warnings.isEmpty { apply(.watchWarnings(warnings)) }
      }
      // Each folder is looked up in the index as it is found, on the reader's thread:
      // its details are ready when the state asks for them.
      let details = services.details
      let decisions = services.decisions
      scanCancellation = scanner.startScan { event in
        if case .section(let section) = event {
          details.lookUpAhead(section.pictures.map(FileStamp.init))
          // A video's, raw file's, HEIF's or SVG's library opens in the background as soon
          // as a folder holds one: the first of them shown does not wait for it.
          CodecLibrary.openAhead(for: section.pictures.compactMap(\.format))
          // Each folder's sidecars are read as it is found, on the keeper's thread.
          decisions?.read(
            section.pictures.map(\.path), deliver: { inbox.post(.decisionsRead($0)) },
            failed: { inbox.post(.sidecarsFailed($0)) })
        }
        inbox.post(.scan(event))
      }
    }
    for event in settings.startEvents { apply(event) }
    for event in migrated { apply(event) }
    // The order before the first section arrives, so sections come in it.
    for event in services.stateFile?.load() ?? [] { apply(event) }
    if services.scanner != nil { inbox.waitForScan(timeout: settings.scanGrace) }
    handleNotingCost(inbox.takeAll())
    apply(.resize(terminal.size))
    draw()
    settings.trace.firstFrame()
    traceProgress.frameDrawn(state, trace: settings.trace)
    if settings.exitAfterFirstFrame { outcome = .quit }
  }

  /// Waits up to `timeout` (nil: until something happens) for events, handles every
  /// delivery waiting, and draws once.
  ///
  /// While the frame that answers the user is made and written, the decoding threads
  /// wait at their next pause point: the terminal that reads the frame is another
  /// process, and on a machine with few cores the decoders would make it wait for one
  /// (a key's frame took twice as long with them running).
  func step(timeout: Duration?) {
    var event = terminal.nextEvent(
      timeout: pacing.waitLimit(timers.waitLimit(timeout), now: RuntimeTrace.now()))
    let readAt = settings.trace.isOn ? RuntimeTrace.now() : 0
    var answersUser = false
    var sawKey = false
    while event != .timeout {
      if event.isInput && !answersUser {
        answersUser = true
        thumbnails?.pause()
      }
      if case .key = event { sawKey = true }
      if let delivery = Self.delivery(of: event) { inbox.append(delivery) }
      if case .terminate = event { break }
      // Take whatever else is already waiting before drawing once for all of it.
      event = terminal.nextEvent(timeout: .zero)
    }
    defer { if answersUser { thumbnails?.resume() } }
    fireDueTimers()
    let deliveries = pacing.pace(
      inbox.takeAll(), scanning: !state.isScanComplete, now: RuntimeTrace.now())
    // A wait that timed out with nothing to do draws nothing.
    guard !deliveries.isEmpty else { return }
    timers.startBatch()
    handleNotingCost(deliveries)
    guard outcome == nil else { return }
    let bytes = draw()
    if !framesToShow.isEmpty, settings.trace.isOn, let frame = state.detail.video?.frame {
      settings.trace.videoFrameDrawn(dropped: frame.dropped)
    }
    for generation in framesToShow { players[generation]?.frameShown() }
    framesToShow = []
    if sawKey {
      settings.trace.keyDrawn(since: readAt, bytes: bytes)
      traceProgress.keyDrawn(readAt: readAt)
    }
    traceProgress.frameDrawn(state, trace: settings.trace)
  }

  /// Stops the workers, the scan and the watcher; waits for the sidecars' and the state
  /// file's saves.
  func stop() {
    scanCancellation?.cancel()
    live?.stop()
    services.details.stop()
    services.likeness?.stop()
    services.contentHashes?.stop()
    for player in players.values { player.stop() }
    players = [:]
    thumbnails?.shutdown()
    // The writes wait for no action on files: none was decided behind one.
    actionGates.openAll()
    services.decisions?.finish()
    services.stateFile?.finish()
  }

  /// What the inbox keeps of a terminal event: a wake only says that the inbox has mail,
  /// and a timeout that nothing came; neither is a delivery of its own.
  static func delivery(of event: TerminalEvent) -> Delivery? {
    switch event {
    case .key(let key): .event(.key(key))
    case .mouse(let mouse): .event(.mouse(mouse))
    case .resize(let size): .event(.resize(size))
    case .repaint: .repaint
    case .terminate(let signal): .terminate(signal: signal)
    case .wake, .timeout: nil
    }
  }

  /// Adds a delivery for each timer that is due, and forgets it.
  private func fireDueTimers() {
    for timer in timers.takeDue() {
      inbox.append(.event(.timerFired(timer)))
      // Idle after input: what the caches dropped meanwhile goes back to the system.
      if timer == .idle { Allocator.releaseFreePages() }
    }
  }
}
