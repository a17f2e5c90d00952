import Pictures
import TerminalKit

/// The runtime's answers to the actions on files: the folders Tab found, and what an
/// action did (`FileActionReport`), applied at once.
///
/// A report's changes move the focus, the marks and the favourites with the files, note
/// the folder used, and say in the status line what was done, or ask about the names
/// taken.
extension GalleryState {
  /// The folders Tab found for `text`: one is taken whole (with a `/`), several give
  /// their longest common start and are listed; none changes nothing.
  mutating func receiveCompletions(for text: String, candidates: [String]) {
    guard var prompt = prompts.actionPrompt, prompt.takesFolder, prompt.text == text
    else { return }
    if candidates.count == 1, let only = candidates.first {
      prompt.complete(to: only)
    } else if candidates.count > 1 {
      prompt.complete(
        to: Self.commonStart(of: candidates),
        listing: candidates.map { PathName.lastComponent($0) + "/" })
    } else {
      status.say(.actionFailed("no folder starts so"))
    }
    prompts.ask(prompt)
  }

  /// The longest text every string starts with, compared by characters.
  static func commonStart(of strings: [String]) -> String {
    guard var common = strings.first.map(Array.init) else { return "" }
    for string in strings.dropFirst() {
      let characters = Array(string)
      var length = 0
      while length < min(common.count, characters.count), common[length] == characters[length] {
        length += 1
      }
      common.removeLast(common.count - length)
    }
    return String(common)
  }

  /// Applies what the runtime did: the library's changes at once, marks and favourites
  /// following renamed files, the focus too when its picture was renamed in its folder
  /// (a picture moved away leaves the focus to the next, as the Trash does), the outcome
  /// in the status line, and a question when names were taken.
  mutating func receive(_ report: FileActionReport) -> [AppCommand] {
    var commands: [AppCommand] = []
    let focusedPath = focus.flatMap { picture(at: $0)?.path }
    let renamedFocus = report.renamed.first {
      $0.from == focusedPath && PathName.parent($0.from) == PathName.parent($0.to)
    }
    if !report.renamed.isEmpty {
      let moves = Dictionary(
        report.renamed.map { ($0.from, $0.to) }, uniquingKeysWith: { _, last in last })
      content.followMarks(moves)
    }
    if !report.changes.isEmpty {
      let rewritten = applyFolderChanges(report.changes, trashed: report.trashed)
      if !rewritten.isEmpty { commands.append(.invalidateThumbnails(rewritten)) }
    }
    if let renamedFocus, let path = libraryPath(of: renamedFocus.to) {
      browsing.moveFocus(to: path)
      revealFocus()
    }
    if let folder = report.folderUsed {
      prompts.noteFolderUsed(folder, limit: Self.recentFolderLimit)
      commands.append(.saveRecentFolders(recentFolders))
    }
    if let conflict = report.conflict {
      // The question says which names are taken: no message repeats it.
      status.clear()
      prompts.ask(ActionPrompt(.conflict(conflict)))
    } else if report.isFailure {
      status.say(.actionFailed(report.summary))
    } else if !report.trashed.isEmpty {
      status.say(.trashed(report.summary, paths: report.trashed))
    } else {
      status.say(.acted(report.summary))
    }
    return commands
  }
}
