import TerminalKit

/// Importing a card without leaving the browser (`I` on a picture of the card): the
/// destination asked in the status line, what will be copied where shown before anything
/// is, the copying in the background with its progress in the status line, and the
/// folders it wrote shown afterwards for culling.
///
/// The state only asks: the runtime plans and copies with the command line's engine
/// (`gallery import`), and answers with `importPlanned`, `importProgressed` and
/// `importFinished`.
extension GalleryState {
  /// Starts an import of the card the focused picture lies on.
  mutating func beginImport() -> [AppCommand] {
    guard !cardImport.isBusy else {
      status.say(.actionFailed("import: one import is under way already"))
      return []
    }
    guard let focus, let picture = picture(at: focus) else {
      status.say(.actionFailed("import: no picture focused"))
      return []
    }
    if let problem = configuration.importSettings.problem {
      status.say(.actionFailed("import: " + TextSanitizer.sanitize(problem) + "; nothing copied"))
      return []
    }
    let folder = PathName.parent(picture.path)
    if let card = CardFolder.card(along: folder, home: configuration.importSettings.home) {
      askDestination(card: card)
      return []
    }
    cardImport.findCard(above: folder)
    status.say(.acting("import: looking for the card"))
    return [.findCard(folder: folder)]
  }

  /// The destination prompt, holding the configuration's `import.to` or `~/Pictures`.
  private mutating func askDestination(card: String) {
    let destination =
      configuration.importSettings.destination ?? ImportSettings.defaultDestination
    status.clear()
    prompts.ask(ActionPrompt(.importTo(card: card), text: destination))
  }

  /// Enter in the destination prompt: the plan is asked for, nothing copied yet.
  mutating func submitImportDestination(_ text: String, card: String, prompt: ActionPrompt)
    -> [AppCommand]
  {
    let folder = text.trimmingSpaces()
    guard !folder.isEmpty else {
      prompts.ask(prompt)
      return []
    }
    prompts.closeAction()
    let settings = configuration.importSettings
    let request = ImportRequest(
      card: card, destination: folder, backup: settings.backup, folders: settings.folders,
      names: settings.names, trashesSource: settings.trashesSource)
    cardImport.plan(request)
    status.say(.acting("import: planning"))
    return [.planImport(request)]
  }

  /// What the runtime answered of the card, the plan or the progress.
  mutating func receiveImport(_ event: GalleryEvent) -> [AppCommand] {
    switch (event, cardImport.phase) {
    case (.cardFound(let folder, let card), .findingCard(let asked)) where folder == asked:
      cardImport.cancel()
      guard let card else {
        status.say(
          .actionFailed(
            "import: \(TextSanitizer.sanitize(folder)) is not on a card (no DCIM folder)"))
        return []
      }
      askDestination(card: card)
    case (.importPlanned(let preview), .planning(let asked)) where preview.request == asked:
      cardImport.show(preview)
      status.clear()
      if presentation.mode != .importPreview { presentation.toggle(.importPreview) }
    case (.importRefused(let reason), .planning):
      cardImport.cancel()
      status.say(.actionFailed("import: " + TextSanitizer.sanitize(reason) + "; nothing copied"))
    case (.importProgressed(let progress), .running):
      cardImport.note(progress)
      // An action's failure said meanwhile stays until the next key has seen it.
      if !cardImport.stopAsked, status.yieldsToProgress {
        status.say(.importing(progress.text(unicode: appearance.unicode)))
      }
    default:
      break
    }
    return []
  }

  /// The keys of the preview: the moves scroll it, Enter starts the import, Esc (or
  /// Backspace) cancels it; every other key does nothing until one of them.
  mutating func handleImportPreview(_ action: KeyAction) -> [AppCommand] {
    guard let preview = cardImport.preview else {
      presentation.closeOverlay()
      return []
    }
    switch action {
    case .select:
      presentation.closeOverlay()
      cardImport.start(preview)
      status.say(
        .importing(
          ImportProgressReport(
            files: 0, totalFiles: preview.entries.count, bytes: 0,
            totalBytes: preview.byteCount
          ).text(unicode: appearance.unicode)))
      return [.startImport]
    case .back:
      presentation.closeOverlay()
      cardImport.cancel()
      status.say(.acted("import: nothing copied"))
      return [.cancelImport]
    case .quit:
      return [.quit]
    default:
      return handleOverlay(action)
    }
  }

  /// Esc or the quit key while the import runs: asks whether to stop it.
  mutating func askToStopImport(quitting: Bool) -> [AppCommand] {
    if cardImport.stopAsked {
      guard quitting else { return [] }
      cardImport.askStop(quitting: true)
      status.say(.acting("import: stopping after this picture, then quitting"))
      return []
    }
    prompts.ask(ActionPrompt(.stopImport(quitting: quitting)))
    return []
  }

  /// `y` stops the import between two pictures (what is copied stays, whole); any other
  /// key lets it go on.
  mutating func answerStopImport(_ key: Key, quitting: Bool) -> [AppCommand] {
    prompts.closeAction()
    let yes = key == .character("y") || key == .character("Y")
    guard cardImport.isRunning else {
      // The import ended while the question was asked: a quit asked with it goes ahead.
      return yes && quitting ? [.quit] : []
    }
    guard yes else {
      status.say(.acted("the import goes on"))
      return []
    }
    cardImport.askStop(quitting: quitting)
    status.say(.acting("import: stopping after this picture"))
    return [.stopImport]
  }

  /// The import ended: its summary stays in the status line, with the folders now shown;
  /// the gallery quits when that was asked with the stop.
  mutating func finishImport(_ outcome: ImportOutcome) -> [AppCommand] {
    let quits = cardImport.quitsAfterStop
    cardImport.finish(outcome)
    // A question whether to stop it has no more object; the summary says how it ended.
    if case .stopImport = prompts.actionPrompt?.kind { prompts.closeAction() }
    var sentence = "import: " + TextSanitizer.sanitize(outcome.sentence)
    if !outcome.summary.failures.isEmpty {
      sentence += " (! lists them)"
    } else if !outcome.notices.isEmpty {
      sentence += " (! lists its notes)"
    }
    if let first = outcome.folders.first {
      let shown =
        outcome.folders.count == 1
        ? TextSanitizer.sanitize(PathName.lastComponent(first))
        : "\(outcome.folders.count) folders"
      sentence += "; showing \(shown)"
    }
    status.say(
      .imported(
        sentence, failed: outcome.stopReason != nil || !outcome.summary.failures.isEmpty))
    return quits ? [.quit] : []
  }
}
