import TerminalKit

extension TerminalImage.Format {
  /// The protocol's name as people know it, for the status line.
  package var displayName: String {
    switch self {
    case .kitty, .kittyPlaceholder: "kitty"
    case .sixel: "sixel"
    case .iterm2: "iTerm2"
    }
  }
}
