import TerminalKit

extension StatusLine {
  /// The prompt of an action on files: ` move 3 pictures to: Albums/▏  Tab completes, ↑
  /// the last folders`, ` move 3 pictures (6 files: 3 raw) to the Trash? y yes, n no`.
  static func actionPrompt(_ state: GalleryState) -> [Part] {
    guard let prompt = state.prompts.actionPrompt else { return [] }
    let text = TextSanitizer.sanitize(prompt.text)
    let subject = prompt.subject.map { TextSanitizer.sanitize($0) }
    let up = state.appearance.unicode ? "↑" : "Up"
    func typed(_ question: String, hint: String) -> [Part] {
      let shownHint =
        prompt.completions.isEmpty
        ? hint : prompt.completions.map { TextSanitizer.sanitize($0) }.joined(separator: "  ")
      return [
        Part(text: " " + question + text, style: state.theme.statusName, priority: Part.kept),
        Part(text: " ", style: state.theme.filterCursor, priority: Part.kept),
        Part(text: "  " + shownHint, style: state.theme.status, priority: 60),
      ]
    }
    func asked(_ question: String) -> [Part] {
      [Part(text: " " + question, style: state.theme.statusName, priority: Part.kept)]
    }
    let recent = state.recentFolders.isEmpty ? "" : ", \(up) the last folders"
    switch prompt.kind {
    case .moveTo(let paths):
      return typed(
        "move \(subject ?? pictures(paths, state)) to: ",
        hint: "Tab completes\(recent), Esc cancels")
    case .copyTo(let paths):
      return typed(
        "copy \(pictures(paths, state)) to: ", hint: "Tab completes\(recent), Esc cancels")
    case .rename(let picture):
      let files = PictureFiles(pictures: [[picture.path] + picture.companions.map(\.path)])
      return typed("rename \(files) to: ", hint: "Enter renames, Esc keeps the name")
    case .confirmTrash(let files):
      return asked("move \(subject ?? files.description) to the Trash? y yes, n no")
    case .conflict(let conflict):
      // The keys always show: the question before them is shortened at its end.
      let (question, keys) = conflictQuestion(conflict)
      return [
        Part(
          text: " " + question, style: state.theme.statusName, priority: Part.kept,
          isMessage: true),
        Part(text: keys, style: state.theme.statusName, priority: Part.kept),
      ]
    case .keyHandler(let paths):
      return asked("key handler on \(pictures(paths, state)): press a key (Esc cancels)")
    case .importTo(let card):
      return typed(
        "import \(TextSanitizer.sanitize(card)) to: ",
        hint: "Enter shows what goes where, Tab completes, Esc cancels")
    case .stopImport(let quitting):
      return asked(
        quitting
          ? "stop the import after this picture and quit? y yes, n no"
          : "stop the import after this picture? y yes, n no")
    }
  }

  /// `IMG_1 (JPG + DNG) has its name taken in ~/Keep: s skip it, …`, `3 pictures (6 files:
  /// 3 raw) have names taken in ~/Keep (IMG_1 (JPG + DNG), IMG_2 (JPG + DNG), …): s skip
  /// them, …`: pictures counted as every prompt counts them, a pair once.
  /// The question, then its keys.
  static func conflictQuestion(_ conflict: NameConflict) -> (String, String) {
    let taken = conflict.taken
    let folder = TextSanitizer.sanitize(conflict.folder)
    let choices = ", k keep both, Esc cancels"
    if taken.pictureCount == 1 {
      return ("\(taken) has its name taken in \(folder)", ": s skip it" + choices)
    }
    let names = taken.pictures.prefix(2).map { PictureFiles(pictures: [$0]).description }
    let more = taken.pictureCount > 2 ? ", …" : ""
    return (
      "\(taken) have names taken in \(folder) (\(names.joined(separator: ", "))\(more))",
      ": s skip them" + choices
    )
  }

  /// `IMG_1.jpg`, `IMG_1 (JPG + DNG)` for one picture, `3 pictures (6 files: 3 raw)` for
  /// more (`PictureFiles`).
  private static func pictures(_ paths: [String], _ state: GalleryState) -> String {
    state.pictureFiles(paths).description
  }
}
