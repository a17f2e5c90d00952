import TerminalKit

/// The keys: a key becomes an action through the configuration's key map, and the mode
/// decides, in one table (`route(_:)`), which part carries it out.
extension GalleryState {
  /// Applies a key in the current mode; returns the side effects it asks for.
  mutating func handle(_ key: Key) -> [AppCommand] {
    status.noteKey()
    // An open prompt takes every key before the mode sees it.
    if isEditingFilter { return handleFilterKey(key) }
    if isEditingDate { return handleDateKey(key) }
    if isPrompting { return handlePromptKey(key) }
    if let command = configuration.keyMap.command(for: key), detail.slideshow == nil,
      !presentation.mode.isOverlay
    {
      return runUserCommand(command)
    }
    let action = configuration.keyMap.action(for: key)
    if let commands = handleSlideshowKey(action) { return commands }
    guard let action else { return [] }
    return perform(action)
  }

  /// Carries out `action`: the keys that work in every mode, then the part the mode
  /// gives it to.
  mutating func perform(_ action: KeyAction) -> [AppCommand] {
    // The preview of an import takes every key until Enter or Esc answers it.
    if presentation.mode == .importPreview { return handleImportPreview(action) }
    switch action {
    case .quit where cardImport.isRunning: return askToStopImport(quitting: true)
    case .quit: return [.quit]
    case .redraw: return [.redraw]
    case .help:
      toggleOverlay(.help)
      return []
    case .report:
      toggleOverlay(.report)
      return []
    default:
      return route(action)
    }
  }

  /// Which part gets an action, by mode: the one table. An overlay takes every key; the
  /// grid and the detail view share the actions on pictures, then have their own; the
  /// survey takes the culling keys for its focused picture, the histogram and clipping
  /// keys, a few actions on pictures, then its own; the stacks' keys (`b`, `K`) go to
  /// their part first. A new part is a folder under State/ and a line here.
  mutating func route(_ action: KeyAction) -> [AppCommand] {
    switch presentation.mode {
    case .help, .report: handleOverlay(action)
    case .importPreview: handleImportPreview(action)
    case .grid:
      handleImportKeys(action) ?? handleStacks(action) ?? handleDuplicates(action) ?? handleCulling(
        action)
        ?? actOnCulled(action) ?? handlePictureAction(action) ?? handleGrid(action)
    case .detail:
      handleImportKeys(action, escapeStops: false) ?? handleStacks(action) ?? handleDuplicates(
        action) ?? handleCulling(action)
        ?? actOnCulled(action) ?? handleInspection(action) ?? handlePictureAction(action)
        ?? handleDetail(action)
    case .survey:
      handleStacks(action) ?? handleSurveyCulling(action) ?? handleInspection(action)
        ?? handleSurveyPictureAction(action) ?? handleSurvey(action)
    }
  }

  /// The import's keys: `I` begins one; in the grid, Esc asks to stop the one under way.
  private mutating func handleImportKeys(_ action: KeyAction, escapeStops: Bool = true)
    -> [AppCommand]?
  {
    switch action {
    case .importCard: beginImport()
    case .back where escapeStops && cardImport.isRunning: askToStopImport(quitting: false)
    default: nil
    }
  }
}
