/// What a key does, in the words of the configuration file (`bind j = down`).
///
/// An action means the same thing in every view, carried out the way the view needs:
/// `left` moves the focus in the grid, shows the previous picture in the detail view,
/// and pans a zoomed picture. What each does is its `summary`, which the man page and
/// the guide give.
package enum KeyAction: String, CaseIterable, Sendable, Hashable {
  case up, down, left, right
  case pageUp = "page-up"
  case pageDown = "page-down"
  case first, last
  case nextSection = "next-section"
  case previousSection = "previous-section"
  case select
  case back
  case favorite
  case mark
  case markSection = "mark-section"
  case unmarkAll = "unmark-all"
  case sort
  case reverseSort = "reverse-sort"
  case filter
  case group
  case duplicates
  case goToDate = "go-to-date"
  case open
  case copy
  case trash
  case undo
  case rate0 = "rate 0"
  case rate1 = "rate 1"
  case rate2 = "rate 2"
  case rate3 = "rate 3"
  case rate4 = "rate 4"
  case rate5 = "rate 5"
  case reject, pick, unflag
  case labelRed = "label red"
  case labelYellow = "label yellow"
  case labelGreen = "label green"
  case labelBlue = "label blue"
  case labelPurple = "label purple"
  case trashRejects = "trash rejects"
  case trashSectionRejects = "trash section rejects"
  case trashCopies = "trash copies"
  case trashAllCopies = "trash all copies"
  case movePicks = "move picks"
  case moveSectionPicks = "move section picks"
  case moveTo = "move-to"
  case copyTo = "copy-to"
  case rename
  case turnLeft = "turn-left"
  case turnRight = "turn-right"
  case flipHorizontal = "flip-horizontal"
  case flipVertical = "flip-vertical"
  case keyHandler = "key-handler"
  case importCard = "import"
  case slideshow
  case play
  case zoomIn = "zoom-in"
  case zoomOut = "zoom-out"
  case actualSize = "actual-size"
  case fit
  case survey
  case synchronizeZoom = "sync-zoom"
  case stack
  case keepOne = "keep-one"
  case histogram, clipping
  case list, fold, help
  case report
  case redraw, quit

  /// The configuration file's name, such as `page-down` or `rate 3`.
  package var name: String { rawValue }

  /// The action the configuration file names `name`, the words of `rate 3` or
  /// `label red` apart by any blanks; nil for none.
  package init?(named name: String) {
    let words = name.split(whereSeparator: { $0 == " " || $0 == "\t" })
    self.init(rawValue: words.joined(separator: " "))
  }
}

