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

extension GalleryState {
  /// How many pictures the order by sharpness has measured at once: a few, so the
  /// pictures on screen never wait behind them.
  static let sharpnessBatch = 4

  /// In the order by sharpness, the next pictures shown not measured yet, in the order
  /// shown, as many as the batch has room for; none in another order. O(pictures shown)
  /// when the batch has room and some are left, else O(1): once none is left, it looks
  /// again only after the library changed.
  mutating func sharpnessToMeasure(asked alreadyAsked: Int) -> [String] {
    guard content.order.key == .sharpness, !loading.sharpnessComplete else { return [] }
    let room = Self.sharpnessBatch - loading.analysesAskedCount - alreadyAsked
    guard room > 0 else { return [] }
    var paths: [String] = []
    for section in sections where section.id != GalleryContent.favoritesSectionID {
      for picture in section.pictures
      where content.sharpness[picture.path] == nil && !loading.isAnalyzedOrAsked(picture.path)
        && picture.format != .video
      {
        paths.append(picture.path)
        if paths.count == room { return paths }
      }
    }
    if paths.isEmpty && loading.analysesAskedCount == 0 { loading.noteSharpnessComplete(true) }
    return paths
  }

  /// Takes a picture measured: its sharpness for the order by it (arranged again in
  /// that order, the focus kept still), the whole (its histogram's 4 KB) only for a
  /// picture the survey or the detail view shows, and a failure, so it is not asked again.
  mutating func receiveAnalysis(_ outcome: AnalysisOutcome, path: String) {
    let shown =
      survey?.paths.contains(path) == true
      || (screenMode == .detail && focus.flatMap { picture(at: $0) }?.path == path)
    loading.receiveAnalysis(
      shown || outcome.analysis?.sharpness == nil ? outcome : nil, path: path)
    guard let value = outcome.analysis?.sharpness?.value else { return }
    if content.order.key == .sharpness {
      rearrange(keepingFocusStill: true) { _ = $0.receiveSharpness([path: value]) }
    } else {
      _ = content.receiveSharpness([path: value])
    }
  }
}
