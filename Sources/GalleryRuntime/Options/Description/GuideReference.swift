import FoundationEssentials
import Gallery
import Glibc

/// The guide's (`docs/guide.md`) tables of options, settings and actions and its list of
/// key names, made from `CommandLineSpec`, `KeyAction` and `Key.nameTable` and put between
/// its markers (`<!-- BEGIN GENERATED SETTINGS -->` …); the rest of the guide is written
/// by hand.
enum GuideReference {
  /// Where the guide is, from the repository's root.
  static let path = "docs/guide.md"

  /// The generated regions, by the names their markers carry: OPTIONS, SETTINGS, KEYS
  /// and ACTIONS, in the guide's order.
  static var sections: [GeneratedRegions.Region] {
    [
      .init(name: "OPTIONS", text: optionsTable), .init(name: "SETTINGS", text: settingsTable),
      .init(name: "KEYS", text: ManualText.markdown(KeyNames.guide)),
      .init(name: "ACTIONS", text: actionsTable),
    ]
  }

  /// `guide` with its generated tables made anew.
  static func updating(_ guide: String) throws(GeneratedDocsError) -> String {
    try GeneratedRegions.markdown(path).updating(guide, with: sections)
  }

  /// A row an option: its spellings and value, what it does (the man page's paragraph)
  /// with a link to the guide's section on it.
  static var optionsTable: String {
    let rows = CommandLineSpec.options.map { option in
      let link = option.guide.map { " (\($0))" } ?? ""
      return "| \(cell(ManualPage.tagMarkup(of: option))) | \(cell(option.manual))\(link) |"
    }
    return (["| option | what it does |", "|---|---|"] + rows).joined(separator: "\n")
  }

  /// A row a setting: its name, what it takes, what it does.
  static var settingsTable: String {
    let rows = CommandLineSpec.settings.compactMap { option -> String? in
      guard let setting = option.setting else { return nil }
      let value = cell(ManualPage.settingValue(of: option))
      return "| `\(setting.name)` | \(value) | \(cell(ManualPage.settingManual(of: option))) |"
    }
    return (["| setting | value | what it does |", "|---|---|---|"] + rows).joined(separator: "\n")
  }

  /// A row an action: its name, its standard keys, what it does.
  static var actionsTable: String {
    let rows = KeyAction.allCases.map { action in
      let keys = KeyMap.standard.keys(for: action).map { cell("**\($0)**") }
      return "| `\(action.name)` | \(keys.joined(separator: " ")) | \(cell(action.summary)) |"
    }
    return (["| action | standard keys | what it does |", "|---|---|---|"] + rows)
      .joined(separator: "\n")
  }

  /// The guide's section for each section of the man page the descriptions refer to
  /// (`see **MEMORY**`), as a Markdown link.
  static let manualSections = [
    "PRINTING": "[`--print`](#--print)", "MEMORY": "[Memory](#memory)",
    "FILES": "[Where things are kept](#where-things-are-kept)",
    "OPENING PICTURES": "[Opening pictures](#opening-pictures-and-copying-paths)",
  ]

  /// Markup as the text of a table's cell: Markdown, with its bars escaped and each
  /// reference to a section of the man page (`see **MEMORY**`) a link to the guide's.
  static func cell(_ markup: String) -> String {
    var text = ManualText.markdown(markup).replacing("|", with: "\\|")
    for (section, link) in manualSections {
      text = text.replacing("see `\(section)`", with: "see \(link)")
    }
    return text
  }
}
