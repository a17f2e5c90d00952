import Dispatch
import Foundation
import Gallery
import Pictures
import TerminalKit
import Thumbnails

#if canImport(Glibc)
  import Glibc
#endif

/// The interactive gallery: one inbox of events, `GalleryState.update`, the thumbnail
/// requests, and one frame drawn per batch of events.
///
/// Everything that happens arrives in the inbox in the order it happened: the terminal's
/// keys, mouse actions and resizes (read on this thread), and from other threads the
/// scan's sections, finished thumbnails and picture details, the watcher's batches and
/// the favourites' saves. Each batch goes through `update`, whose commands the runtime
/// carries out (requests for thumbnails, saves, redraws); then the state is drawn once.
/// The runtime owns the requests: it asks the thumbnail service only for what is neither
/// on the state's shelf nor on its way, and a result already in the service's memory goes
/// into the state before the frame is drawn, so it costs no second frame.
@MainActor
public final class GalleryRuntime<Terminal: GalleryTerminal> {
  /// How a run ended.
  public enum Outcome: Hashable, Sendable {
    /// The user quit.
    case quit
    /// A termination signal arrived; the terminal is already restored, and the caller
    /// should die by the same signal.
    case terminated(signal: Int32)
  }

  /// What the runtime works with besides the terminal.
  public struct Services {
    /// Makes the thumbnail service, given where its results go.
    public var makeThumbnails:
      @MainActor (@escaping ThumbnailPipeline.Completion) -> any ThumbnailService
    /// Finds the pictures; nil shows only what the state already holds.
    public var scanner: LibraryScanner?
    /// Whether the shown folders are watched for changes (needs `scanner`).
    public var watchesFolders: Bool
    /// Reads and saves the favourites.
    public var favorites: FavoritesKeeper
    /// Reads and saves the state file (the order); nil keeps nothing.
    public var stateFile: StateFileKeeper?
    /// Opens pictures with another program (`o`); nil: opening is a failure message.
    public var opener: (any PictureOpener)?
    /// Finds when pictures were taken (`readDatesTaken`); the default keeps no cache.
    public var datesTaken: DateTakenReader
    /// The environment the actions on files and the user's commands see: `HOME` (for
    /// `~` and the Trash), `XDG_DATA_HOME` (the Trash), `XDG_CONFIG_HOME` (the key
    /// handler).
    public var environment: [String: String] = ProcessInfo.processInfo.environment

    public init(
      makeThumbnails:
        @escaping @MainActor (@escaping ThumbnailPipeline.Completion) -> any ThumbnailService,
      scanner: LibraryScanner?, watchesFolders: Bool, favorites: FavoritesKeeper,
      stateFile: StateFileKeeper? = nil, opener: (any PictureOpener)? = nil,
      datesTaken: DateTakenReader = DateTakenReader()
    ) {
      self.makeThumbnails = makeThumbnails
      self.scanner = scanner
      self.watchesFolders = watchesFolders
      self.favorites = favorites
      self.stateFile = stateFile
      self.opener = opener
      self.datesTaken = datesTaken
    }
  }

  /// How the run behaves; the defaults are the browser's.
  public struct Settings: Sendable {
    /// How long the first frame waits for the scan: a small library shows whole in it,
    /// a large one starts drawing without waiting.
    public var scanGrace: DispatchTimeInterval = .milliseconds(30)
    /// Leave once the first frame is drawn (the launch benchmark).
    public var exitAfterFirstFrame = false
    /// Timings for the benchmarks.
    public var trace = RuntimeTrace.off
    /// Whether pictures' embedded previews are drawn while they decode (off only to
    /// measure what they bring).
    public var usesPreviews = true
    /// Whether the terminal is inside tmux (`TMUX` is set): the clipboard's OSC 52 is
    /// then also sent through tmux's passthrough, for the terminal outside.
    public var insideTmux = false
    /// Events for the state before anything else (the configuration file's problems).
    public var startEvents: [GalleryEvent] = []
    /// Called at every key before it is handled: the crash `GALLERY_TEST_TRAP` forces, for
    /// the tests of the crash report (`TestTrap`); nil otherwise.
    public var onKey: (@Sendable () -> Void)?

