/// What the status line says in the duplicates grouping.
extension StatusLine {
  /// `finding duplicates… 1,234 of 5,000` while the pictures' likeness is read, then
  /// `duplicates: 12 groups`; `no duplicates` when none was found.
  static func duplicatesText(_ state: GalleryState) -> String {
    let ellipsis = state.appearance.unicode ? "…" : "..."
    if let progress = state.duplicatesProgress {
      return "finding duplicates" + ellipsis + " " + CountText.grouped(progress.known) + " of "
        + CountText.grouped(progress.total)
    }
    let groups = state.duplicateGroups.count
    guard groups > 0 else { return "no duplicates" }
    return "duplicates: " + CountText.grouped(groups) + (groups == 1 ? " group" : " groups")
  }
}
