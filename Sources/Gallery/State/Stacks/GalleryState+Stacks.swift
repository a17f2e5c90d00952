import Pictures

/// Stacks: bursts shown as one tile (`PictureStacks`), opened and closed in place (`b`),
/// and "keep this one, reject the rest" (`K`) in one step `U` takes back.
///
/// A stack is made of what is shown, so every change of it goes through `rearrange`,
/// which keeps the focus on its picture, or on the cover of the stack that now hides it.
extension GalleryState {
  /// The stacks of what is shown, and the rules that make them.
  package var stacks: PictureStacks { content.stacks }

  /// The stack the picture shown at `path` is in; nil when none. O(1).
  package func stack(of path: String) -> PictureStack? { content.stacks.stack(of: path) }

  /// How many pictures section `index` holds, those hidden in its closed stacks counted:
  /// what its header says. O(pictures of the section) with stacks, else O(1).
  package func pictureCount(inSection index: Int) -> Int {
    let shown = count(inSection: index)
    guard !content.stacks.isEmpty, index != favoritesSectionIndex,
      content.sections.indices.contains(index)
    else { return shown }
    let hidden = content.sections[index].pictures.reduce(0) { total, picture in
      guard let stack = stack(of: picture.path), !stack.isOpen else { return total }
      return total + stack.count - 1
    }
    return shown + hidden
  }

  /// The stack of the focused picture; nil on a header, a picture in none, or in the
  /// Favourites section, which repeats pictures and shows no stacks.
  package var focusedStack: PictureStack? {
    guard let focus, !focus.isHeader, focus.section != favoritesSectionIndex,
      let picture = picture(at: focus)
    else { return nil }
    return stack(of: picture.path)
  }

  /// Carries out `action` when it is a stack's; nil for another.
  mutating func handleStacks(_ action: KeyAction) -> [AppCommand]? {
    switch action {
    case .stack:
      guard presentation.mode != .survey else {
        status.say(.actionFailed("not in the survey: Esc leaves it first"))
        return []
      }
      toggleFocusedStack()
      return []
    case .keepOne: return keepOneOfStack()
    default: return nil
    }
  }

  /// Opens the focused stack in place, or closes it to its cover, the focus on the cover.
  mutating func toggleFocusedStack() {
    guard let stack = focusedStack else {
      status.say(.actionFailed(noStackReason))
      return
    }
    setStack(stack, open: !stack.isOpen)
    status.say(
      .acted(stack.isOpen ? "stack of \(stack.count) closed" : "stack of \(stack.count) open"))
  }

  /// Opens or closes `stack`, the focused picture kept still on the screen; closing it,
  /// the focus goes to its cover.
  mutating func setStack(_ stack: PictureStack, open: Bool) {
    guard stack.isOpen != open else { return }
    rearrange(keepingFocusStill: true) { $0.setStackOpen(stack.paths, open) }
    guard !open, let cover = self.stack(of: stack.cover.path)?.cover,
      let path = content.libraryPath(of: cover.path)
    else { return }
    browsing.moveFocus(to: path)
    revealFocus()
  }

  /// Why a stack's key did nothing: stacks are off, or not made yet, or the picture is in
  /// none.
  private var noStackReason: String {
    if !stacks.rules.isOn { return "stacks are off (stacks = no)" }
    if content.likeness.isEmpty { return "no stacks yet: the pictures' likeness is being read" }
    return "not in a stack"
  }

  /// Keep this one, reject the rest (`K`): the focused picture picked, every other
  /// picture of its stack rejected (each with all its files), in one step `U` takes
  /// back; the stack closes with the pick as its cover. In the survey, the survey ends.
  mutating func keepOneOfStack() -> [AppCommand] {
    guard actionsUnderWay == 0 else {
      status.say(.actionFailed(Self.waitForFiles()))
      return []
    }
    guard let stack = focusedStack, let focus, let kept = picture(at: focus) else {
      status.say(.actionFailed(noStackReason))
      return []
    }
    var previous: [String: CullingDecision] = [:]
    var changed: [String: CullingDecision] = [:]
    var writes: [FileDecision] = []
    for member in stack.members {
      for path in member.allPaths {
        let before = content.decisions.decision(for: path)
        var after = before
        after.flag = member.path == kept.path ? .picked : .rejected
        guard after != before else { continue }
        previous[path] = before
        changed[path] = after
        writes.append(FileDecision(path: path, decision: after))
      }
    }
    let rejected = stack.count - 1
    status.say(
      .acted(
        writes.isEmpty
          ? "already kept 1, rejected \(rejected) of the stack"
          : "kept 1, rejected \(rejected) \(rejected == 1 ? "picture" : "pictures") of the stack"))
    if survey != nil, screenMode == .survey { closeSurvey() }
    guard !writes.isEmpty else {
      setStack(stack, open: false)
      return []
    }
    followingFavorites { $0.content.setDecisions(changed) }
    history.note(.decided(previous: previous))
    // The pick is the cover now: the stack is made again, and closed on it.
    rearrange(keepingFocusStill: true) { $0.restack() }
    if let made = self.stack(of: kept.path) { setStack(made, open: false) }
    if let path = content.libraryPath(of: kept.path) { browsing.moveFocus(to: path) }
    revealFocus()
    return [.writeDecisions(writes)]
  }
}
