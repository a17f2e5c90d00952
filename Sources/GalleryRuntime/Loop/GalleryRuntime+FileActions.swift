import Gallery

/// The commands for the actions on files: carried out off the main thread, and the folder
/// typed at the prompt completed at once.
extension GalleryRuntime {
  /// Carries `action` out off the main thread; its report comes back as `acted`.
  ///
  /// Decisions still being written go first, and, unless it only copies, none is written
  /// while it runs: the files' sidecars move with them, and a sidecar written meanwhile
  /// could be left behind under a name the picture no longer has. (The state decides
  /// nothing until the report is in, so no decision names a file by a name this action
  /// takes away.) The end of the run does not wait for it (`ActionGates`).
  func act(_ action: FileAction) {
    let inbox = self.inbox
    let details = services.details
    guard let fileActions else {
      // Only before `start`; the state still hears of it, so it counts no action as
      // under way forever.
      inbox.post(
        .acted(
          FileActionReport(
            changes: FolderChanges(ordering: SectionOrdering(roots: [])),
            summary: "the gallery is not ready: nothing done", isFailure: true)))
      return
    }
    let deliver: @Sendable (FileActionReport) -> Void = { report in
      // The index forgets the names the files no longer have; their new names are read
      // like any file's.
      details.forget(report.pathsGone)
      inbox.post(.acted(report))
    }
    guard let decisions = services.decisions else {
      fileActions.perform(action, deliver: deliver)
      return
    }
    let gates = actionGates
    let gate: ActionGates.Gate? = action.holdsDecisions ? gates.make() : nil
    decisions.afterWrites {
      fileActions.perform(action) { report in
        deliver(report)
        if let gate { gates.open(gate) }
      }
      // The sidecars' writer is a thread of its own, not one of Swift's pool: it waits.
      gate?.wait()
    }
  }

  /// The folders whose paths start with `text`, for the prompt's Tab; `base` `~` is the
  /// home folder.
  func completeFolder(_ text: String, from base: String) -> GalleryEvent {
    let home = services.environment["HOME"] ?? "/"
    let candidates = FolderCompletion.candidates(
      for: text, from: base == "~" ? home : base, home: home)
    return .folderCompletions(text: text, candidates: candidates)
  }
}

extension FileActionReport {
  /// The paths whose files the action took away: trashed, moved out of sight, renamed.
  var pathsGone: [String] {
    var paths = Set(changes.removed).union(trashed)
    paths.formUnion(renamed.map(\.from))
    return paths.sorted()
  }
}
