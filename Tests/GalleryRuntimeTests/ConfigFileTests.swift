import Foundation
import TerminalKit
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

/// The configuration file: default options and key bindings, problems by line number,
/// never fatal, the command line winning.
@Suite struct ConfigFileTests {
  @Test func everySettingAndBindingApplies() {
    let file = ConfigFile(
      text: """
        # a comment, then a blank line

        layout = grid
        color = never
        theme = light
        symbols = braille
        office-scrolling = paging
        graphics = cells
        cache = no
        hidden = yes
        pairs = no
        slideshow-interval = 5
        opener = feh -F
        opener-mode = detach
        memory = 1G
        favorites = rating>=4
        bind x = down
          bind ctrl-n = next-section
        bind j = none
        """)
    #expect(file.problems.isEmpty, "\(file.problems)")
    let options = file.options
    #expect(options.layout == .grid && options.color == .never && options.symbols == .braille)
    #expect(options.theme == .light)
    #expect(options.firstRowScrolling == .paging && options.graphics == .cells)
    #expect(!options.useCache && options.includeHidden && !options.pairsFiles)
    #expect(options.slideshowInterval == 5)
    #expect(options.opener == "feh -F" && options.openerMode == .detach)
    #expect(options.memory.bytes == 1 << 30)
    #expect(options.favoriteRule == .rating(atLeast: 4))
    #expect(
      ConfigFile(text: "favorites = some").problems.first?.description.contains(
        "picks or rating>=1 to rating>=5") == true)
    // `all` is retired: a line says why, and favourites are the picks.
    let retired = ConfigFile(text: "favorites = all")
    #expect(retired.options.favoriteRule == .picks)
    #expect(
      retired.problems.map(\.description) == [
        "config line 1: invalid value 'all' for 'favorites' (expected picks or rating>=N;"
          + " 'all' is retired)"
      ])
    #expect(ConfigFile(text: "favourites = opened").problems.isEmpty)
    #expect(options.keyMap.action(for: .character("x")) == .down)
    #expect(options.keyMap.action(for: .control("n")) == .nextSection)
    #expect(options.keyMap.action(for: .character("j")) == nil)
    #expect(options.keyMap.action(for: .down) == .down, "other keys keep their actions")
  }

  /// The guide's example file is one a user may copy: every line of it applies.
  @Test func theGuidesExampleApplies() throws {
    let guide = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("../../docs/guide.md")
    let text = try String(contentsOf: guide, encoding: .utf8)
    let start = try #require(text.range(of: "```\n# ~/.config/gallery/config\n"))
    let end = try #require(text.range(of: "```", range: start.upperBound..<text.endIndex))
    let file = ConfigFile(text: String(text[start.upperBound..<end.lowerBound]))
    #expect(file.problems.isEmpty, "\(file.problems)")
    #expect(file.options.layout == .grid && file.options.theme == .auto)
  }

  /// The man page's CONFIGURATION names every setting the file takes.
  @Test func theManualPageNamesEverySetting() throws {
    let page = try String(
      contentsOf: CommandLineDescriptionTests.root.appendingPathComponent("gallery.1"),
      encoding: .utf8)
    let start = try #require(page.range(of: ".SH CONFIGURATION\n"))
    let end = try #require(page.range(of: ".SH FILES\n", range: start.upperBound..<page.endIndex))
    let section = page[start.upperBound..<end.lowerBound]
    let settings = [
      "color", "colour", "theme", "symbols", "layout", "group-by", "office-scrolling",
      "graphics", "link", "cache", "memory", "hidden", "follow-links", "pairs", "favorites",
      "favourites", "slideshow-interval", "auto-advance", "stacks", "stack-seconds",
      "stack-likeness", "sidecar-names", "xmp-in-file", "opener", "opener-mode", "bind",
      "import.to", "import.backup", "import.folders", "import.rename", "import.trash-source",
    ]
    for setting in settings {
      #expect(section.contains(ManualText.escaped(setting)), "\(setting)")
    }
    #expect(Set(ConfigFile.settings) == Set(settings), "the reader's names")
  }

  @Test func importSettingsGiveTheBrowsersImportItsDestinationAndTemplates() {
    let file = ConfigFile(
      text: "import.to = ~/Photos\nimport.folders = {yyyy}/{camera}\nimport.rename = {seq}\n")
    #expect(file.problems.isEmpty)
    #expect(file.options.importDestination == "~/Photos")
    #expect(
      file.options.importFolders.render(ImportFacts(wallClock: 0, name: "A", camera: "X"))
        == "1970/X")
    // A template with a field the gallery does not know is a problem, and not taken.
    let bad = ConfigFile(text: "import.folders = {yyy}/{mm}\n")
    #expect(bad.problems.count == 1)
    #expect(bad.problems.first.map { "\($0)".contains("{yyy}") } ?? false, "\(bad.problems)")
    #expect(bad.options.importFolders == ImportTemplate.standardFolders)
  }

  @Test func stackSettingsRefuseValuesOutOfRange() {
    for line in [
      "stack-seconds = -1", "stack-seconds = nan", "stack-likeness = 33", "stack-likeness = x",
    ] {
      let file = ConfigFile(text: line)
      #expect(file.problems.count == 1, "\(line)")
      #expect(file.options.stackRules == StackRules(), "\(line)")
    }
  }

  @Test func badLinesAreReportedByNumberAndSkipped() {
    let file = ConfigFile(
      text: """
        layout = grid
        colour2 = never
        layout = sideways
        just words
        bind = quit
        bind qq = quit
        bind q = leave
        slideshow-interval = 0
        cache = perhaps
        symbols = ascii
        """)
    #expect(file.options.layout == .grid && file.options.symbols == .ascii)
    #expect(file.problems.map(\.line) == [2, 3, 4, 5, 6, 7, 8, 9])
    #expect(
      file.problems[0].description
        == "config line 2: unknown setting 'colour2' (did you mean 'colour'?)")
    #expect(file.problems[1].text.contains("expected showcase|grid|flow|browse|list"))
    #expect(file.problems[2].text == "expected 'key = value', found 'just words'")
    #expect(file.problems[5].text == "unknown action 'leave' (see gallery(1))")
    #expect(file.options.keyMap.action(for: .character("q")) == .quit, "a bad bind changes nothing")
  }

  /// An empty name is the start of every name: it gets no hint rather than the first
  /// setting; an alias is suggested as a name is.
  @Test func anUnknownSettingGetsAHintOnlyWhenItHasAName() {
    #expect(ConfigFile(text: "= x").problems.first?.text == "unknown setting ''")
    #expect(
      ConfigFile(text: "favourite = all").problems.first?.text
        == "unknown setting 'favourite' (did you mean 'favourites'?)")
  }

  @Test func theCommandLineWins() throws {
    let file = ConfigFile(text: "layout = grid\ncolor = never\ngraphics = cells\n")
    guard
      case .run(let options) = try GalleryOptions.parse(
        ["--layout", "list", "--graphics=kitty"], defaults: file.options)
    else {
      Issue.record("no options")
      return
    }
    #expect(options.layout == .list && options.graphics == .kitty, "the command line")
    #expect(options.color == .never, "the file, where the command line says nothing")
  }

  @Test func theFileIsFoundByXDGAndANonFileIsAProblem() {
    #expect(
      ConfigFile.path(environment: ["XDG_CONFIG_HOME": "/c", "HOME": "/h"]) == "/c/gallery/config")
    #expect(ConfigFile.path(environment: ["HOME": "/h"]) == "/h/.config/gallery/config")
    #expect(ConfigFile.path(environment: ["XDG_CONFIG_HOME": "relative"]) == nil)
    let files = FolderFixture()
    #expect(ConfigFile.load(environment: ["XDG_CONFIG_HOME": files.path("")]).problems.isEmpty)
    _ = files.folder("gallery/config")
    let folder = ConfigFile.load(environment: ["XDG_CONFIG_HOME": files.path("")])
    #expect(folder.problems.first?.line == 0)
    #expect(folder.problems.first?.text.hasSuffix("is not a file") == true)
    _ = files.file("other/gallery/config", Array("layout = flow\n".utf8))
    #expect(
      ConfigFile.load(environment: ["XDG_CONFIG_HOME": files.path("other")]).options.layout == .flow
    )
  }
}
