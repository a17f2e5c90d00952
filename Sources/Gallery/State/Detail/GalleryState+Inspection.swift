/// The histogram (`H`) and the clipping overlay (`J`), which the detail view and the
/// survey share: each stays as set until toggled again.
extension GalleryState {
  /// Toggles the histogram or the clipping overlay; nil for another action.
  mutating func handleInspection(_ action: KeyAction) -> [AppCommand]? {
    switch action {
    case .histogram:
      detail.toggleHistogram()
      status.say(.acted(detail.showsHistogram ? "histogram shown" : "histogram hidden"))
    case .clipping:
      detail.toggleClipping()
      status.say(
        .acted(
          detail.showsClipping
            ? "clipping shown: highlights red, shadows blue" : "clipping hidden"))
    default:
      return nil
    }
    return []
  }
}
