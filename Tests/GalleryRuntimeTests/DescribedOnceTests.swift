import Foundation
import TerminalKit
import Testing

@testable import Gallery
@testable import GalleryRuntime

/// Every action, setting and key the code has is in the committed docs (the man page,
/// the guide's reference, `--help`), and the docs' lists of them are the generated parts
/// alone: nothing in the hand-written prose lists them again.
@Suite struct DescribedOnceTests {
  static let root = CommandLineDescriptionTests.root

  static func committed(_ path: String) throws -> String {
    try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
  }

  /// The text between a file's `BEGIN GENERATED name` and `END GENERATED name` lines.
  static func region(_ name: String, of text: String) throws -> Substring {
    let begin = try #require(text.range(of: "BEGIN GENERATED \(name)"))
    let end = try #require(
      text.range(of: "END GENERATED \(name)", range: begin.upperBound..<text.endIndex))
    return text[begin.upperBound..<end.lowerBound]
  }

  /// `name` in bold, as a tag of the man page writes it.
  static func bold(_ name: String) -> String { "\\fB" + ManualText.escaped(name) + "\\fR" }

  /// A value each setting takes, for the reader: for a switch, what the switch does.
  static func sampleValue(_ option: OptionSpec) -> String {
    if case .flag(_, let given) = option.effect { return given ? "yes" : "no" }
    switch option.value {
    case .choice(let words): return words.last ?? ""
    case .text where option.spellings.isEmpty:
      return option.setting?.name == "slideshow-interval" ? "5" : "feh -F"
    case .text: return CommandLineDescriptionTests.sampleValue(option) ?? ""
    case .file, .none: return "x"
    }
  }

  @Test(arguments: KeyAction.allCases)
  func everyActionIsInTheManualPageAndTheGuide(action: KeyAction) throws {
    let manual = try Self.region("ACTIONS", of: Self.committed("gallery.1"))
    #expect(manual.contains(".TP\n" + Self.bold(action.name)), "gallery.1: \(action.name)")
    let guide = try Self.region("ACTIONS", of: Self.committed("docs/guide.md"))
    #expect(guide.contains("| `\(action.name)` |"), "guide: \(action.name)")
    #expect(!action.summary.isEmpty)
  }

  @Test func everyStandardKeyIsInTheDocs() throws {
    let manual = try Self.region("ACTIONS", of: Self.committed("gallery.1"))
    let guide = try Self.region("ACTIONS", of: Self.committed("docs/guide.md"))
    let told = Set(KeyBinding.all.flatMap(\.actions))
    for action in KeyAction.allCases {
      let keys = KeyMap.standard.keys(for: action)
      guard !keys.isEmpty else { continue }
      // `--help`, the `?` overlay and the man page's KEYS are made from `KeyBinding.all`.
      #expect(told.contains(action), "no key line tells \(action.name)")
      for key in keys {
        #expect(manual.contains(Self.bold(key.description)), "gallery.1: \(key) for \(action)")
        let cell = GuideReference.cell("**\(key)**")
        #expect(guide.contains(cell), "guide: \(key) for \(action)")
        #expect(KeyNames.tells(key), "the key names do not tell \(key)")
      }
    }
  }

  @Test func everyKeyNameIsInTheDocsAndReadBack() throws {
    let settings = try Self.region("SETTINGS", of: Self.committed("gallery.1"))
    let guide = try Self.committed("docs/guide.md")
    for key in KeyNames.named {
      #expect(Key(name: key.description) == key, "\(key)")
      #expect(settings.contains(Self.bold(key.description)), "gallery.1: \(key)")
      #expect(guide.contains("`\(key.description)`"), "guide: \(key)")
    }
  }

  @Test func everySettingTheReaderTakesIsInTheDocs() throws {
    let manual = try Self.region("SETTINGS", of: Self.committed("gallery.1"))
    let guide = try Self.region("SETTINGS", of: Self.committed("docs/guide.md"))
    for option in CommandLineSpec.settings {
      let setting = try #require(option.setting)
      for name in setting.names {
        let file = ConfigFile(text: "\(name) = \(Self.sampleValue(option))")
        #expect(file.problems.isEmpty, "\(name): \(file.problems)")
        #expect(manual.contains(Self.bold(name)), "gallery.1: \(name)")
      }
      #expect(guide.contains("| `\(setting.name)` |"), "guide: \(setting.name)")
    }
    #expect(manual.contains(".TP\n" + Self.bold("bind")))
    // The reader takes nothing the description lacks.
    for name in ["layouts", "colours", "follow", "interval", "openers", "keys", "Hidden"] {
      let problem = ConfigFile(text: "\(name) = yes").problems.first?.text
      #expect(problem?.hasPrefix("unknown setting '\(name)'") == true, "\(name)")
    }
  }

  /// The guide's table of options, written by hand for its links, names every spelling
  /// the parser takes.
  @Test func theGuidesOptionsTableNamesEveryOption() throws {
    let guide = try Self.committed("docs/guide.md")
    let start = try #require(guide.range(of: "## Options\n"))
    let end = try #require(guide.range(of: "\n## ", range: start.upperBound..<guide.endIndex))
    let section = guide[start.upperBound..<end.lowerBound]
    for spelling in CommandLineSpec.allSpellings {
      #expect(section.contains("`\(spelling)"), "\(spelling)")
    }
  }

  /// A setting and its option do the same: `cache = no` is `--no-cache`,
  /// `layout = grid` is `--layout grid`.
  @Test func aSettingDoesWhatItsOptionDoes() throws {
    for option in CommandLineSpec.settings where !option.spellings.isEmpty {
      let setting = try #require(option.setting)
      let value = Self.sampleValue(option)
      var arguments = [option.long]
      if case .flag = option.effect {} else { arguments.append(value) }
      if option.printOnly { arguments.append("--print") }
      guard case .run(let parsed) = try GalleryOptions.parse(arguments) else {
        Issue.record("\(arguments)")
        continue
      }
      for name in setting.names {
        let file = ConfigFile(text: "\(name) = \(value)")
        #expect(file.options == parsed, "\(name) = \(value) against \(arguments)")
      }
    }
  }

  /// The lists are generated alone: no hand-written `.TP` paragraph of the man page tags
  /// an option, a setting or an action.
  @Test func theManualPagesHandWrittenPartsListNoOptionSettingOrAction() throws {
    var page = try Self.committed("gallery.1")
    for name in ["OPTIONS", "KEYS", "SETTINGS", "ACTIONS"] {
      let generated = try Self.region(name, of: page)
      page.removeSubrange(generated.startIndex..<generated.endIndex)
    }
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    let tags = zip(lines, lines.dropFirst()).filter { $0.0 == ".TP" }.map { String($0.1) }
    let names =
      CommandLineSpec.allSpellings.filter { $0.count > 2 }
      + CommandLineSpec.settings.flatMap { $0.setting?.names ?? [] }
      + KeyAction.allCases.map(\.name)
    for tag in tags {
      let words = tag.split(whereSeparator: { " \"".contains($0) }).map {
        $0.replacingOccurrences(of: "\\fB", with: "").replacingOccurrences(of: "\\fR", with: "")
      }
      for name in names where words.dropFirst().first == ManualText.escaped(name) {
        Issue.record("a hand-written paragraph tags \(name): \(tag)")
      }
    }
  }
}
