import Gallery
import Pictures

/// What the loop does with what arrives in its inbox before the state sees it.
extension GalleryRuntime {
  /// `handle`s `deliveries`, noting what it cost when they made the library grow: the
  /// next such batches are paced by it (`LibraryPacing`).
  func handleNotingCost(_ deliveries: [Delivery]) {
    guard deliveries.contains(where: LibraryPacing.growsLibrary) else {
      handle(deliveries)
      return
    }
    let start = RuntimeTrace.now()
    handle(deliveries)
    pacing.noteTaken(from: start, to: RuntimeTrace.now())
  }

  /// Hands `deliveries` to the state in order; stops at the end of the run.
  func handle(_ deliveries: [Delivery]) {
    for delivery in Self.joiningSections(Self.joiningLikeness(Self.joiningDetails(deliveries))) {
      handle(delivery)
      if outcome != nil { return }
    }
  }

  /// `deliveries` with the folders scanned among them joined into one `scanned` event,
  /// where the first of them was: the timeline regroups once for all of them (O(pictures)
  /// each time), and a slow step finds dozens waiting. A folder is moved ahead only of
  /// what cannot depend on it (the answers to requests made before, timers, repaints):
  /// input, the scan's other events and anything else that changes the library keep
  /// their place, and the folders after them start another batch.
  nonisolated static func joiningSections(_ deliveries: [Delivery]) -> [Delivery] {
    var joined: [Delivery] = []
    joined.reserveCapacity(deliveries.count)
    var sections: [ScanEvent] = []
    var position = 0
    for delivery in deliveries {
      if case .event(.scan(let event)) = delivery, case .section = event {
        if sections.isEmpty {
          position = joined.count
          joined.append(delivery)  // the place, filled below
        }
        sections.append(event)
        continue
      }
      if !sections.isEmpty, !letsSectionsPass(delivery) {
        joined[position] = .event(.scanned(sections))
        sections = []
      }
      joined.append(delivery)
    }
    if !sections.isEmpty { joined[position] = .event(.scanned(sections)) }
    return joined
  }

  /// Whether folders scanned after `delivery` may be handed to the state before it: it
  /// answers a request made before they came, or is the clock's or the terminal's.
  nonisolated private static func letsSectionsPass(_ delivery: Delivery) -> Bool {
    switch delivery {
    case .answered, .repaint: return true
    case .watched, .rescanFinished, .terminate: return false
    case .event(let event):
      switch event {
      case .thumbnailReady, .pictureReady, .pictureDescribed, .pictureAnalyzed, .animationFrames,
        .videoPlayed,
        .timerFired, .stateFileFailed, .detailsRead, .likenessRead, .contentHashesRead,
        .decisionsRead,
        .sidecarsFailed, .opened, .folderCompletions, .commandEnded, .cardFound, .importPlanned,
        .importRefused, .importProgressed:
        return true
      case .key, .mouse, .resize, .scan, .scanned, .favoritesMigrated, .watchWarnings,
        .foldersChanged, .rescanned, .orderLoaded, .recentFoldersLoaded, .configProblems,
        .acted, .importFinished:
        return false
      }
    }
  }

  /// `deliveries` with every batch of details among them joined into one, where the
  /// last was (a later batch's details of a file win, and every notice is kept, in
  /// order): each batch may rearrange the whole
  /// library, and batches pile up exactly while the run loop is busy, so a slow step
  /// takes all of them at the cost of one.
  nonisolated static func joiningDetails(_ deliveries: [Delivery]) -> [Delivery] {
    var batches: [(position: Int, batch: PictureDetailsBatch)] = []
    for (position, delivery) in deliveries.enumerated() {
      guard case .event(.detailsRead(let batch)) = delivery else { continue }
      batches.append((position, batch))
    }
    guard let last = batches.last?.position, batches.count > 1 else { return deliveries }
    // The others go into the largest, not all into a new one: the index's answers come
    // in tens of thousands, and a batch alone is handed on as it is.
    var largest = 0
    for (place, found) in batches.enumerated()
    where found.batch.details.count > batches[largest].batch.details.count {
      largest = place
    }
    var joined = batches[largest].batch
    joined.notices = batches.flatMap(\.batch.notices)
    batches[largest].batch = PictureDetailsBatch()
    for (place, found) in batches.enumerated() where place != largest {
      if place < largest {
        joined.details.merge(found.batch.details) { later, _ in later }
      } else {
        joined.details.merge(found.batch.details) { _, later in later }
      }
    }
    return deliveries.enumerated().compactMap { position, delivery in
      if position == last { return .event(.detailsRead(joined)) }
      if case .event(.detailsRead) = delivery { return nil }
      return delivery
    }
  }

