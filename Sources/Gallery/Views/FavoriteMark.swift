import CompositionalLayout
import TerminalKit

/// How a favourite looks: a coloured mat with the picture inset on it, and a heart that
/// carries the meaning where there are no colours (`*` where the locale is not UTF-8).
enum FavoriteMark {
  /// The heart, or `*`.
  static func mark(_ appearance: Appearance) -> String { appearance.unicode ? "♥" : "*" }

  /// Puts the mat under the ring of a grid cell already drawn in `rect` (its edges get
  /// the favourite background, characters kept) and the heart in its top edge.
  static func decorate(cell rect: CellRect, appearance: Appearance, into frame: inout Frame) {
    guard rect.width >= 3, rect.height >= 2 else { return }
    let edges = [
      CellRect(x: rect.minX, y: rect.minY, width: rect.width, height: 1),
      CellRect(x: rect.minX, y: rect.maxY - 1, width: rect.width, height: 1),
      CellRect(x: rect.minX, y: rect.minY + 1, width: 1, height: rect.height - 2),
      CellRect(x: rect.maxX - 1, y: rect.minY + 1, width: 1, height: rect.height - 2),
    ]
    for edge in edges {
      frame.restyle(x: edge.minX, y: edge.minY, width: edge.width, height: edge.height) {
        $0.background = appearance.theme.favoriteBackground
      }
    }
    var style = appearance.theme.favoriteMark
    style.background = appearance.theme.favoriteBackground
    frame.put(mark(appearance), x: rect.maxX - 3, y: rect.minY, style: style)
  }

  /// `[ f ♥ Favourite ]`: the key as a button, lit while the picture is a favourite.
  ///
  /// - Returns: the columns drawn.
  @discardableResult
  static func drawButton(
    isFavorite: Bool, appearance: Appearance, x: Int, y: Int, maxWidth: Int,
    into frame: inout Frame
  ) -> Int {
    let heart = isFavorite ? mark(appearance) : (appearance.unicode ? "♡" : " ")
    let text = "[ f \(heart) Favourite ]"
    guard text.displayWidth <= maxWidth else { return 0 }
    return frame.put(
      text, x: x, y: y,
      style: isFavorite ? appearance.theme.favoriteButtonOn : appearance.theme.favoriteButtonOff)
  }
}
