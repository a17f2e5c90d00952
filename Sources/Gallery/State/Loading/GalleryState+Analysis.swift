import Pictures

/// Which pictures are measured (histogram, clipping, sharpness): the survey's candidates,
/// the detail view's picture once the user stays on it, and, in the order by sharpness,
/// every picture shown, a few at a time; each once until its file changes. Only the
/// pictures shown keep their whole measures; the order keeps the figure alone.
extension GalleryState {
  /// The pictures to measure now, the focused one first: none asked or measured yet.
  func analysesToAsk() -> [AnalysisWant] {
    var paths: [String] = []
    switch screenMode {
    case .survey:
      guard let survey else { return [] }
      paths = [survey.focusedPath] + survey.paths
    case .detail:
      // Flipping through pictures asks for none: only the one the user stays on (idle),
      // or every one while the histogram shows.
      guard let focus, let picture = picture(at: focus), picture.format != .video,
        detail.showsHistogram || prefetch.isIdle || survey != nil
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
    // Cut by the edges, not moved off the point: a point near one keeps it inside.
    let halfWidth = (point.area?.width ?? 0.2) / 2
    let halfHeight = (point.area?.height ?? 0.2) / 2
    let left = max(0, point.x - halfWidth)
    let top = max(0, point.y - halfHeight)
    return FocusRegion(
      x: left, y: top, width: min(1, point.x + halfWidth) - left,
      height: min(1, point.y + halfHeight) - top)
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
  /// How many figures come between two arrangements in the order by sharpness.
  static let sharpnessArrangeEvery = 16

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
    let shown = shownAnalysisPaths.contains(path)
    loading.receiveAnalysis(
      shown || outcome.analysis?.sharpness == nil ? outcome : nil, path: path)
    guard let value = outcome.analysis?.sharpness?.value else { return }
    content.noteSharpness([path: value])
    // Arranged again every few figures, and after the last: each arrangement sorts every
    // section again.
    guard content.order.key == .sharpness else { return }
    loading.noteSharpnessArrived()
    guard
      loading.sharpnessSinceArranged >= Self.sharpnessArrangeEvery
        || loading.analysesAskedCount == 0
    else { return }
    loading.noteSharpnessArranged()
    rearrange(keepingFocusStill: true) { _ = $0.arrangeBySharpness() }
  }
}

extension GalleryState {
  /// The pictures whose whole measures are drawn: the survey's, and the detail view's.
  var shownAnalysisPaths: Set<String> {
    var paths = Set(survey?.paths ?? [])
    if screenMode == .detail, let focus, let picture = picture(at: focus) {
      paths.insert(picture.path)
    }
    return paths
  }
}
