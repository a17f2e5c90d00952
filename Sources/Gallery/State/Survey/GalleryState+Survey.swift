import CompositionalLayout
import Pictures
import TerminalKit

/// The survey (`N`): opening it, its keys, and keeping it to the library.
extension GalleryState {
  /// The survey's panes on this screen; nil while no survey is open.
  package var surveyLayout: SurveyLayout? {
    guard let survey else { return nil }
    return SurveyLayout(
      screen: screen, count: survey.paths.count, aspect: surveyAspect(of: survey.paths),
      cellAspect: cellAspect, showsHistogram: detail.showsHistogram)
  }

  /// The picture a candidate's shown path names; nil when no longer shown.
  package func surveyPicture(_ path: String) -> Picture? {
    content.libraryPath(of: path).flatMap { picture(at: $0) }
  }

  /// The candidates' shape, width ÷ height as shown: the middle one of those whose size
  /// the details give, so one panorama does not shrink the others; 3:2 before any.
  func surveyAspect(of paths: [String]) -> Double {
    let ratios = paths.compactMap { path -> Double? in
      guard let size = content.details(for: path)?.shownSize, size.width > 0, size.height > 0
      else { return nil }
      return Double(size.width) / Double(size.height)
    }.sorted()
    return ratios.isEmpty ? 1.5 : ratios[ratios.count / 2]
  }

  /// Opens the survey: the marked pictures in the order shown (the first `Survey.maximum`),
  /// else the focused picture's stack (opened in place, so its pictures are shown), else
  /// the focused picture and the ones after it (`Survey.standardCount` in all).
  mutating func openSurvey() -> [AppCommand] {
    let candidates: [String]
    var origin = Survey.Origin.following
    var focusedPane = 0
    if markCount > 0 {
      var seen = Set<String>()
      candidates = markedPaths.map(content.shownPath(of:)).filter {
        content.libraryPath(of: $0) != nil && seen.insert($0).inserted
      }
      origin = .marked
      if candidates.count > Survey.maximum {
        status.say(
          .acted("surveying the first \(Survey.maximum) of \(candidates.count) marked pictures"))
      }
    } else if let stack = focusedStack {
      // The picture focused in the stack (its cover, while closed) is focused in the survey.
      focusedPane = focus.flatMap { picture(at: $0) }.flatMap { stack.position(of: $0.path) } ?? 0
      setStack(stack, open: true)
      candidates = stack.paths
      origin = .stack
      if candidates.count > Survey.maximum {
        status.say(
          .acted(
            "surveying the first \(Survey.maximum) of the stack's \(candidates.count) pictures"))
      }
    } else {
      guard let focus, !focus.isHeader else {
        status.say(.actionFailed("no picture to survey"))
        return []
      }
      candidates = picturesFollowing(focus, count: Survey.standardCount)
    }
    guard candidates.count >= 2,
      let survey = Survey(paths: candidates, origin: origin, focused: focusedPane)
    else {
      status.say(
        .actionFailed(
          "a survey needs two pictures or more: mark them (m), or focus one with others after it"
        ))
      return []
    }
    self.survey = survey
    presentation.show(.survey)
    followSurveyFocus()
    return []
  }

  /// The shown paths of `count` pictures from `start` on, in reading order (`step` 1) or
  /// back from it, the rejected ones after the first passed over; never into the
  /// Favourites section, which repeats the folders' pictures.
  func picturesFollowing(_ start: ItemIndexPath, count: Int, step: Int = 1) -> [String] {
    var paths: [String] = []
    var next: ItemIndexPath? = start
    var seen = Set<String>()
    while let path = next, paths.count < count {
      if path.section == favoritesSectionIndex, start.section != path.section { break }
      if let picture = picture(at: path), path == start || !isRejected(picture.path),
        seen.insert(picture.path).inserted
      {
        paths.append(picture.path)
      }
      next = self.path(after: path, step: step)
    }
    return step > 0 ? paths : paths.reversed()
  }

  private func isRejected(_ path: String) -> Bool { content.decision(of: path).flag == .rejected }

