import Pictures
import TerminalKit

/// Acting on the files of pictures without leaving: the Trash (`d`), undo (`U`), moving
/// and copying to a folder (`x`, `c`), renaming (`r`), turning and flipping (`<` `>` `|`
/// `_`), the key handler (`Ctrl-X`) and the user's own commands (`bind KEY = run …`).
///
/// The state only asks: the runtime does the work and answers with a `FileActionReport`,
/// whose changes are applied at once (the watcher, seeing them later, changes nothing).
extension GalleryState {
  /// Whether keys go to an action's prompt in the status line.
  package var isPrompting: Bool { prompts.actionPrompt != nil }

  /// The folders moved or copied to in this session, the last first: the prompt's Up.
  package static let recentFolderLimit = 10

  /// Carries out the actions on files; nil for an action that is none of them.
  mutating func performFileAction(_ action: KeyAction) -> [AppCommand]? {
    switch action {
    case .trash: return beginTrash()
    case .undo: return undoLast()
    case .moveTo: return openFolderPrompt(copying: false)
    case .copyTo: return openFolderPrompt(copying: true)
    case .rename: return openRenamePrompt()
    case .turnLeft: return turn(.left)
    case .turnRight: return turn(.right)
    case .flipHorizontal: return turn(.flipHorizontal)
    case .flipVertical: return turn(.flipVertical)
    case .keyHandler:
      prompts.ask(ActionPrompt(.keyHandler(focusedOrMarkedPaths)))
      return []
    default: return nil
    }
  }

  /// Trashes the focused picture at once (undo takes it back); asks first, naming the
  /// files, whenever the marks make it anything else: more pictures, or one out of sight.
  private mutating func beginTrash() -> [AppCommand] {
    let paths = focusedOrMarkedPaths
    guard !paths.isEmpty else { return nothingToActOn("trash") }
    if !actsOnFocusedAlone {
      prompts.ask(ActionPrompt(.confirmTrash(pictureFiles(paths))))
      return []
    }
    status.say(.acting("moving to the Trash"))
    return [.act(.trash(paths))]
  }

  private mutating func openFolderPrompt(copying: Bool) -> [AppCommand] {
    let paths = focusedOrMarkedPaths
    guard !paths.isEmpty else { return nothingToActOn(copying ? "copy" : "move") }
    prompts.ask(ActionPrompt(copying ? .copyTo(paths) : .moveTo(paths)))
    return []
  }

  private mutating func openRenamePrompt() -> [AppCommand] {
    guard let focus, let picture = picture(at: focus) else { return nothingToActOn("rename") }
    prompts.ask(ActionPrompt(.rename(picture), text: picture.fileName))
    return []
  }

  private mutating func turn(_ turn: PictureTurn) -> [AppCommand] {
    let paths = focusedOrMarkedPaths
    guard !paths.isEmpty else { return nothingToActOn("turn") }
    status.say(.acting(turn.label.replacing("turned", with: "turning")))
    return [.act(.turn(paths, turn))]
  }

  private mutating func nothingToActOn(_ verb: String) -> [AppCommand] {
    status.say(.actionFailed("no picture to \(verb)"))
    return []
  }

  // MARK: The prompt's keys

  /// A key while an action's prompt is open.
  mutating func handlePromptKey(_ key: Key) -> [AppCommand] {
    guard var prompt = prompts.actionPrompt else { return [] }
    if key == .escape {
      prompts.closeAction()
      status.say(.acted(Self.cancelled(prompt.kind)))
      return []
    }
    switch prompt.kind {
    case .confirmTrash(let files):
      prompts.closeAction()
      guard key == .character("y") || key == .character("Y") else {
        status.say(.acted("nothing trashed"))
        return []
      }
      status.say(.acting("moving \(files) to the Trash"))
      return [.act(.trash(files.paths))]
    case .conflict(let conflict):
      let choices: [Key: NameConflictChoice] = [
        .character("s"): .skip, .character("k"): .keepBoth,
      ]
      guard let choice = choices[key] else { return [] }
      prompts.closeAction()
      status.say(.acting(choice == .skip ? "skipping the names taken" : "keeping both"))
      return [.act(conflict.resolved(choice))]
    case .keyHandler(let paths):
      prompts.closeAction()
      return [.runKeyHandler(key: key.description, paths: paths)]
    case .stopImport(let quitting):
      return answerStopImport(key, quitting: quitting)
    case .moveTo, .copyTo, .rename, .importTo:
      break
    }
    prompt.clearCompletions()
    if let edited = PromptText.edited(prompt.text, by: key) {
      prompt.edit(edited)
      prompts.ask(prompt)
      return []
    }
    switch key {
    case .enter:
      return submit(prompt)
    case .tab where prompt.takesFolder:
      prompts.ask(prompt)
      return [.completeFolder(prompt.text, from: promptBaseFolder(prompt))]
    case .up where prompt.takesFolder, .down where prompt.takesFolder:
      prompt.stepRecent(older: key == .up, recent: recentFolders)
      prompts.ask(prompt)
      return []
    case .control("l"):
      return [.redraw]
    default:
      prompts.ask(prompt)
      return []
    }
  }

