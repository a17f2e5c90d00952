import CompositionalLayout
import TerminalKit

/// Draws a `GalleryState` into a `Frame`: a pure function of the state (the
/// thumbnails are part of it) (ratatui's widgets drawing into a buffer).
package enum GalleryView {
  /// The whole screen for `state`.
  ///
  /// O(cells on screen + pictures on screen).
  package static func render(_ state: GalleryState) -> Frame {
    var frame = Frame(width: state.screen.width, height: state.screen.height)
    if state.isTooSmall {
      drawTooSmall(into: &frame)
      return frame
    }
    switch state.screenMode {
    case .detail: DetailView.draw(state, into: &frame)
    case .survey: SurveyView.draw(state, into: &frame)
    case .grid, .help, .report, .importPreview:
      CollectionView.draw(state, into: &frame)
      if let scrubber = state.scrubber {
        ScrubberView.draw(scrubber, appearance: state.appearance, into: &frame)
      }
    }
    StatusLine.draw(state, into: &frame)
    if state.presentation.mode.isOverlay { OverlayList.draw(state, into: &frame) }
    return frame
  }

  /// The message for a screen below `Viewport.minimumSize`, centred, cut to fit.
  static func drawTooSmall(into frame: inout Frame) {
    let size = Viewport.minimumSize
    let lines = ["terminal too small", "(needs \(size.width)×\(size.height))"]
    let message = lines.joined(separator: " ")
    if message.displayWidth <= frame.width || frame.height < 2 {
      let text = Frame.fit(message, to: frame.width)
      frame.put(text, x: max(0, (frame.width - text.displayWidth) / 2), y: frame.height / 2)
      return
    }
    for (index, line) in lines.enumerated() {
      let text = Frame.fit(line, to: frame.width)
      let y = (frame.height - lines.count) / 2 + index
      frame.put(text, x: max(0, (frame.width - text.displayWidth) / 2), y: y)
    }
  }
}