    public init() {}
  }

  /// What the screen shows.
  public private(set) var state: GalleryState

  private let terminal: Terminal
  private let services: Services
  private let settings: Settings
  private let inbox: Inbox
  private var thumbnails: (any ThumbnailService)?
  /// Requests sent to the service and not yet finally answered (a preview may have
  /// come), with the priority they were sent at.
  private var inFlight: [ThumbnailRequest: Int] = [:]
  /// Pictures in pixels asked for and not yet finally answered, with their priority.
  private var picturesInFlight: [PictureRequest: Int] = [:]
  /// Thumbnails asked for before the first frame: requested once it is on screen, so
  /// the workers do not compete with drawing it.
  private var wantsBeforeFirstFrame: [ThumbnailWant]?
  private var hasDrawn = false
  /// The frame last handed to the terminal: an equal one is not drawn again (results
  /// decoded ahead change nothing on screen) unless the terminal must repaint.
  private var lastFrame: Frame?
  private var mustDraw = false
  /// For the trace: when the key whose screen is not yet sharp was read, and which of
  /// the first screen's moments are still to come.
  private var unsettledKey: UInt64?
  private var firstScreen: (filled: Bool, sharp: Bool) = (false, false)
  /// For the trace: whether a frame of the timeline with a dated section was drawn, and
  /// whether every date asked for has come.
  private var timelineTraced: (dated: Bool, complete: Bool) = (false, false)
  private var live: LiveUpdates?
  private var scanCancellation: ScanCancellation?
  private var outcome: Outcome?
  private var started = false
  private var datesTaken: DateTakenReader { services.datesTaken }
  /// Carries out the actions on files, and keeps them for undo.
  private var fileActor: FileActor?
  /// When each timer the state asked for is due.
  private var deadlines: [GalleryTimer: ContinuousClock.Instant] = [:]
  /// Timers asked for again while this batch is handled: their earlier firing, queued in
  /// the same batch behind the event that asked again, is stale (a key that came with the
  /// idle timer's firing means the user is not idle).
  private var rearmed = Set<GalleryTimer>()
  /// The videos playing, by the generation the state asked for them with.
  private var players: [Int: any VideoPlaying] = [:]
  /// The players whose frame went into the state since the last frame was drawn: told it
  /// is shown once it is, so they hand over no frame the terminal has not taken.
  private var framesToShow = Set<Int>()
  private let clock = ContinuousClock()

  /// A runtime for `state` (usually empty; the scan fills it) on `terminal`.
  public init(
    terminal: Terminal, state: GalleryState, services: Services, settings: Settings = Settings()
  ) {
    self.terminal = terminal
    self.state = state
    self.services = services
    self.settings = settings
    inbox = Inbox(waker: terminal.waker)
  }

