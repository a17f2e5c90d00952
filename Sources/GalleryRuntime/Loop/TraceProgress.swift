import Gallery

/// Which of the moments the benchmarks time (`RuntimeTrace`) have been noted: the first
/// screen filled and sharp, the key whose screen is not yet sharp, the timeline's first
/// dated frame and its last date, the first frame with a stack. Kept apart from the loop,
/// which only hands it each frame.
struct TraceProgress {
  /// When the key whose screen is not yet sharp was read.
  private var unsettledKey: UInt64?
  private var firstScreen: (filled: Bool, sharp: Bool) = (false, false)
  /// Whether a frame of the timeline with a dated section was drawn, and whether every
  /// date asked for has come.
  private var timeline: (dated: Bool, complete: Bool) = (false, false)
  /// Whether a frame showing a stack was drawn.
  private var stacked = false

  /// A frame that handled a key read at `readAt` was drawn; its screen is not yet sharp.
  mutating func keyDrawn(readAt: UInt64) { unsettledKey = readAt }

  /// Notes to `trace` what the frame just drawn of `state` completed.
  mutating func frameDrawn(_ state: GalleryState, trace: RuntimeTrace) {
    guard trace.isOn else { return }
    if !firstScreen.filled, state.isScreenFilled {
      firstScreen.filled = true
      trace.screenFilled()
    }
    let sharp = state.isScreenSharp
    if !firstScreen.sharp, sharp {
      firstScreen.sharp = true
      trace.screenSharp()
    }
    if let key = unsettledKey, sharp {
      unsettledKey = nil
      trace.keySettled(since: key)
    }
    if !stacked, !state.stacks.isEmpty {
      stacked = true
      trace.stackedFrame()
    }
    guard state.grouping.isTimeline else { return }
    if !timeline.dated, state.sections.first?.period != nil {
      timeline.dated = true
      trace.datedFrame()
    }
    if !timeline.complete, state.isScanComplete, state.content.datesPending == 0 {
      timeline.complete = true
      trace.datesComplete()
    }
  }
}
