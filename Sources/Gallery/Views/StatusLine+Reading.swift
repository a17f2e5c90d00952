/// What the status line says while the pictures' details are read in the background.
extension StatusLine {
  /// `reading details · 12,400 of 48,000` while details are awaited; nil once every file
  /// asked for was read. A part of the right side, never a message: it neither replaces
  /// a warning nor is replaced by one.
  static func readingDetails(_ state: GalleryState) -> String? {
    guard let progress = state.loading.detailsReading.progress else { return nil }
    let dot = state.appearance.unicode ? " · " : " - "
    return "reading details" + dot + grouped(progress.read) + " of " + grouped(progress.total)
  }

  /// `48,000`: thousands grouped with commas, whatever the locale (the state reads none,
  /// and a count that changes many times a second is easier read the same way each time).
  static func grouped(_ count: Int) -> String {
    let digits = String(count.magnitude)
    var text = ""
    for (index, digit) in digits.enumerated() {
      if index > 0, (digits.count - index) % 3 == 0 { text.append(",") }
      text.append(digit)
    }
    return count < 0 ? "-" + text : text
  }
}
