import Foundation
import Testing

@testable import Gallery
@testable import GalleryRuntime

/// The command line is described once (`CommandLineSpec`, `KeyBinding.all`); the parser,
/// `--help`, the man page and the completions must all say what it says.
@Suite struct CommandLineDescriptionTests {
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent().deletingLastPathComponent()

  /// A value each option takes.
  static func sampleValue(_ option: OptionSpec) -> String? {
    switch option.value {
    case .none: nil
    case .choice(let words): words.first
    case .file: "/dev/null"
    case .text:
      switch option.long {
      case "--memory": "256M"
      case "--cell-size": "10x20"
      default: "80x24"
      }
    }
  }

  @Test(arguments: CommandLineSpec.allSpellings.filter { $0 != "--" })
  func theParserTakesEverySpellingTheDescriptionGives(spelling: String) throws {
    let option = try #require(CommandLineSpec.option(spelling))
    var arguments = [spelling] + (Self.sampleValue(option).map { [$0] } ?? [])
    if option.printOnly { arguments.append("--print") }
    // `gallery import`'s options come after its word, with a folder and a destination.
    if option.importOnly {
      arguments = ["import"] + arguments + ["/tmp"]
      if option.long != "--to" { arguments += ["--to", "/tmp"] }
    }
    // `--index` and `--duplicates` take folders; `--similar` goes with `--duplicates`.
    if option.long == "--index" || option.long == "--duplicates" { arguments.append("/tmp") }
    if option.long == "--similar" { arguments += ["--duplicates", "/tmp"] }
    #expect(throws: Never.self) { try GalleryOptions.parse(arguments) }
  }

  @Test func theParserTakesNoOptionTheDescriptionLacks() {
    for name in ["--bogus", "--colours", "--fromfile", "-x", "--layouts=grid", "--size2"] {
      #expect(throws: OptionsError.self) { try GalleryOptions.parse([name, "--print"]) }
    }
  }

  @Test func printOnlyOptionsAreTheDescriptionsOnes() throws {
    for option in CommandLineSpec.options where option.takesValue {
      let value = try #require(Self.sampleValue(option))
      let result = Result { () throws(OptionsError) in
        try GalleryOptions.parse([option.long, value])
      }
      if option.printOnly {
        #expect(throws: OptionsError.requiresPrint(option: option.long)) { try result.get() }
      } else if option.importOnly {
        #expect(throws: OptionsError.requiresImport(option: option.long)) { try result.get() }
      } else {
        #expect(throws: Never.self) { try result.get() }
      }
    }
  }

