import TerminalKit

extension Frame {
  /// The frame as a terminal in `mode` shows it: every colour converted the way
  /// `ANSIWriter` converts it before writing.
  package func converted(to mode: ColorMode) -> Frame {
    var result = self
    for y in 0..<height {
      for x in 0..<width {
        let style = self[x, y].style
        result[x, y].style = Style(
          foreground: style.foreground.converted(to: mode),
          background: style.background.converted(to: mode), attributes: style.attributes)
      }
    }
    return result
  }
}
