import CompositionalLayout
import TerminalKit

/// The last row: the focused picture's name, dimensions, position and section on the
/// left (the filter's text while it is typed), a message after the name; what the user
/// set (filter, marks, order, zoom, slideshow), the loading progress, what is not shown
/// and how pictures are drawn on the right.
///
/// The parts are laid out by priority: when the row is short, the name is shortened in
/// the middle first (down to a dozen columns), then the parts that matter least go (how
/// pictures are drawn, the section's name, the dimensions, the loading), then the
/// message is shortened at its end (its beginning says what happened), then the settings
/// go. The message is never dropped; the position and what is not shown always stay.
enum StatusLine {
  /// One part of the row.
  struct Part {
    var text: String
    var style: Style
    /// Higher stays longer; `kept` never goes.
    var priority: Int
    /// The name: shortened in the middle, to `minimumName` columns, before anything goes.
    var isName = false
    /// A message (a warning or a confirmation), or a question's words before its keys:
    /// shortened at its end (to `minimumMessage` columns) rather than dropped.
    var isMessage = false

    static let kept = 100
  }

  /// The fewest columns a message is shortened to.
  static let minimumMessage = 16

  /// The fewest columns the name is shortened to before other parts go.
  static let minimumName = 12

  static func draw(_ state: GalleryState, into frame: inout Frame) {
    let y = frame.height - 1
    guard y >= 0 else { return }
    frame.fill(
      x: 0, y: y, width: frame.width, height: 1, with: Cell(" ", style: state.theme.status))
    var left =
      state.isEditingFilter
      ? filterPrompt(state)
      : state.isEditingDate
        ? datePrompt(state) : state.isPrompting ? actionPrompt(state) : focusParts(state)
    if let message = state.message, !state.isEditingFilter, !state.isEditingDate {
      // A message goes right after the name, where a narrow screen still shows it; a
      // warning is signed and highlighted, a confirmation is not. Neither is dropped: the
      // new names of a keep-both, say, are only ever told there.
      let text =
        message.isWarning
        ? (state.appearance.unicode ? "⚠ " : "! ") + message.description : message.description
      left.insert(
        Part(
          text: "  " + text,
          style: message.isWarning ? state.theme.statusWarning : state.theme.statusName,
          priority: Part.kept, isMessage: true),
        at: min(1, left.count))
    }
    let right = rightParts(state)
    let (shownLeft, shownRight) = fit(left: left, right: right, width: frame.width)
    var column = 0
    let rightWidth = width(of: shownRight)
    let limit = frame.width - rightWidth - (shownRight.isEmpty ? 0 : 1)
    for part in shownLeft where column < limit {
      column += frame.put(
        part.text, x: column, y: y, style: part.style, maxWidth: limit - column,
        truncation: part.isName ? state.appearance.nameTruncation : state.appearance.truncation)
    }
    var x = frame.width - rightWidth
    for part in shownRight {
      x += frame.put(part.text, x: x, y: y, style: part.style)
    }
  }

  /// The parts that fit in `width`: the name shortened in the middle to 24 columns, then
  /// the parts below priority 50 dropped (lowest first), then the name shortened to
  /// `minimumName` and the parts below 80 dropped, then a message shortened at its end to
  /// `minimumMessage`, then every part that is not kept. The name and a message come back cut to their share.
  static func fit(left: [Part], right: [Part], width total: Int) -> ([Part], [Part]) {
    var left = left
    var right = right
    func used() -> Int { width(of: left) + (right.isEmpty ? 0 : width(of: right) + 1) }
    /// Shortens the first part `matching` down to `floor` columns; false when it cannot.
    func shorten(_ matching: (Part) -> Bool, to floor: Int, _ truncation: Truncation) -> Bool {
      guard let index = left.firstIndex(where: matching),
        left[index].text.displayWidth > floor
      else { return false }
      let text = left[index].text
      left[index].text = Frame.fit(
        text, to: max(floor, text.displayWidth - (used() - total)), truncation: truncation)
      return true
    }
    // A message is shortened only once the parts below it (the settings, a prompt's
    // hint) are gone.
    for (floor, below) in [(24, 50), (minimumName, 80), (minimumName, Part.kept)] {
      while used() > total {
        if shorten(\.isName, to: floor, .middle()) { continue }
        if below == Part.kept, shorten(\.isMessage, to: minimumMessage, .ellipsis()) { continue }
        let droppable = (left + right).filter { $0.priority < below }.map(\.priority)
        guard let lowest = droppable.min() else { break }
        if let index = right.lastIndex(where: { $0.priority == lowest }) {
          right.remove(at: index)
        } else if let index = left.lastIndex(where: { $0.priority == lowest }) {
          left.remove(at: index)
        }
      }
    }
    // The first part of the right side starts without its two blanks when one before it
    // went.
    if let first = right.first, first.text.hasPrefix("  ") {
      right[0].text = String(first.text.dropFirst(2))
    }
    return (left, right)
  }

