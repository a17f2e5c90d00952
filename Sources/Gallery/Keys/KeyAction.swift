/// What a key does, in the words of the configuration file (`bind j = down`).
///
/// An action means the same thing in every view, carried out the way the view needs:
/// `left` moves the focus in the grid, shows the previous picture in the detail view,
/// and pans a zoomed picture.
public enum KeyAction: String, CaseIterable, Sendable, Hashable {
  case up, down, left, right
  case pageUp = "page-up"
  case pageDown = "page-down"
  case first, last
  case nextSection = "next-section"
  case previousSection = "previous-section"
  /// Enter: open the picture large, fold a header; back from the picture.
  case select
  /// Esc: back from the picture or the help.
  case back
  case favorite
  /// Marks or unmarks the focused picture (`m`).
  case mark
  /// Marks or unmarks every picture of the focused section (`M`).
  case markSection = "mark-section"
  /// Unmarks every picture (`u`).
  case unmarkAll = "unmark-all"
  /// The next order: name, date taken, modified, size (`s`).
  case sort
  /// The order reversed (`S`).
  case reverseSort = "reverse-sort"
  /// Typing a filter on names (`/`).
  case filter
  /// The next grouping of the sections: folder, day, month, year (`t`).
  case group
  /// The "go to date" prompt of the timeline (`T`).
  case goToDate = "go-to-date"
  /// Opens the focused picture, or the marked ones, with the opener (`o`).
  case open
  /// Copies the focused picture's path, or the marked ones', to the clipboard (`y`).
  case copy
  /// Moves the focused picture, or the marked ones, to the Trash (`d`, Delete).
  case trash
  /// Takes back the last trash, move, copy, rename or turn of this session (`U`).
  case undo
  /// Moves the focused picture, or the marked ones, to a folder typed in (`x`).
  case moveTo = "move-to"
  /// Copies the focused picture, or the marked ones, to a folder typed in (`c`).
  case copyTo = "copy-to"
  /// Renames the focused picture (`r`).
  case rename
  /// Turns the focused picture, or the marked ones, a quarter to the left (`<`).
  case turnLeft = "turn-left"
  /// Turns them a quarter to the right (`>`).
  case turnRight = "turn-right"
  /// Mirrors them left to right (`|`).
  case flipHorizontal = "flip-horizontal"
  /// Flips them top to bottom (`_`).
  case flipVertical = "flip-vertical"
  /// Waits for one more key and runs the key handler with it (`Ctrl-X`).
  case keyHandler = "key-handler"
  /// Plays or stops the slideshow in the detail view (`p`).
  case slideshow
  /// In the detail view, pauses or goes on with a video, or plays a Live Photo's motion;
  /// elsewhere, and on a still picture, marks or unmarks as favourite (`Space`).
  case play
  /// Zooms in around the centre in the detail view; a faster slideshow while it plays
  /// (`+`).
  case zoomIn = "zoom-in"
  /// Zooms out; a slower slideshow while it plays (`-`).
  case zoomOut = "zoom-out"
  /// One picture pixel to a screen pixel, around the centre (`=`).
  case actualSize = "actual-size"
  /// The whole picture again (`0`).
  case fit
  case list, fold, help
  /// What the gallery does not show: the scan's warnings and the files that are not
  /// pictures, folder by folder (`!`).
  case report
  case redraw, quit

  /// The configuration file's name, such as `page-down`.
  public var name: String { rawValue }
}
