import Gallery
import Pictures

/// What the loop does with what arrives in its inbox before the state sees it.
extension GalleryRuntime {
  /// Hands `deliveries` to the state in order; stops at the end of the run.
  func handle(_ deliveries: [Delivery]) {
    var sections: [ScanEvent] = []
    for delivery in Self.joiningDetails(deliveries) {
      // Folders scanned one after the other go to the state together: the timeline
      // regroups once for all of them.
      if case .event(.scan(let event)) = delivery, case .section = event {
        sections.append(event)
        continue
      }
      if !sections.isEmpty {
        apply(.scanned(sections))
        sections = []
        if outcome != nil { return }
      }
      handle(delivery)
      if outcome != nil { return }
    }
    if !sections.isEmpty { apply(.scanned(sections)) }
  }

  /// `deliveries` with every batch of details among them joined into one, where the
  /// last was (a later batch's details of a file win): each batch may rearrange the whole
  /// library, and batches pile up exactly while the run loop is busy, so a slow step
  /// takes all of them at the cost of one.
  nonisolated static func joiningDetails(_ deliveries: [Delivery]) -> [Delivery] {
    var joined = PictureDetailsBatch()
    var last: Int?
    for (index, delivery) in deliveries.enumerated() {
      guard case .event(.detailsRead(let batch)) = delivery else { continue }
      joined.details.merge(batch.details) { _, new in new }
      last = index
    }
    guard let last else { return deliveries }
    return deliveries.enumerated().compactMap { index, delivery in
      if index == last { return .event(.detailsRead(joined)) }
      if case .event(.detailsRead) = delivery { return nil }
      return delivery
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
      for event in live?.receive(changes) ?? [] { apply(event) }
    case .rescanFinished(let library):
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
    }
  }
}
