import Gallery

extension GalleryOptions {
  /// The program's version.
  public static let version = "0.1.0"

  /// The text of `--version`.
  public static var versionText: String { "gallery \(version)\n" }

  /// The one-line synopsis, printed with every usage error.
  public static let usageLine = "usage: gallery [options] [DIR|FILE...] [-]"

  /// The text of `--help`: usage, options, keys, and where the configuration file is for
  /// `environment` (`$XDG_CONFIG_HOME/gallery/config`).
  public static var helpText: String { helpText(environment: [:]) }

  /// `helpText`, naming the configuration file `environment` makes it.
  public static func helpText(environment: [String: String]) -> String {
    let options: [(String, String)] = [
      ("-h, --help", "show this help and exit"),
      ("--version", "show the version and exit"),
      ("--print", "draw once to standard output and exit"),
      ("--size WxH", "size for --print (default: terminal, or 80x24)"),
      ("--format ansi|plain|json", "output of --print (default ansi)"),
      (
        "--cell-size WxH",
        "a cell's pixels for --print --graphics (default: the terminal's, or 10x20)"
      ),
      ("--color auto|always|never", "use colour (default auto; honours NO_COLOR)"),
      (
        "--symbols blocks|half|quadrants|sextants|braille|ascii",
        "cell art characters (default: best available)"
      ),
      ("--layout showcase|grid|flow|browse|list", "arrangement of sections (default showcase)"),
      (
        "--office-scrolling auto|continuous|paging|group-paging|centered",
        "how the first row scrolls (default auto: centred when it shows one picture, "
          + "by pages of two when wider)"
      ),
      (
        "--graphics auto|kitty|sixel|iterm2|cells",
        "pictures in pixels where the terminal can (default auto: ask it)"
      ),
      ("--diagnose", "say what the terminal can draw and why, and exit"),
      ("--no-cache", "neither read nor write the thumbnail cache"),
      ("--memory SIZE", "memory for the caches and an animation (default 128M)"),
      ("--all", "include hidden files and folders"),
      ("-, --files-from FILE", "read the pictures to show from standard input or FILE"),
      (
        "-o, --output-marked",
        "at quit, print the marked paths on standard output (drawing on /dev/tty)"
      ),
      ("-0, --null", "paths read or printed end with NUL (find -print0), not newlines"),
      ("--", "end of options; what follows are folders and files"),
    ]
    var text = usageLine + "\n\n"
    text += "Browse folders of pictures in the terminal. Pictures named one by one (as\n"
    text += "FILE arguments or in a list) come first, as one section; then each sub-folder\n"
    text += "of a DIR is a section, pictures directly in a DIR first. Without either, the\n"
    text += "built-in pictures are shown.\n\nOptions:\n"
    for (option, meaning) in options {
      text +=
        option.count > 28
        ? "  \(option)\n  \(String(repeating: " ", count: 30))\(meaning)\n"
        : "  \(padded(option, 30))\(meaning)\n"
    }
    text += "\nKeys:\n"
    for binding in KeyBinding.all {
      text += "  \(padded(binding.keys, 30))\(binding.action)\n"
    }
    let config = ConfigFile.path(environment: environment) ?? "$XDG_CONFIG_HOME/gallery/config"
    text += "\nDefaults and key bindings come from \(config).\n"
    text += "See gallery(1) for the configuration, files, environment and exit status.\n"
    return text
  }

  private static func padded(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(1, width - text.count))
  }
}
