import CompositionalLayout
import Pictures
import TerminalKit

/// The survey: each candidate in its pane as large as it fits, in a ring (the focus
/// frame on the focused one, a mark's frame, the name on its bottom edge), a rejected
/// one dimmed; under it its histogram when shown, and a caption with its decision, its
/// zoom when it has its own, and its figures.
enum SurveyView {
  static func draw(_ state: GalleryState, into frame: inout Frame) {
    guard let survey = state.survey, let layout = state.surveyLayout else { return }
    let canvas = CellRect(x: 0, y: 0, width: frame.width, height: max(0, frame.height - 1))
    for (pane, path) in survey.paths.enumerated() {
      guard let ring = layout.ringRect(pane), let rect = layout.pictureRect(pane),
        let picture = state.surveyPicture(path)
      else { continue }
      let focused = pane == survey.focused
      let art = TileArt.resolve(
        state, path: path, size: layout.pictureBox(pane), rect: rect, canvas: canvas,
        cells: state.loading.thumbnails, pictures: state.loading.pictures,
        zoom: survey.zoom(ofPane: pane).crop)
      ItemCell.draw(
        picture: picture, art: art, rect: ring, artRect: rect, focused: focused,
        marked: state.isMarked(path), appearance: state.appearance, into: &frame)
      let decision = state.decision(of: path)
      if decision.flag == .rejected, case .cells = art {
        DecisionBadge.dim(rect, appearance: state.appearance, into: &frame)
      }
      if let caption = layout.captionRect(pane) {
        drawCaption(
          state, decision: decision, zoom: survey.isSynchronized ? nil : survey.zoom(ofPane: pane),
          in: caption, focused: focused, into: &frame)
      }
    }
  }

  /// The caption under a pane: the decision worded when it fits (`★★★ ⚑ picked`), else
  /// short, and the picture's own zoom while zooms are not synchronized.
  static func drawCaption(
    _ state: GalleryState, decision: CullingDecision, zoom: DetailZoom?, in rect: CellRect,
    focused: Bool, into frame: inout Frame
  ) {
    guard rect.width > 2 else { return }
    frame.fill(x: rect.minX, y: rect.minY, width: rect.width, height: 1)
    var right: [String] = []
    if let zoom, zoom.isZoomed { right.append(zoom.label) }
    let trailing = right.joined(separator: "  ")
    let room = rect.width - (trailing.isEmpty ? 0 : trailing.displayWidth + 2)
    var pieces = DecisionBadge.pieces(decision, appearance: state.appearance, worded: true)
    if DecisionBadge.width(of: pieces) > room {
      pieces = DecisionBadge.pieces(decision, appearance: state.appearance, compact: true)
    }
    if !pieces.isEmpty, DecisionBadge.width(of: pieces) <= room {
      DecisionBadge.draw(pieces, x: rect.minX - 1, y: rect.minY, into: &frame)
    } else if decision.isUndecided, room >= 9 {
      frame.put(" unrated", x: rect.minX - 1, y: rect.minY, style: state.theme.label)
    }
    if !trailing.isEmpty, trailing.displayWidth < rect.width {
      frame.put(
        trailing, x: rect.maxX - trailing.displayWidth, y: rect.minY,
        style: focused ? state.theme.headerName : state.theme.label)
    }
  }
}
