/// One line of the keys help: the keys and what they do.
public struct KeyBinding: Sendable, Hashable {
  /// The keys as shown to the user, such as `←↓↑→ h j k l`, with where they apply:
  /// `← →  (detail)`.
  public var keys: String { context.map { standardKeys + "  (\($0))" } ?? standardKeys }
  /// What they do.
  public let action: String
  /// The actions the line documents; a configuration that binds them to other keys
  /// shows those (`keys(in:)`).
  public let actions: [KeyAction]
  /// The standard keys, without the context.
  let standardKeys: String
  /// Where the keys apply (`detail`, `in a row`), nil for everywhere.
  let context: String?

  init(_ keys: String, _ action: String, _ actions: [KeyAction], in context: String? = nil) {
    standardKeys = keys
    self.action = action
    self.actions = actions
    self.context = context
  }

  /// The keys as `keyMap` binds them: `keys` while the line's actions keep their standard
  /// keys, else for each action the names of its keys (`left/h down/x up/k right/l`), or
  /// `unbound`.
  public func keys(in keyMap: KeyMap) -> String {
    guard !actions.allSatisfy(keyMap.isStandard) else { return keys }
    let names = actions.map { keyMap.keys(for: $0).map(\.description).joined(separator: "/") }
    let text =
      names.allSatisfy(\.isEmpty)
      ? "unbound" : names.map { $0.isEmpty ? "-" : $0 }.joined(separator: " ")
    return context.map { text + "  (\($0))" } ?? text
  }

  /// Every key, in the order of the help screen; the `?` overlay shows the same list.
  public static let all: [KeyBinding] = [
    KeyBinding(
      "← ↓ ↑ →  h j k l", "move the focus (across sections too)", [.left, .down, .up, .right]),
    KeyBinding("← →", "scroll the horizontal row", [.left, .right], in: "in a row"),
    KeyBinding("PgUp PgDn  Ctrl-B Ctrl-F", "move a page", [.pageUp, .pageDown]),
    KeyBinding("Home End  g G", "first / last picture", [.first, .last]),
    KeyBinding("Tab  Shift-Tab", "next / previous section", [.nextSection, .previousSection]),
    KeyBinding("Enter", "open the picture large with its details", [.select]),
    KeyBinding("← →", "previous / next picture", [.left, .right], in: "detail"),
    KeyBinding("Esc", "back to the gallery; clear the filter", [.back]),
    KeyBinding("f  Space", "mark or unmark as favourite", [.favorite]),
    KeyBinding("m", "mark or unmark the picture", [.mark]),
    KeyBinding("M", "mark or unmark the section's pictures", [.markSection]),
    KeyBinding("u", "unmark every picture", [.unmarkAll]),
    KeyBinding(
      "s  S", "sort: name, date taken, modified, size / reverse", [.sort, .reverseSort]),
    KeyBinding("/", "filter by name (Enter keeps it, Esc clears it)", [.filter]),
    KeyBinding("o", "open with the opener (the marked ones, or this)", [.open]),
    KeyBinding("y", "copy paths to the clipboard (marked, or this)", [.copy]),
    KeyBinding("p", "slideshow; + - change its pace, a key stops it", [.slideshow]),
    KeyBinding(
      "+ - = 0", "zoom in / out / actual size / fit", [.zoomIn, .zoomOut, .actualSize, .fit],
      in: "detail"),
    KeyBinding(
      "← ↓ ↑ →  h j k l", "pan the zoomed picture", [.left, .down, .up, .right], in: "zoomed"),
    KeyBinding("v", "switch between grid and list", [.list]),
    KeyBinding("z  Enter (header)", "collapse or expand the section", [.fold]),
    KeyBinding("?", "show or hide this help", [.help]),
    KeyBinding("!", "what is not shown, and the scan's warnings", [.report]),
    KeyBinding("Ctrl-L", "redraw the screen", [.redraw]),
    KeyBinding("q", "quit", [.quit]),
    KeyBinding("mouse", "click focuses, double-click opens, wheel scrolls", []),
  ]
}