extension KeyAction {
  /// What the action does, in a line: the man page's and the guide's list of actions
  /// (with the action's name and its keys in `KeyMap.standard`) are made from it.
  package var summary: String {
    switch self {
    case .up: "Move the focus up; in the detail view, the previous picture; pan when zoomed."
    case .down: "Move the focus down; in the detail view, the next picture; pan when zoomed."
    case .left: "Move the focus left; in the detail view, the previous picture; pan when zoomed."
    case .right: "Move the focus right; in the detail view, the next picture; pan when zoomed."
    case .pageUp: "Move a page up; in the detail view, the previous picture."
    case .pageDown: "Move a page down; in the detail view, the next picture."
    case .first: "The first picture."
    case .last: "The last picture."
    case .nextSection: "The next section."
    case .previousSection: "The previous section."
    case .select:
      "Open the picture large; on a section header, fold or unfold it; in the detail view, "
        + "go back; close the help or the report."
    case .back: "Back from the picture, the help or the report; in the gallery, clear the filter."
    case .favorite:
      "Make the focused picture, or the marked ones, a favourite (a pick, or the stars "
        + "the favorites setting names), or take it back."
    case .mark: "Mark or unmark the focused picture."
    case .markSection: "Mark every picture of the focused section, or unmark them all."
    case .unmarkAll: "Unmark every picture."
    case .sort:
      "Sort by the next order: "
        + PictureOrder.Key.allCases.map(\.label).joined(separator: ", ") + "."
    case .reverseSort: "Reverse the order."
    case .filter: "Type a filter on names."
    case .group:
      "Group the sections by the next: "
        + SectionGrouping.cycle.map(\.rawValue).joined(separator: ", ") + "."
    case .duplicates:
      "Show the groups of copies and near copies, the best of each first; again, go back."
    case .goToDate: "In the timeline, go to a date typed in."
    case .open: "Open the focused picture, or the marked ones, with the opener."
    case .copy: "Copy the focused picture's path, or the marked ones', to the clipboard."
    case .trash: "Move the focused picture, or the marked ones, to the Trash."
    case .undo: "Take back the last trash, move, copy, rename, turn, rating, flag or label."
    case .rate0: "Take the stars off the focused picture, or the marked ones."
    case .rate1, .rate2, .rate3, .rate4, .rate5:
      "Give the focused picture, or the marked ones, \(rating?.stars ?? 0) "
        + (rating?.stars == 1 ? "star." : "stars.")
    case .reject:
      "Reject the focused picture, or the marked ones; again, take the reject back."
    case .pick: "Pick the focused picture, or the marked ones; again, take the pick back."
    case .unflag: "Take the pick or the reject off the focused picture, or the marked ones."
    case .labelRed, .labelYellow, .labelGreen, .labelBlue, .labelPurple:
      "Put the \(colorLabel?.name ?? "") label on the focused picture, or the marked ones, "
        + "or take it off."
    case .trashRejects:
      "Move every rejected picture the gallery shows to the Trash, after asking."
    case .trashSectionRejects:
      "Move the focused section's rejected pictures to the Trash, after asking."
    case .trashCopies:
      "Among the duplicates, move the focused group's pictures but its first (the best) to "
        + "the Trash, after asking."
    case .trashAllCopies:
      "Among the duplicates, move every group's pictures but its first to the Trash, "
        + "after asking."
    case .movePicks: "Move every picked picture the gallery shows to a folder typed in."
    case .moveSectionPicks: "Move the focused section's picked pictures to a folder typed in."
    case .moveTo: "Move the focused picture, or the marked ones, to a folder typed in."
    case .copyTo: "Copy the focused picture, or the marked ones, to a folder typed in."
    case .rename: "Rename the focused picture."
    case .turnLeft: "Turn the focused picture, or the marked ones, a quarter to the left."
    case .turnRight: "Turn them a quarter to the right."
    case .flipHorizontal: "Mirror them left to right."
    case .flipVertical: "Flip them top to bottom."
    case .keyHandler: "Wait for one more key and run the key handler with it."
    case .importCard:
      "Import the card the focused picture lies on into a folder typed in, after showing "
        + "what goes where."
    case .slideshow: "Play or stop the slideshow in the detail view."
    case .play:
      "In the detail view, pause or go on with a video, or play a Live Photo's motion; "
        + "elsewhere, and on a still picture, make a favourite or take it back, as f does."
    case .zoomIn: "Zoom in, in the detail view; a faster slideshow while it plays."
    case .zoomOut: "Zoom out; a slower slideshow while it plays."
    case .actualSize: "One picture pixel to a screen pixel."
    case .fit: "The whole picture again."
    case .survey:
      "Survey the marked pictures side by side, the focused stack's, or the focused one and "
        + "the next ones; Esc goes back."
    case .stack: "Open the focused stack in place, or close it to its cover."
    case .keepOne:
      "Pick the focused picture and reject the other pictures of its stack, in one step."
    case .synchronizeZoom:
      "In the survey, zoom and pan every picture together, or the focused one alone."
    case .histogram: "Show or hide the histogram, in the detail view and the survey."
    case .clipping:
      "Paint the clipped highlights red and the clipped shadows blue, or stop."
    case .list: "Switch between the grid and the list."
    case .fold: "Fold or unfold the focused section."
    case .help: "Show or hide the help."
    case .report: "Show or hide what is not shown and the scan's warnings."
    case .redraw: "Redraw the screen."
    case .quit: "Quit."
    }
  }
}
