/// One line of the keys help: the keys and what they do.
public struct KeyBinding: Sendable, Hashable {
  /// The keys as shown to the user, such as `←↓↑→ h j k l`.
  public let keys: String
  /// What they do.
  public let action: String
}

extension GalleryOptions {
  /// The program's version.
  public static let version = "0.1.0"

  /// The text of `--version`.
  public static var versionText: String { "gallery \(version)\n" }

  /// The one-line synopsis, printed with every usage error.
  public static let usageLine = "usage: gallery [options] [DIR...]"

  /// Every key, in the order of the help screen; the `?` overlay shows the same list.
  public static let keyBindings: [KeyBinding] = [
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

  /// The text of `--help`: usage, options, keys.
  public static var helpText: String {
    let options: [(String, String)] = [
      ("-h, --help", "show this help and exit"),
      ("--version", "show the version and exit"),
      ("--print", "draw once to standard output and exit"),
      ("--size WxH", "size for --print (default: terminal, or 80x24)"),
      ("--format ansi|plain|json", "output of --print (default ansi)"),
      ("--color auto|always|never", "use colour (default auto; honours NO_COLOR)"),
      (
        "--symbols blocks|half|quadrants|sextants|braille|ascii",
        "cell art characters (default: best available)"
      ),
      ("--layout showcase|grid|flow|browse|list", "arrangement of sections (default showcase)"),
      (
        "--office-scrolling continuous|paging|group-paging",
        "how the first row scrolls (default paging)"
      ),
      ("--no-cache", "neither read nor write the thumbnail cache"),
      ("--all", "include hidden files and folders"),
      ("--", "end of options; what follows are folders"),
    ]
    var text = usageLine + "\n\n"
    text += "Browse folders of pictures in the terminal. Each sub-folder of a DIR is a\n"
    text += "section; pictures directly in a DIR come first. Without DIR, the built-in\n"
    text += "pictures are shown.\n\nOptions:\n"
    for (option, meaning) in options {
      text +=
        option.count > 28
        ? "  \(option)\n  \(String(repeating: " ", count: 30))\(meaning)\n"
        : "  \(padded(option, 30))\(meaning)\n"
    }
    text += "\nKeys:\n"
    for binding in keyBindings {
      text += "  \(padded(binding.keys, 30))\(binding.action)\n"
    }
    text += "\nSee gallery(1) for files, environment and exit status.\n"
    return text
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }
}
