import TerminalKit

extension StatusLine {
  /// The prompt of an action on files: ` move 3 pictures to: Albums/▏  Tab completes, ↑
  /// the last folders`, ` move 3 pictures (6 files: 3 raw) to the Trash? y yes, n no`.
  static func actionPrompt(_ state: GalleryState) -> [Part] {
    guard let prompt = state.presentation.actionPrompt else { return [] }
    let text = TextSanitizer.sanitize(prompt.text)
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
        "move \(pictures(paths, state)) to: ", hint: "Tab completes\(recent), Esc cancels")
    case .copyTo(let paths):
      return typed(
        "copy \(pictures(paths, state)) to: ", hint: "Tab completes\(recent), Esc cancels")
    case .rename:
      return typed("rename to: ", hint: "Enter renames, Esc keeps the name")
    case .confirmTrash(let files):
      return asked("move \(files) to the Trash? y yes, n no")
    case .conflict(let conflict):
      let names = conflict.names.prefix(2).map { TextSanitizer.sanitize($0) }
        .joined(separator: ", ")
      let more = conflict.names.count > 2 ? ", …" : ""
      let count = conflict.names.count
      return asked(
        "\(count == 1 ? "a name is" : "\(count) names are") taken in "
          + "\(TextSanitizer.sanitize(conflict.folder)) (\(names)\(more)): "
          + "s skip \(count == 1 ? "it" : "them"), k keep both, Esc cancels")
    case .keyHandler(let paths):
      return asked("key handler on \(pictures(paths, state)): press a key (Esc cancels)")
    }
  }

  /// `IMG_1.jpg`, `IMG_1 (JPG + DNG)` for one picture, `3 pictures (6 files: 3 raw)` for
  /// more (`PictureFiles`).
  private static func pictures(_ paths: [String], _ state: GalleryState) -> String {
    state.pictureFiles(paths).description
  }
}
