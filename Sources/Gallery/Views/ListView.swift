import CompositionalLayout
import Foundation
import TerminalKit
import Thumbnails

/// The list appearance: grouped sections of two-line rows, each a small thumbnail, the
/// name, a secondary line (dimensions, file size, date) and a `›` disclosure mark.
///
/// The focused row is in reverse video (cyan where there are colours); a favourite's row
/// lies on the favourite mat, inset a column from each side, with a heart before the `›`.
enum ListView {
  /// Draws the scrolling view (every row but the last) of `state`.
  static func draw(_ state: GalleryState, thumbnails: ThumbnailShelf?, into frame: inout Frame) {
    var view = Frame(width: state.screen.width, height: state.viewHeight)
    let visible = state.visibleRect
    for element in state.layout.attributes(in: visible, orthogonalOffsets: [:]) {
      let rect = element.displayFrame.offsetBy(dx: -visible.minX, dy: -visible.minY)
      if GalleryState.isHeader(element) {
        GridView.drawHeader(state, section: element.indexPath.section, rect: rect, into: &view)
        continue
      }
      guard element.category == .item, let picture = state.picture(at: element.indexPath)
      else { continue }
      drawRow(
        state, picture: picture, rect: rect, focused: element.indexPath == state.focus,
        thumbnails: thumbnails, into: &view)
    }
    frame.blit(view, x: 0, y: 0)
  }

  static func drawRow(
    _ state: GalleryState, picture: Picture, rect: CellRect, focused: Bool,
    thumbnails: ThumbnailShelf?, into view: inout Frame
  ) {
    let appearance = state.appearance
    let favorite = state.isFavorite(picture.path)
    let inset = CellRect(
      x: rect.minX + 1, y: rect.minY, width: max(0, rect.width - 2), height: rect.height)
    if favorite {
      view.fill(
        x: inset.minX, y: inset.minY, width: inset.width, height: inset.height,
        with: Cell(" ", style: Style(background: Theme.favoriteBackground)))
    }
    let box = ListLayout.thumbnailBox(cellAspect: state.cellAspect)
    let art = CellRect(
      x: rect.minX + ListLayout.leading, y: rect.minY, width: box.columns, height: box.rows)
    let result = thumbnails?.bestResult(path: picture.path, size: box)
    switch result {
    case .art(let cells, _, _)?:
      ItemCell.drawArt(cells, in: art, into: &view)
    case .failed?:
      view.put(
        appearance.unicode ? "✗" : "x", x: art.minX + art.width / 2, y: art.minY,
        style: Theme.broken)
    case nil:
      view.fill(
        x: art.minX, y: art.minY, width: art.width, height: art.height,
        with: Cell(appearance.unicode ? "░" : ".", style: Theme.placeholder))
    }
    let textX = art.maxX + 2
    let right = rect.maxX - 2
    let room = max(0, right - 3 - textX)
    var base = Style()
    if favorite { base.background = Theme.favoriteBackground }
    var nameStyle = base
    nameStyle.foreground = .brightWhite
    nameStyle.attributes = [.bold]
    view.put(
      TextSanitizer.sanitize(picture.fileName), x: textX, y: rect.minY, style: nameStyle,
      maxWidth: room)
    var secondary = base
    secondary.foreground = .brightBlack
    let (details, broken) = secondaryText(state, picture: picture)
    if broken { secondary.foreground = Theme.broken.foreground }
    if rect.height > 1 {
      view.put(details, x: textX, y: rect.minY + 1, style: secondary, maxWidth: room)
    }
    if favorite {
      var heart = Theme.favoriteMark
      heart.background = Theme.favoriteBackground
      view.put(FavoriteMark.mark(appearance), x: right - 2, y: rect.minY, style: heart)
    }
    view.put(appearance.unicode ? "›" : ">", x: right, y: rect.minY, style: nameStyle)
    if focused {
      // Reverse video from the text to the mark: visible with colours or without.
      let from = art.maxX + 1
      view.restyle(x: from, y: rect.minY, width: rect.maxX - 1 - from, height: rect.height) {
        $0.foreground = .cyan
        $0.background = .default
        $0.attributes.insert(.reverse)
      }
    }
  }

  /// `1600×1200 · 245 KB · 2024-05-01`, what is known of it; why it is broken for a
  /// broken file; the folder for a favourite no shown folder holds.
  static func secondaryText(_ state: GalleryState, picture: Picture) -> (String, Bool) {
    let unicode = state.appearance.unicode
    let dot = unicode ? " · " : " - "
    var parts: [String] = []
    switch state.pictureInfo[picture.path] {
    case .failed(let error)?:
      return ((unicode ? "✗ " : "x ") + TextSanitizer.sanitize(error.description), true)
    case .ready(let metadata?, _)?:
      parts.append("\(metadata.displayWidth)\(unicode ? "×" : "x")\(metadata.displayHeight)")
    default:
      break
    }
    if state.libraryPath(of: picture.path) == nil {
      parts.append(TextSanitizer.sanitize(parentFolder(of: picture.path)))
      return (parts.joined(separator: dot), false)
    }
    parts.append(DetailView.fileSize(picture.byteSize))
    parts.append(
      picture.modificationDate.formatted(
        Date.ISO8601FormatStyle(timeZone: .current).year().month().day()))
    return (parts.joined(separator: dot), false)
  }
}
