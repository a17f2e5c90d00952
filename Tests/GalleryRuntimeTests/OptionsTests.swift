import CompositionalLayout
import Pictures
import TerminalKit
import Testing

@testable import Gallery
@testable import GalleryRuntime

@Suite struct OptionsTests {
  func options(_ arguments: [String]) throws -> GalleryOptions {
    guard case .run(let options) = try GalleryOptions.parse(arguments) else {
      Issue.record("expected options for \(arguments)")
      return GalleryOptions()
    }
    return options
  }

  @Test func noArgumentsGiveTheDefaults() throws {
    let parsed = try options([])
    #expect(parsed == GalleryOptions())
    #expect(parsed.paths.isEmpty)
    #expect(!parsed.print && parsed.useCache && !parsed.includeHidden)
    #expect(parsed.layout == .showcase && parsed.firstRowScrolling == .automatic)
    #expect(parsed.color == .auto && parsed.format == .ansi && parsed.symbols == nil)
  }

  @Test func memoryTakesASizeAndNamesTheRangeOtherwise() throws {
    #expect(try options(["--memory", "256M"]).memory.bytes == 256 << 20)
    #expect(try options(["--memory=2G"]).memory.bytes == 2 << 30)
    #expect(try options([]).memory == .standard)
    #expect(throws: OptionsError.self) { try options(["--memory", "8M"]) }
    do {
      _ = try GalleryOptions.parse(["--memory", "lots"])
      Issue.record("a bad size was taken")
    } catch {
      #expect(error.description.contains("16M to 64G"), "\(error)")
    }
  }

  /// `gallery ""` is a usage error, not the current folder.
  @Test func anEmptyPathIsAnError() {
    #expect(throws: OptionsError.emptyPath) { try GalleryOptions.parse([""]) }
    #expect(throws: OptionsError.emptyPath) { try GalleryOptions.parse(["--files-from", ""]) }
    #expect(throws: OptionsError.emptyPath) { try GalleryOptions.parse(["--", ""]) }
  }

