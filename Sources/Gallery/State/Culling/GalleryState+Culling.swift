import Pictures

/// Culling: stars (`1`–`5`, `0` takes them off), rejects (`X`), picks (`P`), colour
/// labels (`6`–`9`) and favourites (`f`, the decision `FavoriteRule` names), in the grid,
/// the list and the detail view.
///
/// A decision goes to the focused picture, or to the marked ones together, and to every
/// file of each (a RAW+JPEG pair's files alike). It is set in the content at once, which
/// only the tiles show: the search and the order read decisions when they are applied, so
/// a key costs nothing of the size of the library. The runtime is asked to keep it
/// (`writeDecisions`), and `U` takes it back like an action on files (`CullingHistory`).
extension GalleryState {
  /// The decision the picture at `path` shows (a pair's, from any of its files). O(files
  /// of the pair).
  package func decision(of path: String) -> CullingDecision { content.decision(of: path) }

  /// Carries out `action` when it decides something; nil for another action.
  mutating func handleCulling(_ action: KeyAction) -> [AppCommand]? {
    guard action.decides else { return nil }
    guard actionsUnderWay == 0 else {
      status.say(.actionFailed(Self.waitForFiles()))
      return []
    }
    let pictures = picturesToDecide()
    guard !pictures.isEmpty else {
      status.say(.actionFailed("no picture to \(Self.verb(of: action))"))
      return []
    }
    let shown = pictures.map { content.decision(of: $0[0]) }
    let rule = content.favoriteRule
    let decided = Self.decide(action, shown, favoriteRule: rule)
    var previous: [String: CullingDecision] = [:]
    var changed: [String: CullingDecision] = [:]
    var writes: [FileDecision] = []
    for (files, decision) in zip(pictures, decided) {
      for path in files where content.decisions.decision(for: path) != decision {
        previous[path] = content.decisions.decision(for: path)
        changed[path] = decision
        writes.append(FileDecision(path: path, decision: decision))
      }
    }
    status.say(
      .acted(Self.summary(of: action, decided, count: pictures.count, favoriteRule: rule)))
    var commands: [AppCommand] = []
    if !writes.isEmpty {
      followingFavorites { $0.content.setDecisions(changed) }
      // A pick, stars or a reject change which copy is best: first, kept by `R`.
      if grouping == .duplicates { rearrange(keepingFocusStill: true) { $0.regroupDuplicates() } }
      history.note(.decided(previous: previous))
      commands.append(.writeDecisions(writes))
    }
    if configuration.autoAdvance, content.marks.isEmpty, presentation.mode != .survey {
      advanceAfterDecision()
    }
    return commands
  }

  /// The decisions read from the files at start (or of files that came since), taken as
  /// they are: nothing is written back, and undo does not take them back. A filter or an
  /// order that reads decisions shows them as they come, the focus kept still.
  mutating func receiveDecisions(_ read: [String: CullingDecision]) {
    guard content.showsByDecisions || grouping == .duplicates else {
      followingFavorites { $0.content.setDecisions(read) }
      return
    }
    followingFavorites { state in
      state.rearrange(keepingFocusStill: true) { _ = $0.receiveDecisions(read) }
    }
  }

  /// Undo (`U`): the last decision made here when it is the last step, else the last
  /// action on files, which the runtime takes back.
  mutating func undoLast() -> [AppCommand] {
    // Nor an action on files: undo would take back the one under way, not the last
    // step its history shows.
    guard actionsUnderWay == 0 else {
      status.say(.actionFailed(Self.waitForFiles(true)))
      return []
    }
    guard case .decided(let previous)? = history.steps.last else {
      _ = history.takeLast()
      status.say(.acting("undoing"))
      return [.act(.undo)]
    }
    _ = history.takeLast()
    followingFavorites { $0.content.setDecisions(previous) }
    // A pick taken back may have been a stack's cover, or a group's best copy.
    if !stacks.isEmpty { rearrange(keepingFocusStill: true) { $0.restack() } }
    if grouping == .duplicates { rearrange(keepingFocusStill: true) { $0.regroupDuplicates() } }
    bringBackToSurvey(Set(previous.keys.map(content.shownPath(of:))))
    let writes = previous.keys.sorted().map {
      FileDecision(path: $0, decision: previous[$0] ?? .undecided)
    }
    let count = Set(previous.keys.map(content.shownPath(of:))).count
    status.say(.acted("undone: the decision on \(count) \(count == 1 ? "picture" : "pictures")"))
    return [.writeDecisions(writes)]
  }

  /// What a decision (or its undo) asked while an action on files is under way says.
  static func waitForFiles(_ undone: Bool = false) -> String {
    "an action on files is under way: nothing \(undone ? "undone" : "decided"), try again in a moment"
  }