  static func width(of parts: [Part]) -> Int { parts.reduce(0) { $0 + $1.text.displayWidth } }

  /// The focused picture (`♥ ✓ name  1600×1200  3/15  Office`), a header, or what the
  /// scan is doing.
  static func focusParts(_ state: GalleryState) -> [Part] {
    var left: [Part] = []
    if let focus = state.focus, focus.isHeader, state.sections.indices.contains(focus.section) {
      let section = state.sections[focus.section]
      left.append(
        Part(text: " " + section.name, style: state.theme.statusName, priority: 90, isName: true))
      let count = state.count(inSection: focus.section)
      let folded = state.isCollapsed(focus.section) ? "folded" : "open"
      left.append(
        Part(
          text: "  \(count) \(count == 1 ? "picture" : "pictures"), \(folded)",
          style: state.theme.status, priority: Part.kept))
      if !section.skipped.isEmpty {
        left.append(
          Part(
            text: "  " + section.skipped.summary + " not shown", style: state.theme.status,
            priority: 50))
      }
    } else if let focus = state.focus, let picture = state.picture(at: focus) {
      let heart = state.isFavorite(picture.path) ? FavoriteMark.mark(state.appearance) + " " : ""
      let check = state.isMarked(picture.path) ? MarkBadge.mark(state.appearance) + " " : ""
      left.append(
        Part(
          text: " " + heart + check + TextSanitizer.sanitize(picture.fileName),
          style: state.theme.statusName, priority: 90, isName: true))
      if let dimensions = dimensions(state, path: picture.path) {
        left.append(Part(text: "  " + dimensions, style: state.theme.status, priority: 30))
      }
      left.append(
        Part(
          text: "  \(focus.item + 1)/\(state.count(inSection: focus.section))",
          style: state.theme.status, priority: Part.kept))
      if focus.section != state.favoritesSectionIndex, let stack = state.stack(of: picture.path) {
        left.append(
          Part(
            text: "  " + stackText(stack, picture: picture), style: state.theme.status, priority: 50
          ))
      }
      if state.sections.indices.contains(focus.section) {
        left.append(
          Part(
            text: "  " + state.sections[focus.section].name, style: state.theme.status, priority: 20
          ))
      }
    } else if !state.filter.isEmpty {
      left.append(
        Part(text: " no picture matches the filter", style: state.theme.status, priority: Part.kept)
      )
    } else if state.isScanComplete, state.grouping == .duplicates,
      state.content.librarySections.contains(where: { !$0.pictures.isEmpty })
    {
      // The pictures are there, none with a copy: say so, and the way back.
      left.append(
        Part(
          text: " no picture has a copy  C goes back", style: state.theme.status,
          priority: Part.kept))
    } else if state.isScanComplete {
      left += noPicturesParts(state)
    } else {
      // Before anything can be focused, say how far the scan is.
      let found = state.pictureCount
      let count = TimelineTitle.count(found, locale: state.appearance.locale)
      left.append(
        Part(
          text: found > 0 ? " scanning, \(count) pictures found" : " scanning",
          style: state.theme.status, priority: Part.kept))
    }
    return left
  }

  /// `stack of 7` for a closed stack's cover, `stack 3 of 7` for a picture of an open one.
  static func stackText(_ stack: PictureStack, picture: Picture) -> String {
    guard stack.isOpen, let position = stack.position(of: picture.path) else {
      return "stack of \(stack.count)"
    }
    return "stack \(position + 1) of \(stack.count)"
  }

  /// ` no pictures found  3 other files not shown`: what a finished scan that found no
  /// picture says, and what it did find. `--print` writes the same line
  /// (`GalleryPrinter.noPicturesFrame`).
  static func noPicturesParts(_ state: GalleryState) -> [Part] {
    var parts = [Part(text: " no pictures found", style: state.theme.status, priority: Part.kept)]
    if let skipped = state.content.scanStats?.skipped, !skipped.isEmpty {
      parts.append(
        Part(text: "  " + skipped.summary + " not shown", style: state.theme.status, priority: 50))
    }
    return parts
  }