  @Test func theHelpNamesTheConfigurationFileWhereItIs() {
    let text = GalleryOptions.helpText(environment: ["XDG_CONFIG_HOME": "/etc/xdg-me"])
    #expect(text.contains("/etc/xdg-me/gallery/config"))
    #expect(
      GalleryOptions.helpText(environment: ["HOME": "/home/ana"]).contains(
        "/home/ana/.config/gallery/config"))
  }

  @Test func helpAndVersion() throws {
    #expect(try GalleryOptions.parse(["--help"]) == .help)
    #expect(try GalleryOptions.parse(["-h"]) == .help)
    #expect(try GalleryOptions.parse(["photos", "--layout", "grid", "--help", "--bogus"]) == .help)
    #expect(try GalleryOptions.parse(["--version"]) == .version)
    #expect(GalleryOptions.versionText.hasPrefix("gallery "))
  }

  @Test func helpTextListsEveryOptionAndKey() {
    let text = GalleryOptions.helpText
    #expect(text.hasPrefix(GalleryOptions.usageLine))
    for option in CommandLineSpec.options { #expect(text.contains(option.long)) }
    for binding in KeyBinding.all {
      #expect(text.contains(binding.keys))
      #expect(text.contains(binding.action))
    }
    for key in ["PgUp", "Tab", "Enter", "Esc", "Space", "Ctrl-L", "?"] {
      #expect(text.contains(key))
    }
  }

  @Test func foldersAndSwitchesMix() throws {
    let parsed = try options(["a", "--all", "b", "--no-cache", "--print", "--apart"])
    #expect(parsed.paths == ["a", "b"])
    #expect(parsed.includeHidden && !parsed.useCache && parsed.print && !parsed.pairsFiles)
    #expect(try options(["a"]).pairsFiles, "pairs are one picture unless asked")
  }

  @Test func everyValueOptionInBothSpellings() throws {
    let spaced = try options([
      "--print", "--size", "120x40", "--format", "json", "--color", "never", "--symbols", "braille",
      "--layout", "flow", "--office-scrolling", "group-paging",
    ])
    let joined = try options([
      "--print", "--size=120x40", "--format=json", "--color=never", "--symbols=braille",
      "--layout=flow", "--office-scrolling=group-paging",
    ])
    #expect(spaced == joined)
    #expect(spaced.size == CellSize(width: 120, height: 40))
    #expect(spaced.format == .json && spaced.color == .never && spaced.symbols == .braille)
    #expect(spaced.layout == .flow && spaced.firstRowScrolling == .groupPaging)
  }

  @Test(arguments: [
    ("--format", OutputFormat.allCases.map(\.rawValue)),
    ("--color", ColorChoice.allCases.map(\.rawValue)),
    ("--symbols", SymbolSet.allCases.map(\.rawValue)),
    ("--layout", LayoutPreset.allCases.map(\.rawValue)),
    ("--office-scrolling", FirstRowScrolling.allCases.map(\.rawValue)),
  ])
  func everyDocumentedValueIsAccepted(option: String, values: [String]) throws {
    #expect(values.count >= 3)
    for value in values {
      let parsed = try options(["--print", option, value])
      let stored: String? =
        switch option {
        case "--format": parsed.format.rawValue
        case "--color": parsed.color.rawValue
        case "--symbols": parsed.symbols?.rawValue
        case "--layout": parsed.layout.rawValue
        default: parsed.firstRowScrolling.rawValue
        }
      #expect(stored == value)
      #expect(GalleryOptions.helpText.contains(value))
    }
  }

  @Test func theLastOfARepeatedOptionWins() throws {
    #expect(try options(["--layout", "grid", "--layout", "list"]).layout == .list)
  }

  @Test func doubleDashEndsOptions() throws {
    let parsed = try options(["--all", "--", "--print", "-h", "x"])
    #expect(parsed.paths == ["--print", "-h", "x"])
    #expect(parsed.includeHidden && !parsed.print)
    #expect(try options(["-"]).filesFrom == "-")
    #expect(try options(["--", "-"]).paths == ["-"])
    #expect(try options(["--graphics", "sixel"]).graphics == .sixel)
    #expect(try options([]).graphics == .auto)
    #expect(try options(["--diagnose"]).diagnose)
    #expect(try options(["--print", "--cell-size", "8x16"]).cellPixels?.height == 16)
    #expect(throws: OptionsError.self) { try options(["--cell-size", "8x16"]) }
    #expect(throws: OptionsError.self) { try options(["--print", "--cell-size", "0x16"]) }
    let listed = try options(["-0", "--files-from", "list.txt", "a.jpg"])
    #expect(listed.nulSeparated && listed.filesFrom == "list.txt" && listed.paths == ["a.jpg"])
  }

  @Test func unknownOptionsAreNamedWithASuggestion() {
    #expect(throws: OptionsError.unknownOption("--layuot", suggestion: "--layout")) {
      try GalleryOptions.parse(["--layuot", "grid"])
    }
    #expect(throws: OptionsError.unknownOption("--off=1", suggestion: "--office-scrolling")) {
      try GalleryOptions.parse(["--off=1"])
    }
    #expect(throws: OptionsError.unknownOption("-x", suggestion: nil)) {
      try GalleryOptions.parse(["-x"])
    }
    #expect(throws: OptionsError.unknownOption("--zzzzzzzz", suggestion: nil)) {
      try GalleryOptions.parse(["--zzzzzzzz"])
    }
    #expect(
      OptionsError.unknownOption("--layuot", suggestion: "--layout").description
        == "unknown option '--layuot' (did you mean '--layout'?)")
  }

  @Test func badValuesAreNamedWithTheAcceptedOnes() {
    #expect(
      throws: OptionsError.invalidValue(
        option: "--layout", value: "mosaic", expected: "showcase|grid|flow|browse|list")
    ) { try GalleryOptions.parse(["--layout", "mosaic"]) }
    #expect(
      throws: OptionsError.invalidValue(option: "--color", value: "", expected: "auto|always|never")
    ) {
      try GalleryOptions.parse(["--color="])
    }
    #expect(throws: OptionsError.missingValue(option: "--symbols")) {
      try GalleryOptions.parse(["--symbols"])
    }
    #expect(throws: OptionsError.unexpectedValue(option: "--all")) {
      try GalleryOptions.parse(["--all=yes"])
    }
    let message = OptionsError.invalidValue(
      option: "--format", value: "xml", expected: "ansi|plain|json"
    )
    .description
    #expect(message.contains("'xml'") && message.contains("--format") && message.contains("json"))
  }

  @Test(arguments: [
    "0x10", "10x0", "10", "x", "10x", "x10", "10x10x10", "-5x10", "10001x5", "a×b", "1 x2", "+3x4",
  ])
  func malformedSizesAreRejected(text: String) {
    #expect(CellSize(parsing: text) == nil)
    #expect(throws: OptionsError.self) { try GalleryOptions.parse(["--print", "--size", text]) }
  }

  @Test func sizesParse() {
    #expect(CellSize(parsing: "80x24") == CellSize(width: 80, height: 24))
    #expect(CellSize(parsing: "1X1") == CellSize(width: 1, height: 1))
    #expect(CellSize(parsing: "10000x10000") == CellSize(width: 10_000, height: 10_000))
  }

  /// `--filter` starts with the query in force; one the gallery cannot use whole is a
  /// usage error naming its first problem, never a filter kept in part.
  @Test func filterTakesAQueryAndRefusesOneWithProblems() throws {
    let query = try options(["--filter", "camera:x100v iso>=3200", "photos"]).filter
    #expect(query.text == "camera:x100v iso>=3200" && query.terms.count == 2)
    #expect(query.problems.isEmpty && query.readsDetails)
    #expect(try options(["--filter=is:video"]).filter == PictureQuery("is:video"))
    #expect(try options([]).filter == .none)
    #expect(try options(["--filter", ""]).filter.isEmpty)
    let bad = OptionsError.badQuery(
      option: "--filter", problem: "iso wants a whole number, as in iso>=3200")
    #expect(throws: bad) { try GalleryOptions.parse(["--filter", "iso>=abc lens:35", "photos"]) }
    #expect(bad.description == "--filter: iso wants a whole number, as in iso>=3200")
    // The first problem of two, in the order typed.
    #expect(throws: OptionsError.self) {
      try GalleryOptions.parse(["--filter", "cam:x -"])
    }
    do {
      _ = try GalleryOptions.parse(["--filter", "cam:x -"])
    } catch {
      #expect(error.description.hasPrefix("--filter: unknown field \"cam\""), "\(error)")
    }
    #expect(throws: OptionsError.missingValue(option: "--filter")) {
      try GalleryOptions.parse(["--filter"])
    }
  }

  @Test func printOnlyOptionsNeedPrint() {
    #expect(throws: OptionsError.requiresPrint(option: "--format")) {
      try GalleryOptions.parse(["--format", "json"])
    }
    #expect(throws: OptionsError.requiresPrint(option: "--size")) {
      try GalleryOptions.parse(["--size", "80x24", "dir"])
    }
  }
}
