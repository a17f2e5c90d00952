/// One line of the keys help: the keys and what they do.
public struct KeyBinding: Sendable, Hashable {
  /// The keys as shown to the user, such as `←↓↑→ h j k l`.
  public let keys: String
  /// What they do.
  public let action: String

  /// Every key, in the order of the help screen; the `?` overlay shows the same list.
  public static let all: [KeyBinding] = [
    KeyBinding(keys: "← ↓ ↑ →  h j k l", action: "move the focus (across sections too)"),
    KeyBinding(keys: "← →  (in a row)", action: "scroll the horizontal row"),
    KeyBinding(keys: "PgUp PgDn  Ctrl-B Ctrl-F", action: "move a page"),
    KeyBinding(keys: "Home End  g G", action: "first / last picture"),
    KeyBinding(keys: "Tab  Shift-Tab", action: "next / previous section"),
    KeyBinding(keys: "Enter", action: "open the picture large with its details"),
    KeyBinding(keys: "← →  (detail)", action: "previous / next picture"),
    KeyBinding(keys: "Esc", action: "back to the gallery"),
    KeyBinding(keys: "f  Space", action: "mark or unmark as favourite"),
    KeyBinding(keys: "v", action: "switch between grid and list"),
    KeyBinding(keys: "z  Enter (header)", action: "collapse or expand the section"),
    KeyBinding(keys: "?", action: "show or hide this help"),
    KeyBinding(keys: "Ctrl-L", action: "redraw the screen"),
    KeyBinding(keys: "q", action: "quit"),
    KeyBinding(keys: "mouse", action: "click focuses, double-click opens, wheel scrolls"),
  ]
}
