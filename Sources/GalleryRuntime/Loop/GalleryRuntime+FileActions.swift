import Gallery

/// The commands for the actions on files: carried out off the main thread, and the folder
/// typed at the prompt completed at once.
extension GalleryRuntime {
  /// Carries `action` out off the main thread; its report comes back as `acted`.
  /// Decisions still being written go first: the files' sidecars move with them.
  func act(_ action: FileAction) {
    let inbox = self.inbox
    let details = services.details
    guard let fileActions else { return }
    let perform: @Sendable () -> Void = {
      fileActions.perform(action) { report in
        // The index forgets the names the files no longer have; their new names are read
        // like any file's.
        details.forget(report.pathsGone)
        inbox.post(.acted(report))
      }
    }
    if let decisions = services.decisions {
      decisions.afterWrites(perform)
    } else {
      perform()
    }
  }

  /// The folders whose paths start with `text`, for the prompt's Tab.
  func completeFolder(_ text: String, from base: String) -> GalleryEvent {
    let candidates = FolderCompletion.candidates(
      for: text, from: base, home: services.environment["HOME"] ?? "/")
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