  /// The folder a relative path in the prompt starts from: the focused picture's; an
  /// import's destination, the home folder (`~`, which the runtime knows), as the import
  /// resolves it.
  private func promptBaseFolder(_ prompt: ActionPrompt) -> String {
    switch prompt.kind {
    case .moveTo(let paths), .copyTo(let paths): PathName.parent(paths.first ?? "/")
    case .importTo: "~"
    default: "/"
    }
  }

  private mutating func submit(_ prompt: ActionPrompt) -> [AppCommand] {
    let text = prompt.text
    switch prompt.kind {
    case .moveTo(let paths), .copyTo(let paths):
      let folder = text.trimmingSpaces()
      guard !folder.isEmpty else {
        prompts.ask(prompt)
        return []
      }
      prompts.closeAction()
      if case .copyTo = prompt.kind {
        status.say(.acting("copying"))
        return [.act(.copy(paths, to: folder, conflicts: .ask))]
      }
      status.say(.acting("moving"))
      return [.act(.move(paths, to: folder, conflicts: .ask))]
    case .rename(let picture):
      if text == picture.fileName {
        prompts.closeAction()
        status.say(.acted("not renamed: the name is the same"))
        return []
      }
      if let problem = FileName.problem(with: text) {
        prompts.ask(prompt)
        status.say(.actionFailed(problem))
        return []
      }
      prompts.closeAction()
      status.say(.acting("renaming"))
      return [.act(.rename(Self.renaming(picture, to: text)))]
    case .importTo(let card):
      return submitImportDestination(text, card: card, prompt: prompt)
    case .confirmTrash, .conflict, .keyHandler, .stopImport:
      return []
    }
  }

  /// The new paths of a picture's files named `name`: its own file takes the name (with
  /// its old extension when `name` has none), each companion the name's stem with its own
  /// extension; a file whose name stays is left out.
  static func renaming(_ picture: Picture, to name: String) -> [PathChange] {
    let folder = PathName.parent(picture.path)
    let fullName =
      FileName.suffix(of: name).isEmpty ? name + FileName.suffix(of: picture.fileName) : name
    let stem = FileName.stem(of: fullName)
    let changes =
      [PathChange(from: picture.path, to: PathName.join(folder, fullName))]
      + picture.companions.map { companion in
        let newName = stem + FileName.suffix(of: companion.fileName)
        return PathChange(
          from: companion.path,
          to: PathName.join(PathName.parent(companion.path), String(newName)))
      }
    return changes.filter { $0.from != $0.to }
  }

  private static func cancelled(_ kind: ActionPrompt.Kind) -> String {
    switch kind {
    case .moveTo: "nothing moved"
    case .copyTo: "nothing copied"
    case .rename: "not renamed"
    case .confirmTrash: "nothing trashed"
    case .conflict(let conflict):
      if case .copy = conflict.action { "nothing copied" } else { "nothing moved" }
    case .keyHandler: "key handler: no key"
    case .importTo: "import: nothing copied"
    case .stopImport: "the import goes on"
    }
  }

  // MARK: The user's commands

  /// Runs the command bound to a key on the focused picture, or the marked ones.
  mutating func runUserCommand(_ command: UserCommand) -> [AppCommand] {
    guard let focus, let picture = picture(at: focus) else {
      return nothingToActOn("run \(command.name) on")
    }
    let marked = markCount > 0 ? markedPaths : picture.allPaths
    status.say(.acting("running \(command.name)"))
    return [.run(command, focused: picture.path, marked: marked)]
  }
}