  /// Notes what a report of the runtime's says undo can take back, and moves the
  /// decisions of files renamed with them.
  mutating func noteCulling(of report: FileActionReport) {
    if report.isUndoable { history.note(.actedOnFiles) }
    guard !report.renamed.isEmpty else { return }
    let moves = Dictionary(
      report.renamed.map { ($0.from, $0.to) }, uniquingKeysWith: { _, last in last })
    followingFavorites { $0.content.followDecisions(moves) }
    history.follow(moves)
    survey?.follow(moves)
  }

  /// The pictures a decision goes to, each as all its files, the shown one first: the
  /// marked ones (by path: the order shown would cost a walk of the library), else the
  /// focused one; in the survey, its focused one. O(marks log marks).
  private func picturesToDecide() -> [[String]] {
    // The survey, and the detail view opened from it, decide for the picture shown:
    // the marks are what the survey shows.
    if survey != nil, screenMode == .survey || screenMode == .detail {
      guard let focus, let picture = picture(at: focus) else { return [] }
      return [picture.allPaths]
    }
    guard !content.marks.isEmpty else {
      guard let focus, let picture = picture(at: focus) else { return [] }
      return [picture.allPaths]
    }
    var seen = Set<String>()
    return content.marks.sorted().compactMap { path in
      let files = content.filesOfPicture(showing: path)
      return seen.insert(files[0]).inserted ? files : nil
    }
  }

  /// The next picture after a decision on the focused one, when auto-advance is on.
  private mutating func advanceAfterDecision() {
    guard let focus, let next = path(after: focus, step: 1) else { return }
    // The last picture of the folders stays focused: the Favourites section after them
    // shows the same pictures again, not the next ones to cull.
    let favorites = favoritesSectionIndex
    if next.section == favorites, focus.section != favorites { return }
    browsing.moveFocus(to: next)
    if presentation.mode == .grid { revealFocus() }
  }

  /// What `action` makes of the decisions `shown`: stars set; a flag, a label or a
  /// favourite (by `favoriteRule`) set on every picture, or taken off every one when they
  /// all have it.
  static func decide(
    _ action: KeyAction, _ shown: [CullingDecision], favoriteRule: FavoriteRule = .picks
  ) -> [CullingDecision] {
    if action == .favorite {
      let allAre = shown.allSatisfy(favoriteRule.includes)
      return shown.map { allAre ? favoriteRule.unmade($0) : favoriteRule.made($0) }
    }
    if let rating = action.rating {
      return shown.map {
        var decision = $0
        decision.rating = rating
        return decision
      }
    }
    if let label = action.colorLabel {
      let allHave = shown.allSatisfy { $0.labels.contains(label.set) }
      return shown.map {
        var decision = $0
        if allHave { decision.labels.remove(label.set) } else { decision.labels.insert(label.set) }
        return decision
      }
    }
    let flag: CullingFlag =
      switch action {
      case .reject: .rejected
      case .pick: .picked
      default: .none
      }
    let allHave = shown.allSatisfy { $0.flag == flag }
    return shown.map {
      var decision = $0
      decision.flag = allHave ? .none : flag
      return decision
    }
  }

  /// `3 stars`, `rejected`, `red label off`, `favourite (picked)`, with `on 4 pictures`
  /// for more than one.
  static func summary(
    of action: KeyAction, _ decided: [CullingDecision], count: Int,
    favoriteRule: FavoriteRule = .picks
  ) -> String {
    let first = decided.first ?? .undecided
    var text: String
    if action == .favorite {
      let stars = "\(first.rating.stars) \(first.rating.stars == 1 ? "star" : "stars")"
      switch favoriteRule {
      case .picks:
        text = favoriteRule.includes(first) ? "favourite (picked)" : "not a favourite (no flag)"
      case .rating:
        text = (favoriteRule.includes(first) ? "favourite" : "not a favourite") + " (\(stars))"
      }
    } else if let rating = action.rating {
      text =
        rating == .unrated
        ? "no stars" : "\(rating.stars) \(rating.stars == 1 ? "star" : "stars")"
    } else if let label = action.colorLabel {
      text = "\(label.name) label " + (first.labels.contains(label.set) ? "on" : "off")
    } else {
      text =
        switch first.flag {
        case .rejected: "rejected"
        case .picked: "picked"
        case .none: "no flag"
        }
    }
    if count > 1 { text += " on \(count) pictures" }
    return text
  }

  /// The verb for the status line when there is no picture: `rate`, `flag`, `label`.
  static func verb(of action: KeyAction) -> String {
    if action == .favorite { return "mark as favourite" }
    if action.rating != nil { return "rate" }
    if action.colorLabel != nil { return "label" }
    return "flag"
  }
}
