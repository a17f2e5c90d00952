/// What the runtime did with a `FileAction`: the files' changes (which the state applies
/// at once, without waiting for the watcher), the names that moved (which marks and
/// favourites follow), and the sentence for the status line.
package struct FileActionReport: Hashable, Sendable {
  /// The library's changes: pictures gone (trashed, moved out), arrived (moved or
  /// copied into a shown folder, restored) or rewritten (turned).
  package var changes: FolderChanges
  /// Paths whose file now has another name (moves, renames, restores from the Trash).
  package var renamed: [PathChange]
  /// What happened, in a sentence (`moved 3 pictures to Albums`).
  package var summary: String
  /// Whether it went wrong (then `summary` says why, and what was left as it was).
  package var isFailure: Bool
  /// A move or copy that found names taken and was not done: asked again with the
  /// user's choice.
  package var conflict: NameConflict?
  /// A folder the action went to, for the prompt's list of recent folders.
  package var folderUsed: String?
  /// The original paths of the files the action put in the Trash: the summary speaks of
  /// them until one is seen back.
  package var trashed: [String]
  /// Whether undo can take the action back: the runtime's journal kept it (the state
  /// counts it in its place among the decisions made while culling).
  package var isUndoable = false

  package init(
    changes: FolderChanges, renamed: [PathChange] = [], summary: String,
    isFailure: Bool = false, conflict: NameConflict? = nil, folderUsed: String? = nil,
    trashed: [String] = []
  ) {
    self.changes = changes
    self.renamed = renamed
    self.summary = summary
    self.isFailure = isFailure
    self.conflict = conflict
    self.folderUsed = folderUsed
    self.trashed = trashed
  }
}

/// Pictures a move or copy would give names that are taken in its folder.
package struct NameConflict: Hashable, Sendable {
  /// The action as asked (`conflicts: .ask`).
  package let action: FileAction
  /// The pictures whose names are taken (a pair's files together), named and counted as
  /// every prompt says them.
  package let taken: PictureFiles
  /// The folder, as shown.
  package let folder: String

  package init(action: FileAction, taken: PictureFiles, folder: String) {
    self.action = action
    self.taken = taken
    self.folder = folder
  }

  /// The action again with `choice` for the taken names.
  package func resolved(_ choice: NameConflictChoice) -> FileAction {
    switch action {
    case .move(let paths, let folder, _): .move(paths, to: folder, conflicts: choice)
    case .copy(let paths, let folder, _): .copy(paths, to: folder, conflicts: choice)
    default: action
    }
  }
}