  /// A culling key in the survey: it decides for the focused picture alone (the marks
  /// are what is surveyed); a rejected picture leaves the survey; with auto-advance the
  /// next pane is focused. Nil for another action.
  mutating func handleSurveyCulling(_ action: KeyAction) -> [AppCommand]? {
    guard action.decides, let before = survey else { return nil }
    let commands = handleCulling(action) ?? []
    guard var survey, survey.paths == before.paths, survey.focused == before.focused,
      !commands.isEmpty
    else { return commands }
    let decided = survey.focusedPath
    if content.decision(of: decided).flag == .rejected {
      guard survey.reject(decided) else {
        self.survey = nil
        presentation.show(.grid)
        revealFocus()
        return commands
      }
    } else if configuration.autoAdvance, survey.focused + 1 < survey.paths.count {
      survey.focus(survey.focused + 1)
    }
    self.survey = survey
    followSurveyFocus()
    return commands
  }

  /// The actions on pictures the survey takes besides culling: marks, opening, copying
  /// paths and undo act on the focused picture (or the marked ones, as elsewhere); the
  /// other actions on files wait until the survey is left. Nil for the survey's own keys.
  mutating func handleSurveyPictureAction(_ action: KeyAction) -> [AppCommand]? {
    switch action {
    case .mark, .open, .copy, .undo: return handlePictureAction(action)
    case .trash, .trashRejects, .trashSectionRejects, .movePicks, .moveSectionPicks, .moveTo,
      .copyTo, .rename, .turnLeft, .turnRight, .flipHorizontal, .flipVertical, .sort,
      .reverseSort, .filter, .group, .duplicates, .trashCopies, .trashAllCopies, .goToDate,
      .slideshow, .markSection, .unmarkAll:
      status.say(.actionFailed("not in the survey: Esc leaves it first"))
      return []
    default: return nil
    }
  }

  /// Undo took back the decisions of the pictures at `paths`: those a reject took out
  /// of the survey come back to it, in their panes.
  mutating func bringBackToSurvey(_ paths: Set<String>) {
    guard var survey else { return }
    survey.restore(paths.filter { content.decision(of: $0).flag != .rejected })
    self.survey = survey
    if screenMode == .survey { followSurveyFocus() }
  }

  /// Carries out `action` in the survey (what `route(_:)` gives it after the culling
  /// keys).
  mutating func handleSurvey(_ action: KeyAction) -> [AppCommand] {
    guard var survey, let layout = surveyLayout else {
      presentation.show(.grid)
      return []
    }
    let moves: [KeyAction: (Int, Int)] = [
      .left: (-1, 0), .right: (1, 0), .up: (0, -1), .down: (0, 1),
    ]
    if let (dx, dy) = moves[action] {
      // Zoomed, the arrows pan; else they move between the panes.
      if survey.focusedZoom.isZoomed {
        let geometry = surveyZoomGeometry(pane: survey.focused, layout: layout)?.geometry
        survey.changeZoom { $0.pan(dx: dx, dy: dy, geometry: geometry) }
      } else if let next = layout.neighbour(of: survey.focused, dx: dx, dy: dy) {
        survey.focus(next)
      }
      self.survey = survey
      followSurveyFocus()
      return []
    }
    switch action {
    case .nextSection, .previousSection:
      let count = survey.paths.count
      survey.focus((survey.focused + (action == .nextSection ? 1 : count - 1)) % count)
    case .first: survey.focus(0)
    case .last: survey.focus(survey.paths.count - 1)
    case .pageDown, .pageUp:
      guard survey.origin == .following else {
        let shown = survey.origin == .stack ? "a stack's pictures" : "the marked pictures"
        status.say(.actionFailed("the survey shows \(shown): no other set"))
        return []
      }
      guard let next = survey.showing(surveyNextSet(survey, forward: action == .pageDown))
      else {
        status.say(
          .actionFailed(
            action == .pageDown ? "no pictures after these" : "no pictures before these"))
        return []
      }
      survey = next
    case .zoomIn, .zoomOut, .actualSize, .fit:
      zoomSurvey(&survey, action: action, layout: layout)
    case .synchronizeZoom:
      survey.toggleSynchronized()
      status.say(
        .acted(survey.isSynchronized ? "zoom and pan: every picture" : "zoom and pan: this one"))
    case .select:
      self.survey = survey
      followSurveyFocus()
      presentation.show(.detail)
      return []
    case .back:
      closeSurvey()
      return []
    default:
      break
    }
    self.survey = survey
    followSurveyFocus()
    return []
  }

