/// The actions on pictures the grid and the detail view share: favourites, marks, the
/// order, the filter, the grouping, going to a date, opening, copying, the slideshow and
/// the actions on files.
extension GalleryState {
  /// Carries out `action` when it is an action on pictures; nil for another action, which
  /// the mode's own part then takes (`route(_:)`).
  mutating func handlePictureAction(_ action: KeyAction) -> [AppCommand]? {
    switch action {
    case .favorite:
      return handleCulling(.favorite) ?? []
    case .play:
      return playOrPause() ?? handleCulling(.favorite) ?? []
    case .mark:
      toggleMark()
      return []
    case .markSection:
      toggleMarksOfFocusedSection()
      return []
    case .unmarkAll:
      clearMarks()
      return []
    case .sort:
      return sort(by: PictureOrder(key: order.key.next, isReversed: order.isReversed))
    case .reverseSort:
      return sort(by: PictureOrder(key: order.key, isReversed: !order.isReversed))
    case .filter:
      beginFilter()
      return []
    case .group:
      group(by: grouping.next)
      return []
    case .goToDate:
      openDatePrompt()
      return []
    case .open:
      return openPictures()
    case .copy:
      return copyPaths()
    case .slideshow:
      return startSlideshow()
    case .survey:
      // From the detail view opened from a survey, back to it.
      if presentation.mode == .detail, survey != nil {
        presentation.show(.survey)
        return []
      }
      return openSurvey()
    case .histogram, .clipping, .synchronizeZoom:
      status.say(.actionFailed("in the detail view and the survey (Enter, N)"))
      return []
    default:
      return performFileAction(action)
    }
  }
}
