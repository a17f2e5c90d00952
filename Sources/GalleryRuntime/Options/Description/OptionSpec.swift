/// One option, described once: how the command line spells it, its setting in the
/// configuration file, what it does to `GalleryOptions`, and what `--help`, the man page
/// and the shell completions say of it. The parser and the file's reader apply
/// `effect`; nothing else lists the names.
///
/// The manual text is written in a small markup: `**word**` for what is typed as it is
/// (bold in the man page), `*word*` for what the user fills in (italic), plain text
/// otherwise; a blank line starts a new paragraph. `ManualText` turns it into roff, or
/// plain text.
package struct OptionSpec: Sendable {
  /// What follows an option, for the help's column and the completions.
  package enum Value: Sendable, Hashable {
    /// A switch.
    case none
    /// One of these words.
    case choice([String])
    /// A value in the user's words (`WxH`, `SIZE`), not completed.
    case text(String)
    /// A file's path.
    case file(String)
  }

  /// How it is written, shortest first: `-o`, `--output-marked`; `-` (standard input)
  /// with `--files-from`; `--` alone for the end of options. Empty for a setting the
  /// command line does not have (`opener`).
  package let spellings: [String]
  /// Other spellings accepted and completed but not shown (`--colour`).
  package let aliases: [String]
  package let value: Value
  /// The line `--help` gives.
  package let summary: String
  /// The man page's paragraph (markup as above).
  package let manual: String
  /// Whether it means something with `--print` alone.
  package let printOnly: Bool
  /// Whether it means something with `gallery import` alone.
  package let importOnly: Bool
  /// Its line in the configuration file, if it has one.
  package let setting: SettingSpec?
  /// What it does to the options.
  package let effect: OptionEffect
  /// The guide's section on it, a Markdown link (`[Layouts](#layouts)`), for the guide's
  /// table of options; nil for none.
  package let guide: String?

  /// `value` is what follows the option: the words of a choice come from `effect`, so a
  /// choice takes no `value`.
  init(
    _ spellings: String..., aliases: [String] = [], value: Value = .none,
    printOnly: Bool = false, importOnly: Bool = false, setting: String? = nil,
    settingAliases: [String] = [],
    settingManual: String? = nil, effect: OptionEffect, summary: String = "", manual: String = "",
    guide: String? = nil
  ) {
    self.spellings = spellings
    self.aliases = aliases
    if case .value(_, let words?) = effect {
      assert(value == .none, "\(spellings): the words of a choice come from its effect")
      self.value = .choice(words)
    } else {
      self.value = value
    }
    self.printOnly = printOnly
    self.importOnly = importOnly
    self.setting = setting.map {
      SettingSpec(name: $0, aliases: settingAliases, manual: settingManual)
    }
    self.effect = effect
    self.summary = summary
    self.manual = manual
    self.guide = guide
  }

  /// Its long name (`--output-marked`): the last spelling.
  package var long: String { spellings.last ?? "" }

  /// The names as the help writes them: `-o, --output-marked`.
  package var names: String { spellings.joined(separator: ", ") }

  /// What follows the names in the help: ` ansi|plain|json`, ` SIZE`, ` FILE`, or nothing.
  package var valueText: String {
    switch value {
    case .none: ""
    case .choice(let words): " " + words.joined(separator: "|")
    case .text(let placeholder), .file(let placeholder): " " + placeholder
    }
  }

  /// Whether the option takes a value.
  package var takesValue: Bool { value != .none }
}
