import Gallery

/// The man page's OPTIONS and KEYS sections, made from `CommandLineSpec` and
/// `KeyBinding.all`, and put into `gallery.1` between its markers
/// (`.\" BEGIN GENERATED OPTIONS` … `.\" END GENERATED OPTIONS`); the rest of the page is
/// written by hand.
public enum ManualPage {
  /// A generated section: the name its markers carry and its text.
  struct Section {
    let name: String
    let text: String
  }

  static var sections: [Section] {
    [Section(name: "OPTIONS", text: optionsSection), Section(name: "KEYS", text: keysSection)]
  }

  /// The OPTIONS section: a `.TP` paragraph an option, then the footer.
  public static var optionsSection: String {
    let items = CommandLineSpec.options.map { option in
      ".TP\n" + tag(of: option) + "\n" + ManualText.roff(option.manual)
    }
    return items.joined(separator: "\n") + "\n.PP\n"
      + ManualText.roff(CommandLineSpec.optionsFooter)
  }

  /// The KEYS section: a `.TP` paragraph for each key line that has one, then the footer.
  public static var keysSection: String {
    let items = KeyBinding.all.compactMap { binding -> String? in
      guard let manual = binding.manual else { return nil }
      return ".TP\n" + ManualText.inline(binding.manualKeys) + "\n" + ManualText.roff(manual)
    }
    return items.joined(separator: "\n") + "\n.PP\n" + ManualText.roff(CommandLineSpec.keysFooter)
  }

  /// An option's tag: its spellings in bold, then its value (choices in bold, a
  /// placeholder in italics).
  static func tag(of option: OptionSpec) -> String {
    let names = option.spellings.map { "**\($0)**" }.joined(separator: ", ")
    let value: String
    switch option.value {
    case .none: value = ""
    case .choice(let words): value = " " + words.map { "**\($0)**" }.joined(separator: "|")
    case .text(let placeholder), .file(let placeholder): value = " *\(placeholder)*"
    }
    return ManualText.inline(names + value)
  }

  /// `page` with the text between each pair of markers replaced by the generated
  /// section.
  ///
  /// - Throws: `GeneratedDocsError.missingMarkers` when a section's markers are not
  ///   there, each on a line of its own and in order.
  public static func updating(_ page: String) throws(GeneratedDocsError) -> String {
    var lines = page.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    for section in sections {
      let begin = ".\\\" BEGIN GENERATED \(section.name)"
      let end = ".\\\" END GENERATED \(section.name)"
      guard let first = lines.firstIndex(of: begin),
        let last = lines[first...].firstIndex(of: end)
      else { throw .missingMarkers(file: "gallery.1", section: section.name) }
      lines.replaceSubrange((first + 1)..<last, with: [section.text])
    }
    return lines.joined(separator: "\n")
  }
}
