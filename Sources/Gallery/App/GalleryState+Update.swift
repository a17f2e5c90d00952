import CompositionalLayout
import TerminalKit

extension GalleryState {
  /// Applies one event and returns the side effects it asks for (bubbletea's update).
  ///
  /// Pure: the same state and event always give the same state and commands. The
  /// thumbnails the screen needs are recomputed after every event and asked for only
  /// when they changed.
  public mutating func update(_ event: GalleryEvent) -> [AppCommand] {
    var commands: [AppCommand] = []
    switch event {
    case .key(let key):
      commands += handle(key)
    case .mouse(let mouse):
      handle(mouse)
    case .resize(let width, let height, let aspect):
      resize(width: width, height: height, cellAspect: aspect)
      resnapOrthogonalOffsets()
      revealFocus()
    case .thumbnailReady(let path, let outcome):
      record(outcome, for: path)
    case .scan(let scan):
      apply(scan)
    case .favoritesLoaded(let load):
      applyLoaded(load)
    case .favoritesSaved(let outcome):
      noteSave(outcome)
    case .foldersChanged(let changes):
      let rewritten = applyFolderChanges(changes)
      if !rewritten.isEmpty { commands.append(.invalidateThumbnails(rewritten)) }
    case .rescanned(let library):
      applyRescan(library)
    }
    if commands.contains(.quit) { return commands }
    if let path = pathToDescribe() { commands.append(.describe(path: path)) }
    let wants = thumbnailWants()
    if wants != wanted {
      setWanted(wants)
      commands.append(.requestThumbnails(wants))
    }
    return commands
  }

  mutating func apply(_ scan: ScanEvent) {
    switch scan {
    case .section(let section):
      addSection(section)
      relayout()
      if focus == nil { focus = firstPath }
      revealFocus()
    case .warning(let warning):
      noteWarning(warning)
    case .finished:
      finishScan(warnings: [])
    }
  }

  mutating func handle(_ key: Key) -> [AppCommand] {
    if key == .character("q") { return [.quit] }
    if key == .control("l") { return [.redraw] }
    if key == .character("?") {
      if mode == .help {
        mode = modeBeforeHelp
      } else {
        modeBeforeHelp = mode
        mode = .help
      }
      return []
    }
    if (key == .character("f") || key == .character(" ")) && mode != .help {
      return toggleFavorite()
    }
    switch mode {
    case .help:
      if key == .escape || key == .enter { mode = modeBeforeHelp }
    case .detail:
      handleDetail(key)
    case .grid:
      handleGrid(key)
    }
    return []
  }

  mutating func handleDetail(_ key: Key) {
    switch key {
    case .escape, .backspace, .enter:
      mode = .grid
      revealFocus()
    case .left, .up, .character("h"), .character("k"), .pageUp:
      if let focus, let previous = path(after: focus, step: -1) { self.focus = previous }
    case .right, .down, .character("l"), .character("j"), .pageDown:
      if let focus, let next = path(after: focus, step: 1) { self.focus = next }
    case .home, .character("g"):
      focus = firstPath
    case .end, .character("G"):
      focus = lastPath
    default:
      break
    }
  }

  mutating func handleGrid(_ key: Key) {
    switch key {
    case .up, .character("k"): moveFocus(.up)
    case .down, .character("j"): moveFocus(.down)
    case .left, .character("h"): moveFocus(.left)
    case .right, .character("l"): moveFocus(.right)
    case .pageDown, .control("f"): page(by: 1)
    case .pageUp, .control("b"): page(by: -1)
    case .home, .character("g"): jump(to: firstPath)
    case .end, .character("G"): jump(to: lastPath)
    case .tab: jumpToSection(step: 1)
    case .backTab: jumpToSection(step: -1)
    case .enter:
      if let focus, focus.isHeader {
        toggleCollapse(section: focus.section)
      } else if focus != nil {
        mode = .detail
      }
    case .character("z"): toggleCollapseOfFocusedSection()
    case .character("v"): showList(!showsList)
    default: break
    }
  }

  mutating func handle(_ mouse: MouseEvent) {
    switch mouse.kind {
    case .wheelUp, .wheelDown:
      let step = mouse.kind == .wheelUp ? -1 : 1
      if mode == .detail {
        if let focus, let next = path(after: focus, step: step) { self.focus = next }
      } else if mode == .grid {
        scrollY = min(max(0, scrollY + 3 * step), maximumScrollY)
      }
    case .click, .doubleClick:
      if mode == .grid, let section = header(atScreenX: mouse.x, y: mouse.y) {
        // A click on a header folds or unfolds it; the second click of a double does not.
        focus = .header(section)
        if mouse.kind == .click { toggleCollapse(section: section) }
        revealFocus()
        return
      }
      guard mode == .grid, let hit = item(atScreenX: mouse.x, y: mouse.y) else { return }
      focus = hit
      revealFocus()
      if mouse.kind == .doubleClick { mode = .detail }
    case .moved:
      break
    }
  }

  /// The picture under a screen cell, nil for none (headers, gaps, the status line).
  public func item(atScreenX x: Int, y: Int) -> ItemIndexPath? {
    element(atScreenX: x, y: y) { $0.category == .item }?.indexPath
  }

  /// The first element under a screen cell of the scrolling view that `matches`, as
  /// displayed (a pinned header where it is pinned); nil off the view.
  func element(atScreenX x: Int, y: Int, where matches: (LayoutAttributes) -> Bool)
    -> LayoutAttributes?
  {
    guard y >= 0, y < viewHeight, x >= 0, x < screen.width else { return nil }
    let probe = CellRect(x: x, y: y + scrollY, width: 1, height: 1)
    return layout.attributes(in: probe, orthogonalOffsets: orthogonalOffsets)
      .first { matches($0) && $0.displayFrame.intersects(probe) }
  }
}
