/// A quarter turn or a mirror a person asks for (keys < > | _).
///
/// Each is said as the picture is seen on the screen, whatever way it is stored: `left`
/// turns what is shown a quarter counter-clockwise, `right` a quarter clockwise,
/// `flipHorizontal` swaps its left and right, `flipVertical` its top and bottom. The raw
/// value is the name on the command line and in key bindings.
package enum PictureTurn: String, Sendable, Hashable, CaseIterable {
  case left
  case right
  case flipHorizontal = "flip-horizontal"
  case flipVertical = "flip-vertical"

  /// The turn that undoes this one: left and right undo each other, a flip undoes itself.
  package var inverse: PictureTurn {
    switch self {
    case .left: .right
    case .right: .left
    case .flipHorizontal, .flipVertical: self
    }
  }

  /// What the turn did, for the status line: "turned left", "flipped horizontally"…
  package var label: String {
    switch self {
    case .left: "turned left"
    case .right: "turned right"
    case .flipHorizontal: "flipped horizontally"
    case .flipVertical: "flipped vertically"
    }
  }
}
