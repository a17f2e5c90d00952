import CompositionalLayout
import TerminalKit
import Thumbnails

/// The sections of thumbnails: headers, pictures, the focus frame.
enum GridView {
  /// Draws the scrolling view (every row but the last) of `state`.
  ///
  /// Pictures cut by the bottom edge spill onto the status line's row, which the status
  /// line then covers whole: cheaper than drawing into a frame of its own and copying.
  static func draw(_ state: GalleryState, thumbnails: ThumbnailShelf, into frame: inout Frame) {
    draw(
      state, visible: state.visibleRect, offsets: state.orthogonalOffsets, focus: state.focus,
      thumbnails: thumbnails, into: &frame)
  }

  /// Draws what of the layout meets `visible` into `view`, whose top-left is `visible`'s
  /// origin. Elements cut by the edges are clipped by the frame.
  static func draw(
    _ state: GalleryState, visible: CellRect, offsets: [Int: Int], focus: ItemIndexPath?,
    thumbnails: ThumbnailShelf?, into view: inout Frame
  ) {
    let elements = state.layout.attributes(in: visible, orthogonalOffsets: offsets)
    for element in elements {
      let rect = element.displayFrame.offsetBy(dx: -visible.minX, dy: -visible.minY)
      switch element.category {
      case .supplementary(ShowcaseLayout.headerKind):
        drawHeader(state, section: element.indexPath.section, rect: rect, into: &view)
      case .item:
        guard let picture = state.picture(at: element.indexPath) else { continue }
        let box = GalleryState.artBox(for: element.frame)
        let result = box.flatMap { size in
          thumbnails?.bestResult(path: picture.path, size: size)
        }
        if RowCell.isRow(element.frame) {
          RowCell.draw(
            picture: picture, result: result, info: state.pictureInfo[picture.path], rect: rect,
            focused: element.indexPath == focus, appearance: state.appearance, into: &view)
          continue
        }
        ItemCell.draw(
          picture: picture, result: result, rect: rect,
          focused: element.indexPath == focus, appearance: state.appearance, into: &view)
        if state.isFavorite(picture.path) {
          FavoriteMark.decorate(cell: rect, appearance: state.appearance, into: &view)
        }
      default:
        continue
      }
    }
  }

  /// `▾ Office  15 pictures ─────…`: the fold mark (`▸` folded), the name in bold (in
  /// reverse video when focused), the count and a rule dimmed.
  static func drawHeader(
    _ state: GalleryState, section: Int, rect: CellRect, into view: inout Frame
  ) {
    guard state.sections.indices.contains(section) else { return }
    let count = state.count(inSection: section)
    var x = rect.minX + 1
    let folded = state.isCollapsed(section)
    let mark = state.appearance.unicode ? (folded ? "▸" : "▾") : (folded ? ">" : "v")
    x += view.put(mark + " ", x: x, y: rect.minY, style: Theme.disclosure, maxWidth: rect.width - 2)
    let focused = state.focus == .header(section)
    let used = view.put(
      state.sections[section].name, x: x, y: rect.minY,
      style: focused ? Theme.focusHeader : Theme.headerName,
      maxWidth: max(0, rect.maxX - 1 - x))
    let noun = count == 1 ? "picture" : "pictures"
    var column = x + used
    column += view.put(
      "  \(count) \(noun) ", x: column, y: rect.minY, style: Theme.headerRule,
      maxWidth: max(0, rect.maxX - 1 - column), truncation: .clip)
    let rule: Character = state.appearance.unicode ? "─" : "-"
    let ruleLength = rect.maxX - 1 - column
    if ruleLength > 0 {
      view.put(
        String(repeating: rule, count: ruleLength), x: column, y: rect.minY,
        style: Theme.headerRule, truncation: .clip)
    }
  }
}
