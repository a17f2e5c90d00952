import CompositionalLayout
import TerminalKit

extension GalleryState {
  /// Applies one event and returns the side effects it asks for (bubbletea's update).
  ///
  /// Pure: the same state and event always give the same state and commands. The
  /// thumbnails the screen needs are recomputed after every event and asked for only
  /// when they changed.
  package mutating func update(_ event: GalleryEvent) -> [AppCommand] {
    var commands: [AppCommand] = []
    let scrolledFrom = scrollY
    let wantedLikeness = wantsLikeness
    var libraryMayHaveGrown = false
    switch event {
    case .key(let key):
      browsing.userTookFocus()
      commands += handle(key)
    case .mouse(let mouse):
      browsing.userTookFocus()
      handle(mouse)
    case .resize(let width, let height, let aspect, let pixels):
      viewport.resize(width: width, height: height, cellAspect: aspect, cellPixels: pixels)
      relayout()
      resnapOrthogonalOffsets()
      revealFocus()
    // A result for a file that left the library meanwhile is dropped: what is kept
    // per picture follows the library (`PictureLoading.keepOnly`).
    case .thumbnailReady(let path, let size, let crop, let painted, let result):
      if content.holds(path) {
        loading.receive(result, path: path, size: size, crop: crop, painted: painted)
      }
    case .pictureReady(let key, let result):
      if content.holds(key.path) { loading.receive(result, key: key) }
    case .pictureDescribed(let path, let outcome):
      if content.holds(path) { loading.receiveDescription(outcome, path: path) }
    case .pictureAnalyzed(let path, let outcome):
      if content.holds(path) { receiveAnalysis(outcome, path: path) }
    case .animationFrames(let path, let size, let generation, let result):
      commands += receiveAnimation(path: path, size: size, generation: generation, result: result)
    case .timerFired(.animation):
      commands += advanceAnimation()
    case .videoPlayed(let generation, let event):
      receiveVideo(generation: generation, event: event)
    case .timerFired(.idle):
      loading.noteIdle()
      content.prepareSearch()
    case .scan(let scan):
      apply(scan)
      libraryMayHaveGrown = true
    case .scanned(let scans):
      for scan in scans { apply(scan, regrouping: false) }
      regroupTimeline()
      libraryMayHaveGrown = true
    case .favoritesMigrated(let migration):
      receiveMigration(migration)
    case .watchWarnings(let warnings):
      if let warning = warnings.first { status.say(.liveUpdates(warning)) }
    case .foldersChanged(let changes):
      let rewritten = applyFolderChanges(changes)
      if !rewritten.isEmpty { commands.append(.invalidateThumbnails(rewritten)) }
      libraryMayHaveGrown = true
    case .rescanned(let library):
      replaceLibrary(library, rewritten: [])
      libraryMayHaveGrown = true
    case .orderLoaded(let order):
      restoreOrder(order)
    case .recentFoldersLoaded(let folders):
      prompts.restoreRecentFolders(folders, limit: Self.recentFolderLimit)
    case .stateFileFailed(let error):
      status.say(.stateFile(error))
    case .detailsRead(let batch):
      noteDetails(batch)
    case .likenessRead(let hashes):
      noteLikeness(hashes)
    case .contentHashesRead(let hashes):
      noteContentHashes(hashes)
    case .timerFired(.slideshow):
      commands += advanceSlideshow()
    case .opened(let outcome):
      status.say(.opened(outcome))
    case .configProblems(let problems):
      if !problems.isEmpty { status.say(.config(problems)) }
    case .acted(let report):
      if !actionsAsked.isEmpty { actionsAsked.removeFirst() }
      noteCulling(of: report)
      commands += receive(report)
      libraryMayHaveGrown = true
    case .decisionsRead(let read):
      receiveDecisions(read)
    case .sidecarsFailed(let sentence):
      status.say(.sidecars(sentence))
    case .folderCompletions(let text, let candidates):
      receiveCompletions(for: text, candidates: candidates)
    case .commandEnded(let summary, let isFailure):
      status.say(isFailure ? .actionFailed(summary) : .acted(summary))
    case .cardFound, .importPlanned, .importRefused, .importProgressed:
      commands += receiveImport(event)
    case .importFinished(let outcome, let library):
      commands += finishImport(outcome)
      if let library {
        replaceLibrary(library, rewritten: [])
        libraryMayHaveGrown = true
      }
    }
    for case .act(let action) in commands { actionsAsked.append(action.holdsDecisions) }
    if libraryMayHaveGrown {
      loading.noteSharpnessComplete(false)
      let stamps = detailsToRead()
      if !stamps.isEmpty { commands.append(.readDetails(stamps)) }
    }
    if libraryMayHaveGrown || wantsLikeness != wantedLikeness {
      let stamps = likenessToRead()
      if !stamps.isEmpty { commands.append(.readLikeness(stamps)) }
    }
    if grouping == .duplicates, mayFindExactCopies(after: event) {
      let stamps = contentHashesToRead()
      if !stamps.isEmpty { commands.append(.readContentHashes(stamps)) }
    } else if grouping != .duplicates, stopsContentHashes() {
      commands.append(.cancelContentHashes)
    }
    if commands.contains(.quit) { return commands }
    switch event {
    case .key, .mouse, .resize: commands += noteInput()
    default: break
    }
    loading.noteScroll(from: scrolledFrom, to: scrollY)
    commands += syncAnimation()
    commands += syncVideo()
    keepZoomOnItsPicture()
    keepSurvey()
    loading.keepAnalyses(of: shownAnalysisPaths)
    if let path = pathToDescribe() {
      loading.markDescribed(path)
      commands.append(.describe(path: path))
    }
    let wants = thumbnailWants()
    if wants != loading.wanted {
      loading.want(wants)
      commands.append(.requestThumbnails(wants))
    }
    // After the pictures: a worker free when the measures are asked would take one first.
    var analyses = analysesToAsk()
    analyses += sharpnessToMeasure(asked: analyses.count).map {
      AnalysisWant(path: $0, focus: focusRegion(of: $0))
    }
    if !analyses.isEmpty {
      loading.noteAnalysesAsked(analyses.map(\.path))
      commands.append(.analyze(analyses))
    }
    return commands
  }

  /// The focused picture's path when its details are unknown and not yet asked for: a
  /// thumbnail from the disk cache brings none, and the detail view shows them.
  func pathToDescribe() -> String? {
    guard let focus, let picture = picture(at: focus),
      !loading.described.contains(picture.path)
    else { return nil }
    switch loading.info[picture.path] {
    case .ready(nil, _)?: return picture.path
    case nil where presentation.mode == .detail: return picture.path
    default: return nil
    }
  }
}