  /// The zoom keys in the survey: on every pane, or the focused one's alone. Zooming in
  /// from the whole picture centres on the spot the camera focused on, when it says.
  private func zoomSurvey(_ survey: inout Survey, action: KeyAction, layout: SurveyLayout) {
    let known = surveyZoomGeometry(pane: survey.focused, layout: layout)
    let spot = focusSpot(of: survey.focusedPath)
    switch action {
    case .zoomIn, .zoomOut:
      survey.changeZoom {
        $0.zoom(in: action == .zoomIn, geometry: known?.geometry, around: spot)
      }
    case .actualSize:
      guard let known else { return }
      survey.changeZoom {
        $0.showActualSize(
          pictureWidth: known.pictureWidth, geometry: known.geometry, around: spot)
      }
    default:
      survey.changeZoom { $0 = .fitted }
    }
  }

  /// The set of pictures after the survey's last (or before its first), as many, for a
  /// survey of the focused picture and the ones after it; none for the marked ones, or
  /// past the end.
  func surveyNextSet(_ survey: Survey, forward: Bool = true) -> [String] {
    guard survey.origin == .following else { return [] }
    let step = forward ? 1 : -1
    guard let edge = forward ? survey.paths.last : survey.paths.first,
      let edgePath = content.libraryPath(of: edge),
      var start = path(after: edgePath, step: step)
    else { return [] }
    // The first of the set is passed over too when rejected.
    while let picture = picture(at: start), isRejected(picture.path) {
      guard let next = path(after: start, step: step) else { return [] }
      start = next
    }
    return picturesFollowing(start, count: survey.paths.count, step: step)
  }

  /// The picture of pane `pane` and how it fits its box, once decoding has told its
  /// size; nil before.
  func surveyZoomGeometry(pane: Int, layout: SurveyLayout) -> (
    geometry: DetailZoom.Geometry, pictureWidth: Int
  )? {
    guard let survey, survey.paths.indices.contains(pane) else { return nil }
    return zoomGeometry(of: survey.paths[pane], in: layout.pictureBox(pane))
  }

  /// The mouse in the survey: a click focuses a pane, a double click opens it alone, the
  /// wheel zooms the pictures in or out.
  mutating func handleSurveyMouse(_ mouse: MouseEvent) {
    guard var survey, let layout = surveyLayout else { return }
    switch mouse.kind {
    case .click, .doubleClick:
      guard let pane = layout.pane(atX: mouse.x, y: mouse.y) else { return }
      survey.focus(pane)
      self.survey = survey
      followSurveyFocus()
      if mouse.kind == .doubleClick { presentation.show(.detail) }
    case .wheelUp, .wheelDown:
      zoomSurvey(&survey, action: mouse.kind == .wheelUp ? .zoomIn : .zoomOut, layout: layout)
      self.survey = survey
    case .moved, .pressed, .dragged, .released:
      break
    }
  }

  /// Leaves the survey for the grid, the focus on the picture focused there.
  mutating func closeSurvey() {
    followSurveyFocus()
    survey = nil
    presentation.show(.grid)
    revealFocus()
  }

  /// The gallery's focus on the survey's focused picture, so the status line, the
  /// decisions and the detail view (`Enter`) see it.
  mutating func followSurveyFocus() {
    guard let survey, let path = content.libraryPath(of: survey.focusedPath) else { return }
    browsing.moveFocus(to: path)
  }

  /// Keeps the survey to the library after every event: a candidate no longer shown
  /// (trashed, moved away, deleted by another program) leaves; the survey ends with none
  /// left. Back from the detail view opened from it, the picture
  /// shown there is focused when it is a candidate.
  mutating func keepSurvey() {
    guard var survey else { return }
    if screenMode == .detail {
      if let focus, let picture = picture(at: focus),
        let pane = survey.paths.firstIndex(of: picture.path)
      {
        survey.focus(pane)
      }
      self.survey = survey
      return
    }
    for path in survey.paths where content.libraryPath(of: path) == nil {
      _ = survey.remove(path)
    }
    guard !survey.paths.isEmpty else {
      self.survey = nil
      if screenMode == .survey {
        presentation.replaceScreen(with: .grid)
        revealFocus()
      }
      return
    }
    self.survey = survey
    if screenMode == .survey { followSurveyFocus() }
  }

}
