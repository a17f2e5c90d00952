/// The import of a card from the browser (`I`): where it stands, from the card found to
/// the summary. The work is the runtime's; this part only keeps what the screen shows.
///
/// Its rules: one import at a time; the preview comes before any copy, and only Enter on
/// it starts one; a run ends with its outcome, which is kept until the next import
/// begins, so its failures can be read (`!`).
package struct CardImport: Hashable, Sendable {
  /// Where the import stands.
  package enum Phase: Hashable, Sendable {
    /// No import: none asked for, or the last one is over.
    case idle
    /// The runtime looks for the card above the focused picture's folder.
    case findingCard(folder: String)
    /// The card's files are being planned (`planning…`).
    case planning(ImportRequest)
    /// The plan is shown, waiting for Enter or Esc.
    case previewing(ImportPreview)
    /// Copying; the last progress the runtime reported, nil before the first.
    case running(ImportPreview, ImportProgressReport?)
  }

  package private(set) var phase: Phase = .idle
  /// How the last import ended, nil before one did.
  package private(set) var lastOutcome: ImportOutcome?
  /// Whether a stop was asked for the run under way.
  package private(set) var stopAsked = false
  /// Whether the gallery quits once the run has stopped.
  package private(set) var quitsAfterStop = false

  /// Whether files are being copied.
  package var isRunning: Bool {
    if case .running = phase { return true }
    return false
  }

  /// Whether an import is asked for and not over (no second one begins meanwhile).
  package var isBusy: Bool { phase != .idle }

  /// The preview on screen, nil when none is.
  package var preview: ImportPreview? {
    if case .previewing(let preview) = phase { return preview }
    return nil
  }

  mutating func findCard(above folder: String) { phase = .findingCard(folder: folder) }

  mutating func plan(_ request: ImportRequest) { phase = .planning(request) }

  mutating func show(_ preview: ImportPreview) { phase = .previewing(preview) }

  mutating func start(_ preview: ImportPreview) {
    phase = .running(preview, nil)
    stopAsked = false
    quitsAfterStop = false
  }

  /// A progress report of the run under way; ignored when none runs.
  mutating func note(_ progress: ImportProgressReport) {
    if case .running(let preview, _) = phase { phase = .running(preview, progress) }
  }

  mutating func askStop(quitting: Bool) {
    stopAsked = true
    quitsAfterStop = quitsAfterStop || quitting
  }

  mutating func finish(_ outcome: ImportOutcome) {
    phase = .idle
    lastOutcome = outcome
  }

  /// Back to no import, the preview or the search for a card dropped.
  mutating func cancel() { phase = .idle }
}
