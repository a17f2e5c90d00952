import CompositionalLayout
import Pictures
import TerminalKit

/// The survey: each candidate in its pane as large as it fits, in a ring (the focus
/// frame on the focused one, a mark's frame, the name on its bottom edge), a rejected
/// one dimmed; under it its histogram when shown, and a caption with its decision, its
/// zoom when it has its own, its sharpness (`sharpest` for the survey's sharpest) and,
/// with the histogram, its clipped highlights and shadows and where they were counted.
enum SurveyView {
  static func draw(_ state: GalleryState, into frame: inout Frame) {
    guard let survey = state.survey, let layout = state.surveyLayout else { return }
    let canvas = CellRect(x: 0, y: 0, width: frame.width, height: max(0, frame.height - 1))
    let sharpest = survey.paths.compactMap { state.analysis(of: $0)?.sharpness?.value }.max()
    for (pane, path) in survey.paths.enumerated() {
      guard let ring = layout.ringRect(pane), let rect = layout.pictureRect(pane),
        let picture = state.surveyPicture(path)
      else { continue }
      let focused = pane == survey.focused
      let art = TileArt.resolve(
        state, path: path, size: layout.pictureBox(pane), rect: rect, canvas: canvas,
        cells: state.loading.thumbnails, pictures: state.loading.pictures,
        zoom: survey.zoom(ofPane: pane).crop, painted: state.detail.showsClipping)
      ItemCell.draw(
        picture: picture, art: art, rect: ring, artRect: rect, focused: focused,
        marked: state.isMarked(path), appearance: state.appearance, into: &frame)
      let decision = state.decision(of: path)
      if decision.flag == .rejected, case .cells = art {
        DecisionBadge.dim(rect, appearance: state.appearance, into: &frame)
      }
      let analysis = state.analysis(of: path)
      if let histogram = analysis?.histogram, let rect = layout.histogramRect(pane) {
        HistogramView.draw(histogram, in: rect, appearance: state.appearance, into: &frame)
      }
      if let caption = layout.captionRect(pane) {
        var figures: [String] = []
        if let sharpness = analysis?.sharpness {
          let value = Int(sharpness.value.rounded())
          let best = survey.paths.count > 1 && sharpness.value == sharpest
          figures.append((best ? "sharpest " : "sharpness ") + String(value))
        }
        if state.detail.showsHistogram, let analysis {
          figures.append(
            HistogramView.clippingText(analysis.clipping, appearance: state.appearance))
          figures.append(analysis.source == .sensor ? "raw data" : "decoded pixels")
        }
        drawCaption(
          state, decision: decision, zoom: survey.isSynchronized ? nil : survey.zoom(ofPane: pane),
          figures: figures, in: caption, focused: focused, into: &frame)
      }
    }
  }

  /// The caption under a pane: the decision worded when it fits (`★★★ ⚑ picked`), else
  /// short; on the right the picture's own zoom while zooms are not synchronized, then
  /// `figures`, as many as fit, the first kept longest.
  static func drawCaption(
    _ state: GalleryState, decision: CullingDecision, zoom: DetailZoom?, figures: [String],
    in rect: CellRect, focused: Bool, into frame: inout Frame
  ) {
    guard rect.width > 2 else { return }
    frame.fill(x: rect.minX, y: rect.minY, width: rect.width, height: 1)
    var right: [String] = []
    if let zoom, zoom.isZoomed { right.append(zoom.label) }
    // The decision's room first: at least 16 columns for it.
    for figure in figures {
      let width = (right + [figure]).joined(separator: "  ").displayWidth
      if width + 16 <= rect.width { right.append(figure) }
    }
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
