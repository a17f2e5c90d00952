import Pictures
import TerminalKit

/// The styles of what was decided while culling: on a dark background the palette's own
/// colours, on a light one darker colours of the 256, each at least 4.5:1 on white.
extension Theme {
  /// Stars: yellow on dark, a brown on light.
  package var stars: Style { Style(foreground: pick(.yellow, .indexed(130)), attributes: [.bold]) }
  /// A reject's mark: red.
  package var rejectFlag: Style {
    Style(foreground: pick(.red, .indexed(160)), attributes: [.bold])
  }
  /// A pick's mark: green.
  package var pickFlag: Style {
    Style(foreground: pick(.green, .indexed(28)), attributes: [.bold])
  }

  /// A colour label's dot in its colour, darker on a light background (a yellow there is
  /// a dark gold).
  package func colorLabel(_ label: ColorLabel) -> Style {
    let color: Color =
      switch label {
      case .red: pick(.red, .indexed(160))
      case .yellow: pick(.yellow, .indexed(136))
      case .green: pick(.green, .indexed(28))
      case .blue: pick(.indexed(75), .indexed(26))
      case .purple: pick(.magenta, .indexed(91))
      }
    return Style(foreground: color, attributes: [.bold])
  }

  /// What a rejected picture's colours are blended toward: the background it is meant
  /// for.
  package var rejectVeil: (red: Int, green: Int, blue: Int) {
    tone == .dark ? (0, 0, 0) : (255, 255, 255)
  }
}