  @Test func theHelpListsEveryOptionAndEveryKeyLine() {
    let help = GalleryOptions.helpText
    for option in CommandLineSpec.options {
      #expect(help.contains(option.names + option.valueText), "\(option.long)")
      #expect(help.contains(option.summary), "\(option.long)")
    }
    for binding in KeyBinding.all { #expect(help.contains(binding.action)) }
  }

  @Test func theManualPageListsEveryOptionAndTheCompletionsEveryCompletedOne() {
    let manual = ManualPage.optionsSection
    for option in CommandLineSpec.options {
      for spelling in option.spellings {
        #expect(manual.contains("\\fB" + ManualText.escaped(spelling) + "\\fR"), "\(spelling)")
      }
    }
    let spellings = CommandLineSpec.allSpellings.filter { $0 != "-" && $0 != "--" }
    for spelling in spellings {
      #expect(ShellCompletions.bash.contains(spelling), "bash: \(spelling)")
      // A long option with a value is `--size=[…]`: its value after `=` or as the next word.
      let takesValue = CommandLineSpec.option(spelling)?.takesValue == true
      let zshSpec = spelling + (takesValue && spelling.hasPrefix("--") ? "=[" : "[")
      #expect(ShellCompletions.zsh.contains(zshSpec), "zsh: \(spelling)")
      let fishName =
        spelling.hasPrefix("--") ? "-l \(spelling.dropFirst(2))" : "-s \(spelling.dropFirst())"
      #expect(ShellCompletions.fish.contains(fishName), "fish: \(spelling)")
    }
  }

  /// Every key the standard map binds is told in a paragraph of the man page.
  @Test func theManualPageTellsEveryStandardKeysAction() {
    let told = Set(KeyBinding.all.filter { $0.manual != nil }.flatMap(\.actions))
    for action in KeyAction.allCases where !KeyMap.standard.keys(for: action).isEmpty {
      #expect(told.contains(action), "\(action)")
    }
  }

  /// The README's keys table, the first a newcomer reads, has every letter and sign key
  /// of the standard map but the few the guide alone tells.
  @Test func theReadmesKeysTableHasTheStandardCharacterKeys() throws {
    let readme = try String(
      contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
    let start = try #require(readme.range(of: "## Keys\n"))
    let end = try #require(readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex))
    let rows = readme[start.upperBound..<end.lowerBound].split(separator: "\n")
      .filter { $0.hasPrefix("| `") }
    let told = Set(
      rows.flatMap { row in
        row.split(separator: "`").enumerated().filter { $0.offset % 2 == 1 }.map {
          String($0.element)
        }
      })
    let guideOnly: Set<String> = ["g", "G", "|", "_", "z"]
    for key in KeyAction.allCases.flatMap({ KeyMap.standard.keys(for: $0) }) {
      guard case .character(let character) = key, character != " " else { continue }
      let name = String(character)
      #expect(guideOnly.contains(name) || told.contains(name), "\(name)")
    }
  }

  @Test func theCommittedGeneratedDocsAreWhatTheDescriptionMakes() throws {
    let stale = try GeneratedDocs.outOfDate(root: Self.root)
    #expect(stale.isEmpty, "run `make docs`: \(stale)")
  }

  @Test func theManualPageKeepsItsHandWrittenParts() throws {
    let page = """
      .TH GALLERY 1
      .SH OPTIONS
      .\\" BEGIN GENERATED OPTIONS
      STALE LINE
      .\\" END GENERATED OPTIONS
      .SH KEYS
      .\\" BEGIN GENERATED KEYS
      .\\" END GENERATED KEYS
      .SH CONFIGURATION
      .\\" BEGIN GENERATED SETTINGS
      .\\" END GENERATED SETTINGS
      .SH ACTIONS
      .\\" BEGIN GENERATED ACTIONS
      .\\" END GENERATED ACTIONS
      .SH FILES
      """
    let updated = try ManualPage.updating(page)
    #expect(updated.hasPrefix(".TH GALLERY 1\n.SH OPTIONS\n.\\\" BEGIN GENERATED OPTIONS\n.TP\n"))
    #expect(!updated.contains("STALE LINE"))
    #expect(
      updated.contains(ManualPage.keysSection + "\n.\\\" END GENERATED KEYS\n.SH CONFIGURATION"))
    #expect(
      updated.contains(ManualPage.actionsSection + "\n.\\\" END GENERATED ACTIONS\n.SH FILES"))
    #expect(try ManualPage.updating(updated) == updated)
    #expect(throws: GeneratedDocsError.missingMarkers(file: "gallery.1", section: "KEYS")) {
      try ManualPage.updating(".\\\" BEGIN GENERATED OPTIONS\n.\\\" END GENERATED OPTIONS\n")
    }
  }

  @Test func manualTextEscapesWrapsAndGuards() {
    #expect(ManualText.roff("Use **--all** or *FILE*.") == "Use \\fB\\-\\-all\\fR or \\fIFILE\\fR.")
    #expect(ManualText.roff("A ✓ mark, Ctrl-\\.") == "A \\[u2713] mark, Ctrl\\-\\e.")
    #expect(ManualText.roff("One. Two.\n\nThree.") == "One.\nTwo.\n.PP\nThree.")
    let long = String(repeating: "word ", count: 40) + ".hidden"
    let lines = ManualText.roff(long).split(separator: "\n")
    #expect(lines.count > 1 && lines.allSatisfy { $0.count <= ManualText.lineWidth + 2 })
    #expect(lines.allSatisfy { !$0.hasPrefix(".") })
    #expect(ManualText.plain("**q** quits *now*.") == "q quits now.")
  }
}
