/// The prompts the status line types into: the filter (after `/`), the date to go to
/// (after `T`) and the prompt of an action on files (a folder, a name, a confirmation).
///
/// Its rules: each is nil while closed; while one is open, keys go into it before any
/// other part sees them (`GalleryState.handle(_:)`, filter first, then the date, then the
/// action). What a prompt does with its text (filtering, leaping, acting) is the state's,
/// in this folder's files.
package struct Prompts: Hashable, Sendable {
  /// The filter as typed while keys go into it, nil otherwise.
  package private(set) var filterInput: String?
  /// The date typed into the "go to date" prompt, nil while it is closed.
  package private(set) var dateInput: String?
  /// The prompt of an action on files, nil while none is open.
  package private(set) var actionPrompt: ActionPrompt?
  /// The folders moved or copied to, the last first: what Up brings into a folder prompt.
  package private(set) var recentFolders: [String] = []

  /// Opens the filter with `text`, or changes what it holds.
  mutating func typeFilter(_ text: String) { filterInput = text }

  /// Closes the filter (the filter in force stays as it is).
  mutating func closeFilter() { filterInput = nil }

  /// Opens the "go to date" prompt with `text`, or changes what it holds.
  mutating func typeDate(_ text: String) { dateInput = text }

  /// Closes the "go to date" prompt.
  mutating func closeDatePrompt() { dateInput = nil }

  /// Opens `prompt` of an action on files, or puts it back as edited.
  mutating func ask(_ prompt: ActionPrompt) { actionPrompt = prompt }

  /// Closes the prompt of an action on files: answered, or cancelled.
  mutating func closeAction() { actionPrompt = nil }

  /// The recent folders as saved, the first `limit` of them.
  mutating func restoreRecentFolders(_ folders: [String], limit: Int) {
    recentFolders = Array(folders.prefix(limit))
  }

  /// Notes that files went to `folder`: it comes first, once, and the list keeps `limit`.
  mutating func noteFolderUsed(_ folder: String, limit: Int) {
    recentFolders.removeAll { $0 == folder }
    recentFolders.insert(folder, at: 0)
    if recentFolders.count > limit { recentFolders.removeLast() }
  }
}
