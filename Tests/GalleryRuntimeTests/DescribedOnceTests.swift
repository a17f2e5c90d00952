import Foundation
import TerminalKit
import Testing
import Thumbnails
import XMPSidecars

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
      switch option.setting?.name {
      case "slideshow-interval": return "5"
      case "stack-seconds": return "0.5"
      case "stack-likeness": return "6"
      case "favorites": return "rating>=3"
      default: return "feh -F"
      }
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

  /// Every name TerminalKit reads a key by (`Key.nameTable`) is in the docs: its own
  /// name in the man page's `bind`, every name and short form in the guide's list.
  @Test func everyKeyNameIsInTheDocs() throws {
    let settings = try Self.region("SETTINGS", of: Self.committed("gallery.1"))
    let guide = try Self.region("KEYS", of: Self.committed("docs/guide.md"))
    for (key, names) in Key.nameTable {
      let name = try #require(names.first)
      #expect(settings.contains(Self.bold(name)), "gallery.1: \(name)")
      for name in names { #expect(guide.contains("`\(name)`"), "guide: \(name)") }
      #expect(KeyNames.tells(key), "the key names do not tell \(key)")
    }
    for prefix in Key.controlPrefixes { #expect(guide.contains("`\(prefix)"), "guide: \(prefix)") }
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

  /// The guide's table of options names every spelling the parser takes, each as a code
  /// span of its own (`-` and `--` too).
  @Test func theGuidesOptionsTableNamesEveryOption() throws {
    let table = try Self.region("OPTIONS", of: Self.committed("docs/guide.md"))
    for spelling in CommandLineSpec.allSpellings {
      #expect(table.contains("`\(spelling)`"), "\(spelling)")
    }
  }

  /// Every option says what it does, in `--help` and in the man page.
  @Test func everyOptionHasItsHelpAndItsParagraph() {
    for option in CommandLineSpec.options {
      #expect(!option.summary.isEmpty, "\(option.names): no help")
      #expect(!option.manual.isEmpty, "\(option.names): no paragraph")
    }
  }

  /// A setting, a value, the option that does the same, and what both set, written by
  /// hand (`nil` arguments: the command line has no such option).
  static let settingExpectations:
    [(line: String, arguments: [String]?, sets: @Sendable (GalleryOptions) -> Bool)] = [
      ("cache = no", ["--no-cache"], { !$0.useCache }),
      ("hidden = yes", ["--all"], { $0.includeHidden }),
      ("follow-links = no", ["--no-follow-links"], { !$0.followsLinks }),
      ("pairs = no", ["--apart"], { !$0.pairsFiles }),
      ("color = never", ["--color", "never"], { $0.color == .never }),
      ("colour = always", ["--colour", "always"], { $0.color == .always }),
      ("theme = light", ["--theme", "light"], { $0.theme == .light }),
      ("symbols = braille", ["--symbols", "braille"], { $0.symbols == .braille }),
      ("layout = grid", ["--layout", "grid"], { $0.layout == .grid }),
      ("group-by = month", ["--group-by", "month"], { $0.grouping == .month }),
      (
        "office-scrolling = paging", ["--office-scrolling", "paging"],
        {
          $0.firstRowScrolling == .paging
        }
      ),
      ("graphics = sixel", ["--graphics", "sixel"], { $0.graphics == .sixel }),
      ("link = slow", ["--link", "slow"], { $0.link == .slow }),
      ("memory = 256M", ["--memory", "256M"], { $0.memory == MemoryBudget(parsing: "256M") }),
      ("favorites = rating>=4", nil, { $0.favoriteRule == .rating(atLeast: 4) }),
      ("favourites = rating>=1", nil, { $0.favoriteRule == .rating(atLeast: 1) }),
      ("slideshow-interval = 5", nil, { $0.slideshowInterval == 5 }),
      ("auto-advance = yes", nil, { $0.autoAdvance }),
      ("stacks = no", nil, { !$0.stackRules.isOn }),
      ("stack-seconds = 0.5", nil, { $0.stackRules.seconds == 0.5 }),
      ("stack-likeness = 6", nil, { $0.stackRules.distance == 6 }),
      ("sidecar-names = without-extension", nil, { $0.sidecarNaming == .stem }),
      ("xmp-in-file = yes", nil, { $0.xmpInFile }),
      ("opener = feh -F", nil, { $0.opener == "feh -F" }),
      ("opener-mode = wait", nil, { $0.openerMode == .wait }),
      ("import.to = ~/Pictures", nil, { $0.importDestination == "~/Pictures" }),
      ("import.backup = /mnt/backup", nil, { $0.importBackup == "/mnt/backup" }),
      ("import.folders = {yyyy}/{mm}", nil, { $0.importFolders != ImportTemplate.standardFolders }),
      ("import.rename = {seq}", nil, { $0.importNames != ImportTemplate.standardName }),
      ("import.trash-source = yes", nil, { $0.importTrashesSource }),
    ]

  /// A setting does what it says, and what its option does: `cache = no` is
  /// `--no-cache`, `layout = grid` is `--layout grid`; every setting has its line here.
  @Test func aSettingDoesWhatItsOptionDoes() throws {
    for (line, arguments, sets) in Self.settingExpectations {
      #expect(!sets(GalleryOptions()), "\(line) is the default")
      let file = ConfigFile(text: line)
      #expect(file.problems.isEmpty && sets(file.options), "\(line)")
      guard let arguments else { continue }
      guard case .run(let parsed) = try GalleryOptions.parse(arguments) else {
        Issue.record("\(arguments)")
        continue
      }
      #expect(sets(parsed), "\(arguments)")
      #expect(file.options == parsed, "\(line) against \(arguments)")
    }
    let told = Set(Self.settingExpectations.map { $0.line.prefix { $0 != " " } })
    for option in CommandLineSpec.settings {
      let setting = try #require(option.setting)
      #expect(told.contains(Substring(setting.name)), "no expectation for \(setting.name)")
    }
  }

  /// The lists are generated alone: outside the generated regions, the man page never
  /// puts two or more option, setting or action names in bold side by side (`\fB--all\fR,
  /// \fB--no-cache\fR`, `.BR cache " and " hidden`), as a hand-written list would.
  @Test func theManualPagesHandWrittenPartsListNoOptionSettingOrAction() throws {
    var page = try Self.committed("gallery.1")
    for name in ["OPTIONS", "KEYS", "SETTINGS", "ACTIONS"] {
      let generated = try Self.region(name, of: page)
      page.removeSubrange(generated.startIndex..<generated.endIndex)
    }
    let names = Set(
      (CommandLineSpec.allSpellings.filter { $0.count > 2 }
        + CommandLineSpec.settings.flatMap { $0.setting?.names ?? [] }
        + KeyAction.allCases.map(\.name)).map(ManualText.escaped))
    for run in Self.boldRuns(in: page) where run.filter(names.contains).count >= 2 {
      Issue.record("a hand-written part lists \(run)")
    }
  }

  /// The runs of bold words of a man page: words in bold with nothing between them but
  /// spaces, commas, `and`, `or` and line breaks; the `.B`, `.BR` and `.RB` macros are
  /// read as their inline fonts.
  static func boldRuns(in page: String) -> [[String]] {
    var text = ""
    for line in page.split(separator: "\n", omittingEmptySubsequences: false) {
      text += inline(String(line)) + "\n"
    }
    var runs: [[String]] = []
    var run: [String] = []
    var rest = Substring(text)
    while let open = rest.range(of: "\\fB") {
      let between = rest[..<open.lowerBound].replacingOccurrences(of: "\\fR", with: " ")
      let joins = between.split(whereSeparator: { " ,\n\"".contains($0) })
        .allSatisfy { $0 == "and" || $0 == "or" }
      if !joins {
        if run.count > 1 { runs.append(run) }
        run = []
      }
      guard let close = rest[open.upperBound...].range(of: "\\f") else { break }
      run.append(String(rest[open.upperBound..<close.lowerBound]))
      rest = rest[close.upperBound...].dropFirst()
    }
    if run.count > 1 { runs.append(run) }
    return runs
  }

  /// A line with its font macros as inline fonts: `.BR a ", " b` is
  /// `\fBa\fR, \fBb\fR`.
  static func inline(_ line: String) -> String {
    let macros: [String: [String]] = [
      ".B": ["B"], ".BR": ["B", "R"], ".RB": ["R", "B"], ".BI": ["B", "I"], ".IB": ["I", "B"],
      ".I": ["I"], ".IR": ["I", "R"], ".RI": ["R", "I"],
    ]
    let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
    guard let fonts = parts.first.flatMap({ macros[$0] }), parts.count == 2 else { return line }
    var arguments: [String] = []
    var current = ""
    var quoted = false
    for character in parts[1] {
      if character == "\"" {
        quoted.toggle()
      } else if character == " " && !quoted {
        if !current.isEmpty { arguments.append(current) }
        current = ""
      } else {
        current.append(character)
      }
    }
    if !current.isEmpty { arguments.append(current) }
    if fonts.count == 1 { arguments = [arguments.joined(separator: " ")] }
    return arguments.enumerated().map { index, argument in
      "\\f\(fonts[index % fonts.count])" + argument + "\\fR"
    }.joined()
  }
}
