import Gallery

extension GalleryOptions {
  /// The program's version.
  package static let version = "0.1.0"

  /// The text of `--version`.
  package static var versionText: String { "gallery \(version)\n" }

  /// The one-line synopsis, printed with every usage error.
  package static let usageLine = "usage: gallery [options] [DIR|FILE...] [-]"

  /// The usage line for a command line: `gallery import`'s own when it starts so.
  package static func usageLine(for arguments: [String]) -> String {
    guard arguments.first == "import" else { return usageLine }
    return "usage: " + (CommandLineSpec.synopsis.first { $0.hasPrefix("gallery import") } ?? "")
  }

  /// The text of `--help`: usage, the options of `CommandLineSpec`, the keys of
  /// `KeyBinding.all`, and where the configuration file is for
  /// `environment` (`$XDG_CONFIG_HOME/gallery/config`).
  package static var helpText: String { helpText(environment: [:]) }

  /// `helpText`, naming the configuration file `environment` makes it.
  package static func helpText(environment: [String: String]) -> String {
    var text = usageLine + "\n\n"
    text += "Browse folders of pictures in the terminal. Pictures named one by one (as\n"
    text += "FILE arguments or in a list) come first, as one section; then each sub-folder\n"
    text += "of a DIR is a section, pictures directly in a DIR first. Without either, the\n"
    text += "built-in pictures are shown.\n\nOptions:\n"
    for option in CommandLineSpec.options {
      let names = option.names + option.valueText
      text +=
        names.count > 28
        ? "  \(names)\n  \(String(repeating: " ", count: 30))\(option.summary)\n"
        : "  \(padded(names, 30))\(option.summary)\n"
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
