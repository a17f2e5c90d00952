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
    switch action {
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
    case .grid:
      handleStacks(action) ?? handleDuplicates(action) ?? handleCulling(action)
        ?? actOnCulled(action) ?? handlePictureAction(action) ?? handleGrid(action)
    case .detail:
      handleStacks(action) ?? handleDuplicates(action) ?? handleCulling(action)
        ?? actOnCulled(action) ?? handleInspection(action) ?? handlePictureAction(action)
        ?? handleDetail(action)
    case .survey:
      handleStacks(action) ?? handleSurveyCulling(action) ?? handleInspection(action)
        ?? handleSurveyPictureAction(action) ?? handleSurvey(action)
    }
  }

}
