import Gallery

/// The man page's OPTIONS and KEYS sections, its list of settings in CONFIGURATION and
/// its ACTIONS section, made from `CommandLineSpec`, `KeyBinding.all` and `KeyAction`,
/// and put into `gallery.1` between its markers (`.\" BEGIN GENERATED OPTIONS` …
/// `.\" END GENERATED OPTIONS`); the prose around them is written by hand.
package enum ManualPage {
  static var sections: [GeneratedRegions.Region] {
    [
      .init(name: "OPTIONS", text: optionsSection), .init(name: "KEYS", text: keysSection),
      .init(name: "SETTINGS", text: settingsSection),
      .init(name: "ACTIONS", text: actionsSection),
    ]
  }

  /// The OPTIONS section: a `.TP` paragraph an option, then the footer.
  package static var optionsSection: String {
    let items = CommandLineSpec.options.map { option in
      ".TP\n" + tag(of: option) + "\n" + ManualText.roff(option.manual)
    }
    return items.joined(separator: "\n") + "\n.PP\n"
      + ManualText.roff(CommandLineSpec.optionsFooter)
  }

  /// The KEYS section: a `.TP` paragraph for each key line that has one, then the footer.
  package static var keysSection: String {
    let items = KeyBinding.all.compactMap { binding -> String? in
      guard let manual = binding.manual else { return nil }
      return ".TP\n" + ManualText.inline(binding.manualKeys) + "\n" + ManualText.roff(manual)
    }
    return items.joined(separator: "\n") + "\n.PP\n" + ManualText.roff(CommandLineSpec.keysFooter)
  }

  /// An option's tag: its spellings in bold, then its value (choices in bold, a
  /// placeholder in italics).
  static func tag(of option: OptionSpec) -> String {
    ManualText.inline(tagMarkup(of: option))
  }

  /// An option's tag in markup: `**--color** **auto**|**always**|**never**`.
  static func tagMarkup(of option: OptionSpec) -> String {
    let names = option.spellings.map { "**\($0)**" }.joined(separator: ", ")
    switch option.value {
    case .none: return names
    case .choice(let words): return names + " " + words.map { "**\($0)**" }.joined(separator: "|")
    case .text(let placeholder), .file(let placeholder): return names + " *\(placeholder)*"
    }
  }

  /// `page` with the text between each pair of markers replaced by the generated
  /// section.
  ///
  /// - Throws: `GeneratedDocsError.missingMarkers` when a section's markers are not
  ///   there, each on a line of its own and in order.
  package static func updating(_ page: String) throws(GeneratedDocsError) -> String {
    try GeneratedRegions.roff("gallery.1").updating(page, with: sections)
  }
}
