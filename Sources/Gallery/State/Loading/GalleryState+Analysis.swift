import Pictures

/// Which pictures are measured (histogram, clipping, sharpness): the survey's candidates,
/// and the detail view's picture, each once until its file changes.
extension GalleryState {
  /// The pictures to measure now, the focused one first: none asked or measured yet.
  func analysesToAsk() -> [AnalysisWant] {
    var paths: [String] = []
    switch screenMode {
    case .survey:
      guard let survey else { return [] }
      paths = [survey.focusedPath] + survey.paths
    case .detail:
      guard let focus, let picture = picture(at: focus), picture.format != .video
      else { return [] }
      paths = [picture.path]
    default:
      return []
    }
    var seen = Set<String>()
    return paths.filter { seen.insert($0).inserted && !loading.isAnalyzedOrAsked($0) }.map {
      AnalysisWant(path: $0, focus: focusRegion(of: $0))
    }
  }

  /// What a picture's sharpness is measured over: the area the camera focused on, or a
  /// fifth of the frame around its focus point; nil (the whole frame) when it said none.
  func focusRegion(of path: String) -> FocusRegion? {
    guard let point = content.details(for: path)?.focusPoint else { return nil }
    let width = point.area?.width ?? 0.2
    let height = point.area?.height ?? 0.2
    return FocusRegion(
      x: point.x - width / 2, y: point.y - height / 2, width: width, height: height)
  }

  /// The measures of the picture at `path`, once they came.
  package func analysis(of path: String) -> PictureAnalysis? {
    loading.analyses[path]?.analysis
  }
}
