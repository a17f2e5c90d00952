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
  case list, fold, help, redraw, quit

  /// The configuration file's name, such as `page-down`.
  public var name: String { rawValue }
}
