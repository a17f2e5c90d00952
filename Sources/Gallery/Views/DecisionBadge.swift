import CompositionalLayout
import Pictures
import TerminalKit

/// How a culling decision looks: stars (`★★★`, `***` where the locale is not UTF-8), a
/// reject's `✗` (`X`) or a pick's `⚑` (`P`), a dot (`●`, or the label's initial) in each
/// colour label's colour; a rejected picture's art dimmed toward the background.
///
/// On a grid tile they sit in the ring's top edge at the right, before the favourite's
/// heart, so they cover neither the picture nor the name; in a list row before the heart
/// and the `›`; in the detail view after the name. The shapes carry the meaning without
/// colours (the labels' initials too where there are no dots).
enum DecisionBadge {
  /// One piece of the badge: its text and style.
  struct Piece {
    var text: String
    var style: Style
  }

  /// The pieces of `decision`, stars first, each apart by a space: empty when nothing
  /// was decided. `compact` writes stars as `3★`; `worded` names the flag and the labels
  /// (`✗ rejected`, `● red`), as the detail view has room to.
  static func pieces(
    _ decision: CullingDecision, appearance: Appearance, compact: Bool = false,
    worded: Bool = false
  ) -> [Piece] {
    let theme = appearance.theme
    var pieces: [Piece] = []
    let stars = decision.rating.stars
    if stars > 0 {
      let star = appearance.unicode ? "★" : "*"
      pieces.append(
        Piece(
          text: compact ? "\(stars)\(star)" : String(repeating: star, count: stars),
          style: theme.stars))
    }
    switch decision.flag {
    case .rejected:
      let mark = appearance.unicode ? "✗" : "X"
      pieces.append(Piece(text: worded ? mark + " rejected" : mark, style: theme.rejectFlag))
    case .picked:
      let mark = appearance.unicode ? "⚑" : "P"
      pieces.append(Piece(text: worded ? mark + " picked" : mark, style: theme.pickFlag))
    case .none: break
    }
    let labels = decision.labels.labels
    if !labels.isEmpty {
      let dots = labels.map { label in
        let dot = appearance.unicode ? "●" : String(label.name.prefix(1)).uppercased()
        return Piece(
          text: worded ? dot + " " + label.name : dot, style: theme.colorLabel(label))
      }
      pieces.append(contentsOf: dots)
    }
    return pieces
  }

  /// The columns `pieces` take drawn with a space around each group and between them.
  static func width(of pieces: [Piece]) -> Int {
    pieces.reduce(1) { $0 + $1.text.displayWidth + 1 }
  }

  /// Draws `pieces` from `x` on row `y`, a space before each and after the last, on
  /// `background`. Returns the columns drawn.
  @discardableResult
  static func draw(
    _ pieces: [Piece], x: Int, y: Int, background: Color = .default, into frame: inout Frame
  ) -> Int {
    var column = x
    let blank = Style(background: background)
    for piece in pieces {
      column += frame.put(" ", x: column, y: y, style: blank)
      var style = piece.style
      style.background = background
      column += frame.put(piece.text, x: column, y: y, style: style)
    }
    column += frame.put(" ", x: column, y: y, style: blank)
    return column - x
  }

  /// The badge of `decision` in the top edge of a grid cell drawn in `rect`: right of any
  /// tile badge (`leftTaken` columns from the left edge) and left of the heart's three
  /// columns; stars shortened to `3★` when the whole does not fit, nothing when that
  /// does not either.
  static func decorate(
    cell rect: CellRect, decision: CullingDecision, leftTaken: Int, appearance: Appearance,
    into frame: inout Frame
  ) {
    guard !decision.isUndecided else { return }
    let room = rect.width - leftTaken - 4
    var pieces = pieces(decision, appearance: appearance)
    if width(of: pieces) > room {
      pieces = Self.pieces(decision, appearance: appearance, compact: true)
    }
    let width = width(of: pieces)
    guard width <= room else { return }
    draw(pieces, x: rect.maxX - 4 - width, y: rect.minY, into: &frame)
  }

  /// Dims what is drawn in `rect` (a rejected picture's cell art): each colour blended
  /// most of the way to the background, in the palette of 256 when it was one of those;
  /// the 16 colours, which each terminal sets its own way, get the dim attribute.
  static func dim(_ rect: CellRect, appearance: Appearance, into frame: inout Frame) {
    let veil = appearance.theme.rejectVeil
    func mix(_ value: UInt8, _ toward: Int) -> UInt8 { UInt8((Int(value) * 2 + toward * 3) / 5) }
    func isAnsi(_ color: Color) -> Bool {
      if case .indexed(let index) = color { return index < 16 }
      return false
    }
    func blended(_ color: Color) -> Color? {
      switch color {
      case .rgb(let red, let green, let blue):
        return .rgb(mix(red, veil.red), mix(green, veil.green), mix(blue, veil.blue))
      case .indexed(let index) where index >= 16:
        let (red, green, blue) = Color.paletteRGB(index)
        return .indexed(
          Color.nearest256(mix(red, veil.red), mix(green, veil.green), mix(blue, veil.blue)))
      default:
        return nil
      }
    }
    frame.restyle(x: rect.minX, y: rect.minY, width: rect.width, height: rect.height) { style in
      let foreground = blended(style.foreground)
      let background = blended(style.background)
      if let foreground { style.foreground = foreground }
      if let background { style.background = background }
      if isAnsi(style.foreground) || isAnsi(style.background) { style.attributes.insert(.dim) }
    }
  }
}
