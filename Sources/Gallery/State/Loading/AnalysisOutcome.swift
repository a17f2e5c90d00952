import Pictures

/// What measuring a picture gave: its histogram, clipping and sharpness, or why not.
package enum AnalysisOutcome: Hashable, Sendable {
  case measured(PictureAnalysis)
  case failed(ThumbnailError)

  /// The analysis, nil when it failed.
  package var analysis: PictureAnalysis? {
    if case .measured(let analysis) = self { return analysis }
    return nil
  }
}

/// A picture to measure, and the part of it its sharpness is measured over: where the
/// camera focused, nil for the whole frame.
package struct AnalysisWant: Hashable, Sendable {
  package var path: String
  package var focus: FocusRegion?

  package init(path: String, focus: FocusRegion? = nil) {
    self.path = path
    self.focus = focus
  }
}
