import CompositionalLayout
import FoundationEssentials
import TerminalKit

/// One picture as a list row (the list, and browse's stacks and full-width rows): a small
/// thumbnail, the name, a secondary line (dimensions, file size, date) and a `›`
/// disclosure mark.
///
/// The row's content is as tall as its thumbnail (`ListPreset.thumbnailBox`), the text
/// centred beside it. The focused row is in reverse video (cyan where there are colours);
/// a favourite's row lies on the favourite mat, inset a column from each side, with a
/// heart before the `›`; a marked row has a filled bar with a check before its thumbnail.
enum ListCell {
  static func draw(
    _ state: GalleryState, picture: Picture, art tile: TileArt, rect: CellRect, focused: Bool,
    into view: inout Frame
  ) {
    let appearance = state.appearance
    let favorite = state.isFavorite(picture.path)
    let box = ListPreset.thumbnailBox(rows: rect.height, cellAspect: state.cellAspect)
    let content = CellRect(x: rect.minX, y: rect.minY, width: rect.width, height: box.rows)
    if favorite {
      view.fill(
        x: content.minX + 1, y: content.minY, width: max(0, content.width - 2),
        height: content.height,
        with: Cell(" ", style: Style(background: appearance.theme.favoriteBackground)))
    }
    let art = CellRect(
      x: rect.minX + ListPreset.leading, y: rect.minY, width: box.columns, height: box.rows)
    let decision = state.decision(of: picture.path)
    switch tile {
    case .cells:
      tile.draw(in: art, into: &view)
      if decision.flag == .rejected { DecisionBadge.dim(art, appearance: appearance, into: &view) }
    case .image:
      tile.draw(in: art, into: &view)
    case .broken:
      view.put(
        appearance.unicode ? "✗" : "x", x: art.minX + art.width / 2, y: art.minY,
        style: appearance.theme.broken)
    case .loading:
      view.fill(
        x: art.minX, y: art.minY, width: art.width, height: art.height,
        with: Cell(appearance.unicode ? "░" : ".", style: appearance.theme.placeholder))
    }
    let textX = art.maxX + 2
    let textY = content.minY + max(0, (content.height - 2) / 2)
    let right = rect.maxX - 2
    var base = Style()
    if favorite { base.background = appearance.theme.favoriteBackground }
    // The decision goes before the heart, the name gives way to it.
    let pieces = DecisionBadge.pieces(decision, appearance: appearance)
    let decided = pieces.isEmpty ? 0 : DecisionBadge.width(of: pieces)
    let fits = decided > 0 && right - 3 - textX - decided >= 8
    if fits {
      // On their own background: the labels' colours are not readable on the mat's.
      DecisionBadge.draw(pieces, x: right - 3 - decided, y: textY, into: &view)
    }
    let room = max(0, right - 3 - textX - (fits ? decided : 0))
    var nameStyle = base
    nameStyle.foreground = appearance.theme.headerName.foreground
    nameStyle.attributes = [.bold]
    view.put(
      TextSanitizer.sanitize(picture.fileName), x: textX, y: textY, style: nameStyle,
      maxWidth: room, truncation: state.appearance.nameTruncation)
    var secondary = base
    secondary.foreground = appearance.theme.secondary.foreground
    let (details, broken) = secondaryText(state, picture: picture, art: tile)
    if broken { secondary.foreground = appearance.theme.broken.foreground }
    if content.height > 1 {
      view.put(
        details, x: textX, y: textY + 1, style: secondary, maxWidth: max(0, right - 3 - textX))
    }
    if favorite {
      var heart = appearance.theme.favoriteMark
      heart.background = appearance.theme.favoriteBackground
      view.put(FavoriteMark.mark(appearance), x: right - 2, y: textY, style: heart)
    }
    view.put(appearance.unicode ? "›" : ">", x: right, y: textY, style: nameStyle)
    if state.isMarked(picture.path) {
      MarkBadge.decorate(
        row: rect, content: content, y: textY, appearance: appearance, into: &view)
    }
    if focused {
      // Reverse video from the text to the mark: visible with colours or without.
      let from = art.maxX + 1
      view.restyle(x: from, y: content.minY, width: rect.maxX - 1 - from, height: content.height) {
        $0.foreground = appearance.theme.focusBorder.foreground
        $0.background = .default
        $0.attributes.insert(.reverse)
      }
    }
  }

  /// `JPEG · 1600×1200 · 245 KB · 1 May 2024`, what is known of it (the date the order
  /// goes by, in the user's locale; none when the file's time is unknown); why it is
  /// broken for a broken file, as its details or its drawn `art` say; the folder for a
  /// favourite no shown folder holds.
  ///
  /// The art counts because a printed gallery (`--print`) learns why a picture is
  /// broken from its thumbnail alone: it reads no details.
  static func secondaryText(_ state: GalleryState, picture: Picture, art: TileArt = .loading)
    -> (String, Bool)
  {
    let unicode = state.appearance.unicode
    let dot = unicode ? " · " : " - "
    let inLibrary = state.libraryPath(of: picture.path) != nil
    // The scan sniffed a library picture's format; one known only by its path is not
    // named until decoding says.
    var parts = inLibrary ? [picture.format?.name ?? "not a picture"] : []
    if case .broken(let error) = art {
      return ((unicode ? "✗ " : "x ") + TextSanitizer.sanitize(error.description), true)
    }
    switch state.loading.info[picture.path] {
    case .failed(let error)?:
      return ((unicode ? "✗ " : "x ") + TextSanitizer.sanitize(error.description), true)
    case .ready(let metadata?, _)?:
      parts = [metadata.format.name]
      let size = metadata.shownSize
      parts.append("\(size.width)\(unicode ? "×" : "x")\(size.height)")
      if let duration = metadata.video?.durationText { parts.append(duration) }
    default:
      break
    }
    if let pair = picture.pairKind { parts.append(pair.badge) }
    if inLibrary, let stack = state.stack(of: picture.path) {
      parts.append(StatusLine.stackText(stack, picture: picture))
    }
    if !inLibrary {
      parts.append(TextSanitizer.sanitize(PathName.parent(picture.path)))
      return (parts.joined(separator: dot), false)
    }
    parts.append(DetailView.fileSize(picture.totalByteSize))
    // The date the order goes by: the day taken when sorted by it or in the timeline
    // (the modification time where a picture has none), else the modification day.
    let byTaken = state.order.key == .dateTaken || state.grouping.isTimeline
    let taken = byTaken ? state.content.datesTaken[picture.path] : nil
    if let day = taken ?? picture.modificationDate {
      parts.append(
        (taken == nil && byTaken ? "modified " : "")
          + DateText.day(day, state.appearance, timeZone: state.content.timeZone))
    }
    return (parts.joined(separator: dot), false)
  }
}
