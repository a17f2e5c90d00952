import Foundation
import Gallery

/// The guide's (`docs/guide.md`) tables of settings and of actions, made from
/// `CommandLineSpec` and `KeyAction` and put between its markers
/// (`<!-- BEGIN GENERATED SETTINGS -->` …); the rest of the guide is written by hand.
enum GuideReference {
  /// Where the guide is, from the repository's root.
  static let path = "docs/guide.md"

  static var sections: [GeneratedRegions.Region] {
    [.init(name: "SETTINGS", text: settingsTable), .init(name: "ACTIONS", text: actionsTable)]
  }

  /// `guide` with its generated tables made anew.
  static func updating(_ guide: String) throws(GeneratedDocsError) -> String {
    try GeneratedRegions.markdown(path).updating(guide, with: sections)
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

  /// Markup as the text of a table's cell: Markdown, with its bars escaped.
  static func cell(_ markup: String) -> String {
    ManualText.markdown(markup).replacingOccurrences(of: "|", with: "\\|")
  }
}
