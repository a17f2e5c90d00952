import Pictures
import TerminalKit

/// The styles of what was decided while culling: on a dark background the palette's own
/// colours, bold; on a light one darker colours of the 256, not bold, since a terminal of
/// 8 or 16 colours draws bold text in the bright colour (a bright yellow on white is
/// unreadable) and the 256's darker ones never are.
extension Theme {
  /// Bold on a dark background only.
  private var markAttributes: TextAttributes { tone == .dark ? [.bold] : [] }

  /// Stars: yellow on dark, a brown on light.
  package var stars: Style {
    Style(foreground: pick(.yellow, .indexed(130)), attributes: markAttributes)
  }
  /// A reject's mark: red.
  package var rejectFlag: Style {
    Style(foreground: pick(.red, .indexed(160)), attributes: markAttributes)
  }
  /// A pick's mark: green.
  package var pickFlag: Style {
    Style(foreground: pick(.green, .indexed(28)), attributes: markAttributes)
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
    return Style(foreground: color, attributes: markAttributes)
  }

  /// What a rejected picture's colours are blended toward: the background it is meant
  /// for.
  package var rejectVeil: (red: Int, green: Int, blue: Int) {
    tone == .dark ? (0, 0, 0) : (255, 255, 255)
  }
}
