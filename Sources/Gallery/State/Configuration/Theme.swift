import TerminalKit

/// The styles of the gallery screen, for a dark background or a light one.
///
/// Attributes carry the meaning so it survives a monochrome terminal; colours add to it
/// where there are some. The dark theme leans on the palette's own colours (cyan,
/// yellow, white), which terminals tune for dark backgrounds; the light one names darker
/// colours of the 256 (a blue, a brown, greys of at least 4.5:1 contrast on white) and
/// the terminal's own foreground for names and headers, which is readable on any
/// background.
package struct Theme: Hashable, Sendable {
  /// The background this theme is made for.
  package var tone: BackgroundTone

  package init(tone: BackgroundTone) { self.tone = tone }

  package static let dark = Theme(tone: .dark)
  package static let light = Theme(tone: .light)

  func pick<Value>(_ dark: Value, _ light: Value) -> Value {
    tone == .dark ? dark : light
  }

  /// The accent of focus and labels: cyan on dark, a deep blue on light.
  private var accent: Color { pick(.cyan, .indexed(25)) }
  /// Keys and warnings: yellow on dark, a brown on light.
  private var keyColor: Color { pick(.yellow, .indexed(130)) }
  /// Marks: yellow on dark, a purple on light, where the keys' brown would be taken for a
  /// broken picture's red on a terminal of 16 colours.
  private var markColor: Color { pick(.yellow, .indexed(90)) }
  /// Secondary text: grey 8 on dark, #767676 on light.
  private var quiet: Color { pick(.brightBlack, .indexed(243)) }

  /// A section's name in its header.
  package var headerName: Style {
    Style(foreground: pick(.brightWhite, .default), attributes: [.bold])
  }
  /// The count and rule after a header's name.
  package var headerRule: Style { Style(foreground: quiet) }
  /// A picture's name under its thumbnail.
  package var name: Style { Style(foreground: pick(.white, .default)) }
  /// The focus frame.
  package var focusBorder: Style { Style(foreground: accent, attributes: [.bold]) }
  /// The focused picture's name, in its frame.
  package var focusName: Style { Style(foreground: accent, attributes: [.bold, .reverse]) }
  /// A placeholder's box and name while its thumbnail loads.
  package var placeholder: Style {
    pick(
      Style(foreground: .brightBlack, attributes: [.dim]),
      Style(foreground: .indexed(246)))
  }
  /// A broken picture's box and reason.
  package var broken: Style { Style(foreground: pick(.red, .indexed(160))) }
  /// The status line.
  package var status: Style { Style(attributes: [.reverse]) }
  /// The status line's emphasised part (the picture's name).
  package var statusName: Style { Style(attributes: [.reverse, .bold]) }
  /// A hint in the status line, dimmer than its text: what a filter being typed could
  /// not use.
  package var statusHint: Style { Style(attributes: [.reverse, .dim]) }
  /// The cursor after the filter's text in the status line: the one cell not reversed.
  package var filterCursor: Style { Style() }
  /// Labels in the detail view.
  package var label: Style { Style(foreground: accent) }
  /// The help overlay's border and title.
  package var helpBorder: Style {
    Style(foreground: pick(.indexed(14), .indexed(25)), attributes: [.bold])
  }
  /// Keys in the help overlay.
  package var helpKeys: Style { Style(foreground: keyColor, attributes: [.bold]) }
  /// A marked picture's check: reverse video and bold, so it shows without colours.
  package var markBadge: Style { Style(foreground: markColor, attributes: [.bold, .reverse]) }
  /// The thick frame around a marked picture: its shape carries the meaning, its colour
  /// (apart from the focus's and a broken picture's) adds to it.
  package var markFrame: Style { Style(foreground: markColor, attributes: [.bold]) }
  /// The mat behind a favourite: its ring in the grid, its row in the list.
  package var favoriteBackground: Color { pick(.rgb(96, 28, 64), .rgb(250, 214, 230)) }
  /// The heart of a favourite.
  package var favoriteMark: Style {
    Style(foreground: pick(.rgb(255, 110, 160), .rgb(196, 20, 96)), attributes: [.bold])
  }
  /// The detail view's button while the picture is a favourite.
  package var favoriteButtonOn: Style {
    Style(
      foreground: favoriteMark.foreground, background: favoriteBackground, attributes: [.bold])
  }
  /// The detail view's button while it is not.
  package var favoriteButtonOff: Style { Style(foreground: pick(.white, .default)) }
  /// A header's fold mark.
  package var disclosure: Style { Style(foreground: accent, attributes: [.bold]) }
  /// A focused header: reverse video, so it shows without colours too.
  package var focusHeader: Style { Style(foreground: accent, attributes: [.bold, .reverse]) }
  /// The secondary line of a list row.
  package var secondary: Style { Style(foreground: quiet) }
  /// A warning in the status line.
  package var statusWarning: Style {
    Style(foreground: keyColor, attributes: [.reverse, .bold])
  }
}
