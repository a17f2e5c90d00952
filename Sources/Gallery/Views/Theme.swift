import TerminalKit

/// The styles of the gallery screen. Attributes carry the meaning so it survives a
/// monochrome terminal; colours add to it where there are some.
public enum Theme {
  /// A section's name in its header.
  public static let headerName = Style(foreground: .brightWhite, attributes: [.bold])
  /// The count and rule after a header's name.
  public static let headerRule = Style(foreground: .brightBlack)
  /// A picture's name under its thumbnail.
  public static let name = Style(foreground: .white)
  /// The focus frame.
  public static let focusBorder = Style(foreground: .cyan, attributes: [.bold])
  /// The focused picture's name, in its frame.
  public static let focusName = Style(foreground: .cyan, attributes: [.bold, .reverse])
  /// A placeholder's box and name while its thumbnail loads.
  public static let placeholder = Style(foreground: .brightBlack, attributes: [.dim])
  /// A broken picture's box and reason.
  public static let broken = Style(foreground: .red)
  /// The status line.
  public static let status = Style(attributes: [.reverse])
  /// The status line's emphasised part (the picture's name).
  public static let statusName = Style(attributes: [.reverse, .bold])
  /// The cursor after the filter's text in the status line: the one cell not reversed.
  public static let filterCursor = Style()
  /// Labels in the detail view.
  public static let label = Style(foreground: .cyan)
  /// The help overlay's border and title.
  public static let helpBorder = Style(foreground: .indexed(14), attributes: [.bold])
  /// Keys in the help overlay.
  public static let helpKeys = Style(foreground: .yellow, attributes: [.bold])
}

extension TerminalImage.Format {
  /// The protocol's name as people know it, for the status line.
  public var displayName: String {
    switch self {
    case .kitty, .kittyPlaceholder: "kitty"
    case .sixel: "sixel"
    case .iterm2: "iTerm2"
    }
  }
}
