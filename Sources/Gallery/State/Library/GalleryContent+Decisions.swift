import Pictures

/// What the content answers of culling: the decision a picture shows, and its files.
extension GalleryContent {
  /// The decision the picture at `path` shows: its own file's, else the first of its
  /// pair's that has one (see `PictureDecisions`). O(files of the pair).
  package func decision(of path: String) -> CullingDecision {
    decisions.isEmpty
      ? .undecided : decisions.decision(for: path, companions: companions(of: path))
  }

  /// Every file of the picture the file at `path` is shown as: the picture's own, then
  /// its pair's. O(files of the pair).
  package func filesOfPicture(showing path: String) -> [String] {
    let shown = shownPath(of: path)
    return [shown] + companions(of: shown)
  }
}
