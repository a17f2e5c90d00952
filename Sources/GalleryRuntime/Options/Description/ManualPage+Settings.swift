import Gallery

extension ManualPage {
  /// The settings of the CONFIGURATION section: a `.TP` paragraph a setting, in the
  /// description's order, then `bind KEY = ACTION` with the keys' names.
  package static var settingsSection: String {
    let items = CommandLineSpec.settings.compactMap { option -> String? in
      guard let setting = option.setting else { return nil }
      return ".TP\n" + ManualText.inline("**\(setting.name)** = " + settingValue(of: option))
        + "\n" + ManualText.roff(settingManual(of: option))
    }
    let bind = """
      Makes *key* do *action* (see **ACTIONS**), or nothing with **none**; the other keys \
      keep theirs. \(KeyNames.manual)
      """
    return
      (items + [
        ".TP\n" + ManualText.inline("**\(CommandLineSpec.bindSetting)** *key* = *action*") + "\n"
          + ManualText.roff(bind)
      ]).joined(separator: "\n")
  }

  /// What a setting takes, in markup: `**yes**|**no**` and the other words for them,
  /// the words of a choice, or a placeholder.
  static func settingValue(of option: OptionSpec) -> String {
    if case .flag = option.effect {
      let pairs = SettingSpec.switchWords.map { "**\($0.yes)**|**\($0.no)**" }
      return (pairs.first ?? "") + " (or " + pairs.dropFirst().joined(separator: ", ") + ")"
    }
    switch option.value {
    case .none: return ""
    case .choice(let words): return words.map { "**\($0)**" }.joined(separator: "|")
    case .text(let placeholder), .file(let placeholder): return "*\(placeholder)*"
    }
  }

  /// A setting's paragraph: its own, else "as the option" (`**no** is **--no-cache**.`),
  /// then the other names it is read by.
  static func settingManual(of option: OptionSpec) -> String {
    guard let setting = option.setting else { return "" }
    var text: String
    if let manual = setting.manual {
      text = manual
    } else if case .flag(_, let given) = option.effect {
      text = "**\(given ? "yes" : "no")** is **\(option.long)**."
    } else {
      text = "As **\(option.long)**."
    }
    if !setting.aliases.isEmpty {
      text += " Also read as " + setting.aliases.map { "**\($0)**" }.joined(separator: ", ") + "."
    }
    return text
  }
}