  /// `deliveries` with the batches of likeness among them joined, each run of them
  /// into one where the last of the run was: in the duplicates grouping each batch may
  /// group the library again, O(pictures × groups). A run ends at the end of a read (an
  /// empty batch), which keeps its place after the hashes that came before it, so the
  /// state still groups what came when a read is through; and at anything that may
  /// change the library or what is asked (the rule the folders' joining follows,
  /// `letsSectionsPass`), so no hash is moved past a change of its file.
  nonisolated static func joiningLikeness(_ deliveries: [Delivery]) -> [Delivery] {
    // Each run's hashes, kept at the position of its last batch.
    var joinedAt: [Int: [FileStamp: PerceptualHash]] = [:]
    var runLast: Int?
    var runHashes: [FileStamp: PerceptualHash] = [:]
    var batches = 0
    for (position, delivery) in deliveries.enumerated() {
      guard case .event(.likenessRead(let hashes)) = delivery else {
        if !letsSectionsPass(delivery), let last = runLast {
          joinedAt[last] = runHashes
          runLast = nil
        }
        continue
      }
      if hashes.isEmpty {
        if let last = runLast { joinedAt[last] = runHashes }
        runLast = nil
        continue
      }
      batches += 1
      if runLast == nil {
        runHashes = hashes
      } else {
        runHashes.merge(hashes) { _, later in later }
      }
      runLast = position
    }
    if let last = runLast { joinedAt[last] = runHashes }
    guard batches > joinedAt.count else { return deliveries }
    return deliveries.enumerated().compactMap { position, delivery in
      guard case .event(.likenessRead(let hashes)) = delivery, !hashes.isEmpty else {
        return delivery
      }
      return joinedAt[position].map { .event(.likenessRead($0)) }
    }
  }

  private func handle(_ delivery: Delivery) {
    switch delivery {
    case .event(let event):
      receive(event)
    case .answered(let request, let event):
      switch request {
      case .thumbnail(let request): inFlight[request] = nil
      case .picture(let request): picturesInFlight[request] = nil
      }
      apply(event)
    case .watched(let changes):
      readDecisions(of: changes.arrived.map(\.picture.path))
      for event in live?.receive(changes) ?? [] { apply(event) }
    case .rescanFinished(let library):
      readDecisions(of: library.sections.flatMap { $0.pictures.map(\.path) })
      for event in live?.rescanFinished(library) ?? [] { apply(event) }
    case .repaint:
      mustDraw = true  // the terminal repaints the whole frame drawn after this batch
    case .terminate(let signal):
      outcome = .terminated(signal: signal)
    }
  }

  /// Hands `event` to the state, with what the loop notes of it first (and, for the end
  /// of the scan, the watcher's batches held back until then after it).
  private func receive(_ event: GalleryEvent) {
    switch event {
    case .key:
      settings.onKey?()
    case .timerFired(let timer):
      guard !timers.isStale(timer) else { return }
    case .decisionsRead(let read):
      apply(.decisionsRead(notDecidedHere(read)))
      return
    case .importFinished(let outcome, let library?):
      // The folders the import wrote are shown from now on: their decisions are read,
      // and they are watched in place of the folders shown before.
      readDecisions(of: library.sections.flatMap { $0.pictures.map(\.path) })
      watchImported(outcome)
    case .videoPlayed(let generation, let played):
      switch played {
      case .frame: framesToShow.insert(generation)
      case .ended, .failed: players[generation] = nil
      }
    default:
      break
    }
    apply(event)
    if case .scan(.finished(let stats)) = event {
      for held in live?.scanFinished() ?? [] { apply(held) }
      pruneIndex(after: stats)
      // After the reads the scan's last folders asked for: what no one asked for goes.
      services.details.forgetLookedUpAhead()
    }
  }
}