  /// Runs until the user quits or a termination signal arrives, then stops the workers,
  /// the scan and the watcher and waits for the favourites to be saved.
  public func run() -> Outcome {
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
      inbox.post(.thumbnail(request, result))
    }
    let environment = services.environment
    fileActor = FileActor(
      ordering: SectionOrdering(roots: services.scanner?.roots ?? []),
      home: environment["HOME"] ?? "/",
      trash: Trash.ofThisUser(environment: environment))
    if let scanner = services.scanner {
      // Watch before scanning, so nothing changing during the scan is missed.
      if services.watchesFolders {
        let live = LiveUpdates(scanner: scanner) { inbox.post($0) }
        self.live = live
        let warnings = live.start()
        if !warnings.isEmpty { perform(state.update(.watchWarnings(warnings))) }
      }
      scanCancellation = scanner.start { inbox.post(.scan($0)) }
    }
    for event in settings.startEvents { perform(state.update(event)) }
    for event in services.favorites.load() { perform(state.update(event)) }
    // The order before the first section arrives, so sections come in it.
    for event in services.stateFile?.load() ?? [] { perform(state.update(event)) }
    if services.scanner != nil { inbox.waitForScan(timeout: settings.scanGrace) }
    handle(inbox.takeAll())
    perform(state.update(.resize(terminal.size)))
    draw()
    settings.trace.firstFrame()
    traceScreen()
    if settings.exitAfterFirstFrame { outcome = .quit }
  }

  /// Waits up to `timeout` (nil: until something happens) for events, handles every
  /// event waiting, and draws once.
  ///
  /// While the frame that answers the user is made and written, the decoding threads
  /// wait at their next pause point: the terminal that reads the frame is another
  /// process, and on a machine with few cores the decoders would make it wait for one
  /// (a key's frame took twice as long with them running).
  func step(timeout: Duration?) {
    var event = terminal.nextEvent(timeout: waitLimit(timeout))
    let readAt = settings.trace.isOn ? RuntimeTrace.now() : 0
    var answersUser = false
    var sawKey = false
    while event != .timeout {
      if event.isInput && !answersUser {
        answersUser = true
        thumbnails?.pause()
      }
      if case .key = event { sawKey = true }
      // A wake only says that the inbox has mail: it is no event of its own.
      if event != .wake { inbox.append(.terminal(event)) }
      if case .terminate = event { break }
      // Take whatever else is already waiting before drawing once for all of it.
      event = terminal.nextEvent(timeout: .zero)
    }
    defer { if answersUser { thumbnails?.resume() } }
    fireDueTimers()
    let messages = inbox.takeAll()
    // A wait that timed out with nothing to do draws nothing.
    guard !messages.isEmpty else { return }
    rearmed = []
    handle(messages)
    guard outcome == nil else { return }
    let bytes = draw()
    if !framesToShow.isEmpty, settings.trace.isOn, let frame = state.detail.video?.frame {
      settings.trace.videoFrameDrawn(dropped: frame.dropped)
    }
    for generation in framesToShow { players[generation]?.frameShown() }
    framesToShow = []
    if sawKey {
      settings.trace.keyDrawn(since: readAt, bytes: bytes)
      unsettledKey = readAt
    }
    traceScreen()
  }

  /// Stops the workers, the scan and the watcher; waits for the favourites' saves.
  func stop() {
    scanCancellation?.cancel()
    live?.stop()
    datesTaken.stop()
    for player in players.values { player.stop() }
    players = [:]
    thumbnails?.shutdown()
    services.favorites.finish()
    services.stateFile?.finish()
  }

  // MARK: Events

  private func handle(_ messages: [RuntimeMessage]) {
    var sections: [ScanEvent] = []
    for message in Self.joiningDates(messages) {
      // Folders scanned one after the other go to the state together: the timeline
      // regroups once for all of them.
      if case .scan(.section) = message, case .scan(let event) = message {
        sections.append(event)
        continue
      }
      if !sections.isEmpty {
        perform(state.update(.scanned(sections)))
        sections = []
        if outcome != nil { return }
      }
      handle(message)
      if outcome != nil { return }
    }
    if !sections.isEmpty { perform(state.update(.scanned(sections))) }
  }

  /// `messages` with every batch of dates among them joined into one, where the last
  /// was: each batch rearranges the whole library, and batches pile up exactly while
  /// the run loop is busy, so a slow step takes all of them at the cost of one.
  nonisolated static func joiningDates(_ messages: [RuntimeMessage]) -> [RuntimeMessage] {
    var joined = DatesTaken(dates: [:], undated: [])
    var last: Int?
    for (index, message) in messages.enumerated() {
      guard case .datesTaken(let batch) = message else { continue }
      joined.dates.merge(batch.dates) { _, new in new }
      joined.undated += batch.undated
      last = index
    }
    guard let last else { return messages }
    return messages.enumerated().compactMap { index, message in
      if index == last { return .datesTaken(joined) }
      if case .datesTaken = message { return nil }
      return message
    }
  }

  private func handle(_ message: RuntimeMessage) {
    switch message {
    case .terminal(.key(let key)):
      settings.onKey?()
      perform(state.update(.key(key)))
    case .terminal(.mouse(let mouse)):
      perform(state.update(.mouse(mouse)))
    case .terminal(.resize(let size)):
      perform(state.update(.resize(size)))
    case .terminal(.terminate(let signal)):
      outcome = .terminated(signal: signal)
    case .terminal(.repaint):
      mustDraw = true  // the terminal repaints the whole frame drawn after this batch
    case .terminal(.wake), .terminal(.timeout):
      break  // never posted: `step` keeps only events that carry something
    case .scan(let event):
      perform(state.update(.scan(event)))
      if case .finished = event, let live {
        for held in live.scanFinished() { perform(state.update(held)) }
      }
    case .thumbnail(let request, let result):
      // A preview is followed by the picture: still on its way.
      if !result.isPreview { inFlight[request] = nil }
      perform(
        state.update(
          .thumbnailReady(
            path: request.path, size: request.size, crop: request.crop, result: result)))
    case .picture(let request, let result):
      if !result.isPreview { picturesInFlight[request] = nil }
      perform(
        state.update(
          .pictureReady(PictureKey(request), result: result)))
    case .described(let path, let result):
      let outcome: ThumbnailOutcome
      switch result {
      case .success(let metadata): outcome = .ready(metadata: metadata, isPartial: false)
      case .failure(let error): outcome = .failed(error)
      }
      perform(state.update(.pictureDescribed(path: path, outcome: outcome)))
    case .folders(let changes):
      for event in live?.receive(changes) ?? [] { perform(state.update(event)) }
    case .rescanned(let library):
      for event in live?.rescanned(library) ?? [] { perform(state.update(event)) }
    case .favoritesSaved(let outcome):
      perform(state.update(.favoritesSaved(outcome)))
    case .animation(let request, let generation, let result):
      perform(
        state.update(
          .animationFrames(
            path: request.path, size: request.size, generation: generation, result: result)))
    case .video(let generation, let event):
      switch event {
      case .frame: framesToShow.insert(generation)
      case .ended, .failed: players[generation] = nil
      }
      perform(state.update(.videoPlayed(generation: generation, event)))
    case .stateFileFailed(let error):
      perform(state.update(.stateFileFailed(error)))
    case .datesTaken(let dates):
      perform(state.update(.datesTaken(dates)))
    case .acted(let report):
      perform(state.update(.acted(report)))
    case .timer(let timer):
      guard !rearmed.contains(timer) else { break }
      perform(state.update(.timerFired(timer)))
    }
  }

  // MARK: Timers

  /// How long to wait for events: `timeout`, cut short by the next timer.
  private func waitLimit(_ timeout: Duration?) -> Duration? {
    guard let due = deadlines.values.min() else { return timeout }
    let untilDue = max(.zero, clock.now.duration(to: due))
    return timeout.map { min($0, untilDue) } ?? untilDue
  }

  /// Adds a message for each timer that is due, and forgets it.
  private func fireDueTimers() {
    let now = clock.now
    for (timer, due) in deadlines where due <= now {
      deadlines[timer] = nil
      inbox.append(.timer(timer))
      // Idle after input: what the caches dropped meanwhile goes back to the system.
      if timer == .idle { Allocator.releaseFreePages() }
    }
  }

  // MARK: Commands

  private func perform(_ commands: [AppCommand]) {
    for command in commands {
      switch command {
      case .quit:
        outcome = .quit
      case .redraw:
        terminal.invalidate()
        mustDraw = true
      case .requestThumbnails(let wants):
        if hasDrawn { request(wants) } else { wantsBeforeFirstFrame = wants }
      case .invalidateThumbnails(let paths):
        for path in paths { thumbnails?.invalidate(path: path) }
        let stale = Set(paths)
        inFlight = inFlight.filter { !stale.contains($0.key.path) }
        picturesInFlight = picturesInFlight.filter { !stale.contains($0.key.path) }
      case .describe(let path):
        let inbox = self.inbox
        thumbnails?.describe(path: path, priority: ThumbnailPriority.detail.rawValue) {
          inbox.post(.described(path: $0, $1))
        }
      case .requestAnimation(let path, let size, let generation):
        let inbox = self.inbox
        thumbnails?.animate(
          animationRequest(path, size), priority: ThumbnailPriority.detail.rawValue
        ) {
          inbox.post(.animation($0, generation: generation, $1))
        }
      case .cancelAnimation(let path, let size):
        thumbnails?.cancelAnimation(animationRequest(path, size))
      case .playVideo(let path, let size, let generation, let start):
        players[generation] = playVideo(
          path: path, size: size, generation: generation, from: start)
      case .pauseVideo(let generation, let paused):
        players[generation]?.setPaused(paused)
      case .stopVideo(let generation):
        players.removeValue(forKey: generation)?.stop()
        framesToShow.remove(generation)
      case .scheduleTimer(let timer, let milliseconds):
        deadlines[timer] = clock.now + .milliseconds(milliseconds)
        rearmed.insert(timer)
      case .cancelTimer(let timer):
        deadlines[timer] = nil
      case .saveFavorites(let favorites):
        let inbox = self.inbox
        services.favorites.save(favorites) { inbox.post(.favoritesSaved($0)) }
      case .saveOrder(let order):
        let inbox = self.inbox
        services.stateFile?.save(order) { inbox.post(.stateFileFailed($0)) }
      case .saveRecentFolders(let folders):
        let inbox = self.inbox
        services.stateFile?.save(recentFolders: folders) { inbox.post(.stateFileFailed($0)) }
      case .readDatesTaken(let stamps):
        let inbox = self.inbox
        datesTaken.read(stamps) { inbox.post(.datesTaken($0)) }
      case .copy(let paths):
        // The paths' real bytes, one a line: a name that is not UTF-8 pastes as itself.
        let bytes = paths.map { PathBytes.fileSystemBytes($0) }.joined(separator: [0x0A])
        let control = ControlString.clipboard(bytes: Array(bytes))
        terminal.send(control)
        if settings.insideTmux { terminal.send(control.passingThroughTmux) }
      case .openExternally(let paths):
        perform(state.update(.opened(open(paths))))
      case .act(let action):
        let inbox = self.inbox
        fileActor?.perform(action) { inbox.post(.acted($0)) }
      case .completeFolder(let text, let base):
        let candidates = FolderCompletion.candidates(
          for: text, from: base, home: services.environment["HOME"] ?? "/")
        perform(state.update(.folderCompletions(text: text, candidates: candidates)))
      case .run(let command, let focused, let marked):
        let runner = CommandRunner(environment: services.environment)
        let outcome = handingOver(!command.isDetached) {
          runner.run(command, focused: focused, marked: marked, terminal: $0)
        }
        perform(state.update(.commandEnded(summary: outcome.summary, isFailure: outcome.isFailure)))
      case .runKeyHandler(let key, let paths):
        let runner = CommandRunner(environment: services.environment)
        let outcome =
          runner.keyHandlerProblem(paths: paths).map { (summary: $0, isFailure: true) }
          ?? handingOver(true) { runner.runKeyHandler(key: key, paths: paths, terminal: $0) }
        perform(state.update(.commandEnded(summary: outcome.summary, isFailure: outcome.isFailure)))
      }
    }
  }

  /// The request for an animation's frames, in the state's colours and symbols.
  private func animationRequest(_ path: String, _ size: TileSize) -> ThumbnailRequest {
    ThumbnailWant(path: path, size: size, priority: .detail).request(in: state.appearance)
  }

  /// A player for the video at `path` in `size`: in pixels when the screen draws them, else
  /// in cell art; its reports come back through the inbox.
  private func playVideo(path: String, size: TileSize, generation: Int, from start: Double)
    -> (any VideoPlaying)?
  {
    guard let thumbnails else { return nil }
    let inbox = self.inbox
    let deliver: @Sendable (VideoPlayerEvent) -> Void = {
      inbox.post(.video(generation: generation, $0))
    }
    let want = ThumbnailWant(path: path, size: size, priority: .detail)
    if let cell = state.viewport.cellPixels,
      let request = want.pictureRequest(in: state.appearance, cell: cell)
    {
      return thumbnails.playVideo(request, from: start, deliver: deliver)
    }
    return thumbnails.playVideo(want.request(in: state.appearance), from: start, deliver: deliver)
  }

  /// Asks for the wanted thumbnails that are neither on the state's shelves nor on their
  /// way, as cell art or as pictures in pixels as the appearance says, and cancels the
  /// work nobody wants any more. Results the service holds in memory go into the state
  /// at once, so they are in the frame about to be drawn.
  ///
  /// - Returns: whether results from memory went into the state.
  @discardableResult
  private func request(_ wants: [ThumbnailWant]) -> Bool {
    // The results from memory go into the state only once every `ask` has returned: an
    // update can ask for thumbnails again (a picture back in the library moves the rest),
    // which asks while `inFlight` is still being changed, a conflict that stops the
    // program.
    let ready = readyInMemory(wants)
    for event in ready { perform(state.update(event)) }
    return !ready.isEmpty
  }

  /// Asks for `wants` (see `request`), and gives the results the service already holds.
  private func readyInMemory(_ wants: [ThumbnailWant]) -> [GalleryEvent] {
    guard let thumbnails else { return [] }
    let appearance = state.appearance
    if appearance.pictureFormat != nil, let cell = state.viewport.cellPixels {
      let requests = wants.compactMap { $0.pictureRequest(in: appearance, cell: cell) }
      let loading = state.loading
      let picturesReady = ask(
        zip(wants, requests), inFlight: &picturesInFlight,
        isOnShelf: { loading.pictures.hasFinal($0.pictureKey) },
        inMemory: { request in
          thumbnails.cachedPicture(for: request).map {
            .pictureReady(PictureKey(request), result: $0)
          }
        },
        send: { want, request in
          let inbox = self.inbox
          thumbnails.requestPicture(
            request, priority: want.priority.rawValue,
            preview: settings.usesPreviews && want.allowsPreview
          ) {
            inbox.post(.picture($0, $1))
          }
        },
        reprioritize: { thumbnails.reprioritize($0, priority: $1) })
      // Over a slow link the pictures on screen not yet in pixels show as cell art, a few
      // kilobytes each, while their pixels travel; its work goes once they are in.
      // Those just found in memory count as in: they go into the state after this.
      let shelf = state.loading.pictures
      let found = Set(
        picturesReady.compactMap { event -> PictureKey? in
          guard case .pictureReady(let key, let result) = event, !result.isPreview else {
            return nil
          }
          return key
        })
      let cellWants =
        appearance.compactPictures
        ? wants.filter {
          $0.priority.rawValue >= ThumbnailPriority.visible.rawValue
            && !shelf.hasFinal($0.pictureKey) && !found.contains($0.pictureKey)
        } : []
      let cellRequests = cellWants.map { $0.request(in: appearance) }
      thumbnails.cancelAll(except: Set(cellRequests), pictures: Set(requests))
      return picturesReady + askCells(cellWants, cellRequests)
    }
    let requests = wants.map { $0.request(in: appearance) }
    thumbnails.cancelAll(except: Set(requests), pictures: [])
    return askCells(wants, requests)
  }

  /// `ask` for cell art.
  private func askCells(_ wants: [ThumbnailWant], _ requests: [ThumbnailRequest])
    -> [GalleryEvent]
  {
    guard let thumbnails else { return [] }
    let loading = state.loading
    return ask(
      zip(wants, requests), inFlight: &inFlight,
      isOnShelf: { loading.thumbnails.hasFinal(path: $0.path, size: $0.size, crop: $0.crop) },
      inMemory: { request in
        thumbnails.cachedResult(for: request).map {
          .thumbnailReady(path: request.path, size: request.size, crop: request.crop, result: $0)
        }
      },
      send: { want, request in
        thumbnails.request(
          request, priority: want.priority.rawValue,
          preview: settings.usesPreviews && want.allowsPreview)
      },
      reprioritize: { thumbnails.reprioritize($0, priority: $1) })
  }

  /// Asks for each wanted request whose final result is not on the state's shelf and
  /// that is not already `inFlight`: from memory when the service has it (returned, for
  /// the state), else from the workers. A request on its way whose priority changed
  /// (a prefetched picture now on screen) is moved; those no longer wanted are forgotten
  /// (the caller cancelled them).
  private func ask<Request: Hashable>(
    _ pairs: Zip2Sequence<[ThumbnailWant], [Request]>, inFlight: inout [Request: Int],
    isOnShelf: (ThumbnailWant) -> Bool, inMemory: (Request) -> GalleryEvent?,
    send: (ThumbnailWant, Request) -> Void, reprioritize: (Request, Int) -> Void
  ) -> [GalleryEvent] {
    let wanted = Set(pairs.map(\.1))
    inFlight = inFlight.filter { wanted.contains($0.key) }
    var ready: [GalleryEvent] = []
    for (want, request) in pairs where !isOnShelf(want) {
      let priority = want.priority.rawValue
      if let sent = inFlight[request] {
        if sent != priority {
          inFlight[request] = priority
          reprioritize(request, priority)
        }
      } else if let event = inMemory(request) {
        ready.append(event)
      } else {
        inFlight[request] = priority
        send(want, request)
      }
    }
    return ready
  }

  /// Runs `body`, with the terminal handed over (as Ctrl-Z hands it over) around it when
  /// `waited`; `body` gets the terminal's descriptor then.
  private func handingOver<Result>(_ waited: Bool, _ body: (Int32?) -> Result) -> Result {
    guard waited else { return body(nil) }
    terminal.suspend()
    defer { takeTerminalBack() }
    return body(terminal.deviceDescriptor)
  }

  /// Hands `paths` to the opener, the terminal handed over while a waited program runs.
  private func open(_ paths: [String]) -> OpenOutcome {
    guard let opener = services.opener else { return .failed("cannot open: no opener") }
    guard opener.needsTerminal else { return opener.open(paths, terminal: nil) }
    terminal.suspend()
    defer { takeTerminalBack() }
    return opener.open(paths, terminal: terminal.deviceDescriptor)
  }

  /// Takes the terminal back from a program it was handed to. The screen is the
  /// terminal's blank one now, whatever frame was drawn last: the next frame is drawn
  /// even when it equals that one (the same program run twice leaves the same status
  /// line), or the screen would stay blank until the next change.
  private func takeTerminalBack() {
    terminal.resume()
    mustDraw = true
  }

  // MARK: Drawing

  @discardableResult
  private func draw() -> Int? {
    var bytes = drawIfChanged()
    if !hasDrawn {
      hasDrawn = true
      let wants = wantsBeforeFirstFrame
      wantsBeforeFirstFrame = nil
      // Thumbnails the service held in memory are drawn at once, not at the next event.
      if let wants, request(wants) { bytes = drawIfChanged() }
    }
    return bytes
  }

  /// Draws the state unless its frame is the one on screen and no repaint is due; the
  /// bytes written (0 when not drawn).
  private func drawIfChanged() -> Int? {
    let frame = GalleryView.render(state)
    guard mustDraw || frame != lastFrame else { return 0 }
    mustDraw = false
    lastFrame = frame
    return terminal.draw(frame)
  }

  /// Notes for the trace when the first screen is filled and sharp, and when a key's
  /// screen is sharp.
  private func traceScreen() {
    guard settings.trace.isOn, hasDrawn else { return }
    if !firstScreen.filled, state.isScreenFilled {
      firstScreen.filled = true
      settings.trace.screenFilled()
    }
    let sharp = state.isScreenSharp
    if !firstScreen.sharp, sharp {
      firstScreen.sharp = true
      settings.trace.screenSharp()
    }
    if let key = unsettledKey, sharp {
      unsettledKey = nil
      settings.trace.keySettled(since: key)
    }
    if state.grouping.isTimeline {
      if !timelineTraced.dated, state.sections.first?.period != nil {
        timelineTraced.dated = true
        settings.trace.datedFrame()
      }
      if !timelineTraced.complete, state.isScanComplete, state.content.datesPending == 0 {
        timelineTraced.complete = true
        settings.trace.datesComplete()
      }
    }
  }

}
