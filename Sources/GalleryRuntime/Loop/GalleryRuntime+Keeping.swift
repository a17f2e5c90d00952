import Gallery

/// The commands for the services that keep things on disk and report back later: the
/// favourites, the state file, the dates taken and the actions on files.
extension GalleryRuntime {
  /// Saves the favourites off the main thread; the outcome comes back as `favoritesSaved`.
  func save(_ favorites: Favorites) {
    let inbox = self.inbox
    services.favorites.save(favorites) { inbox.post(.favoritesSaved($0)) }
  }

  /// Keeps the order for the next run; a failure comes back as `stateFileFailed`.
  func save(_ order: PictureOrder) {
    let inbox = self.inbox
    services.stateFile?.save(order) { inbox.post(.stateFileFailed($0)) }
  }

  /// Keeps the folders moved or copied to; a failure comes back as `stateFileFailed`.
  func save(recentFolders folders: [String]) {
    let inbox = self.inbox
    services.stateFile?.save(recentFolders: folders) { inbox.post(.stateFileFailed($0)) }
  }

  /// Reads the dates taken in the background; they come back as `datesTaken` batches.
  func readDatesTaken(_ stamps: [FileStamp]) {
    let inbox = self.inbox
    services.datesTaken.read(stamps) { inbox.post(.datesTaken($0)) }
  }

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
