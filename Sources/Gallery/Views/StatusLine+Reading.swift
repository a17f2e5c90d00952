/// What the status line says while the pictures' details are read in the background.
extension StatusLine {
  /// `reading details · 12,400 of 48,000` while details are awaited; nil once every file
  /// asked for was read. A part of the right side, never a message: it neither replaces
  /// a warning nor is replaced by one.
  static func readingDetails(_ state: GalleryState) -> String? {
    guard let progress = state.loading.detailsReading.progress else { return nil }
    let dot = state.appearance.unicode ? " · " : " - "
    return "reading details" + dot + CountText.grouped(progress.read) + " of "
      + CountText.grouped(progress.total)
  }
}
