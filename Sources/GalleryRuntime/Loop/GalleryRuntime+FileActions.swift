import Gallery

/// The commands for the actions on files: carried out off the main thread, and the folder
/// typed at the prompt completed at once.
extension GalleryRuntime {
  /// Carries `action` out off the main thread; its report comes back as `acted`.
  func act(_ action: FileAction) {
    let inbox = self.inbox
    fileActions?.perform(action) { inbox.post(.acted($0)) }
  }

  /// The folders whose paths start with `text`, for the prompt's Tab.
  func completeFolder(_ text: String, from base: String) -> GalleryEvent {
    let candidates = FolderCompletion.candidates(
      for: text, from: base, home: services.environment["HOME"] ?? "/")
    return .folderCompletions(text: text, candidates: candidates)
  }
}