  /// `/kit▏  3 of 70 pictures` while the filter is typed: the text and a cursor, the
  /// query's first problem (`/iso>=abc▏  iso wants a whole number, as in iso>=3200`),
  /// dim and cut at its end when the row is short, then how many pictures match (which
  /// goes first).
  static func filterPrompt(_ state: GalleryState) -> [Part] {
    let text = TextSanitizer.sanitize(state.prompts.filterInput ?? "")
    var parts = [
      Part(text: " /" + text, style: state.theme.statusName, priority: Part.kept),
      Part(text: " ", style: state.theme.filterCursor, priority: Part.kept),
    ]
    if let problem = state.filter.problems.first {
      parts.append(
        Part(
          text: "  " + TextSanitizer.sanitize(problem.message), style: state.theme.statusHint,
          priority: Part.kept, isMessage: true))
    }
    parts.append(Part(text: "  " + matchCount(state), style: state.theme.status, priority: 60))
    return parts
  }

  /// `go to date: 2025-08▏  2025-08, 2025, aug 2025` while the prompt is open.
  static func datePrompt(_ state: GalleryState) -> [Part] {
    let text = TextSanitizer.sanitize(state.prompts.dateInput ?? "")
    return [
      Part(text: " go to date: " + text, style: state.theme.statusName, priority: Part.kept),
      Part(text: " ", style: state.theme.filterCursor, priority: Part.kept),
      Part(text: "  2025-08, 2025, aug 2025, 14 aug 2025", style: state.theme.status, priority: 60),
    ]
  }

  /// `3 of 70 pictures`.
  static func matchCount(_ state: GalleryState) -> String {
    let total = state.pictureCount
    return "\(state.content.shownPictureCount) of \(total) \(total == 1 ? "picture" : "pictures")"
  }

  /// The right side: what the user set (`/kit 3 of 70  2 marked  size ↑  zoom 2×  ▶ 3 s`),
  /// the loading and the reading of details (`StatusLine+Reading`), what is not shown
  /// (`2 scan warnings  4 not shown`) and how pictures are drawn, each two columns apart,
  /// a blank at the end.
  static func rightParts(_ state: GalleryState) -> [Part] {
    var parts: [Part] = []
    func add(_ text: String, _ priority: Int) {
      parts.append(
        Part(
          text: (parts.isEmpty ? "" : "  ") + text, style: state.theme.status, priority: priority))
    }
    if !state.filter.isEmpty && !state.isEditingFilter {
      add("/" + TextSanitizer.sanitize(state.filter.text) + " " + matchCount(state), 60)
    }
    if state.markCount > 0 { add("\(state.markCount) marked", 70) }
    // The order only where it moves something: pictures named one by one keep the order
    // given until the user sorts.
    if state.order != .standard && state.content.isOrderApplied {
      add(state.order.label(unicode: state.appearance.unicode), 60)
    }
    if state.grouping.isTimeline {
      let pending = state.content.datesPending
      let count = TimelineTitle.count(pending, locale: state.appearance.locale)
      add(state.grouping.label + (pending > 0 ? ", \(count) dates to read" : ""), 60)
    }
    if state.grouping == .duplicates {
      add(duplicatesText(state), 60)
    }
    if state.screenMode == .survey, let survey = state.survey {
      var text = "survey \(survey.focused + 1) of \(survey.paths.count)"
      let zoom = survey.focusedZoom
      if zoom.isZoomed {
        text +=
          "  zoom " + zoom.label + (survey.isSynchronized ? " on every picture" : " on this one")
      }
      add(text, Part.kept)
    } else if state.detail.zoom.isZoomed {
      add("zoom " + state.detail.zoom.label, 60)
    }
    if let show = state.detail.slideshow {
      add((state.appearance.unicode ? "▶ " : "> ") + "\(show.interval) s", 60)
    }
    let progress = state.loadingProgress
    if progress.done < progress.total { add("loading \(progress.done)/\(progress.total)", 40) }
    if let reading = readingDetails(state) { add(reading, 45) }
    let report = ScanReport.summary(of: state)
    if !report.isEmpty { add(report + (state.appearance.unicode ? " · !" : " - !"), Part.kept) }
    if let format = state.appearance.pictureFormat { add(format.displayName, 10) }
    if !parts.isEmpty { parts[parts.count - 1].text += " " }
    return parts
  }

  /// `1600×1200` when decoding has told us.
  static func dimensions(_ state: GalleryState, path: String) -> String? {
    guard case .ready(let metadata?, _)? = state.loading.info[path] else { return nil }
    let times = state.appearance.unicode ? "×" : "x"
    let size = metadata.shownSize
    return "\(size.width)\(times)\(size.height)"
  }
}
