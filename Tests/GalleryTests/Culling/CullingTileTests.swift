import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import TestSupport
import Testing

@testable import Gallery

/// What was decided, as a terminal shows it: stars, a flag and label dots in a tile's top
/// edge, before the heart and after the pair's badge, in the theme's colours for a dark
/// and a light background; a rejected picture's cell art dimmed; the list and the detail
/// view; letters without UTF-8.
@Suite struct CullingTileTests {
  typealias Mark = MarkFrameTests

  static func state(
    appearance: Appearance = Appearance(), width: Int = 100, height: Int = 30
  ) -> GalleryState {
    var state = GalleryState(
      library: AppFixture.library(), width: 10, height: 10,
      configuration: .init(layoutPreset: .grid, appearance: appearance))
    _ = state.update(.resize(width: width, height: height, cellAspect: 2))
    return state
  }

  static let decided = CullingDecision(
    rating: StarRating(clamping: 3), flag: .picked, labels: [.red, .blue])

  /// The top edge of the focused tile with `decision`, on the screen a terminal shows.
  static func topEdge(_ state: GalleryState) throws -> (String, Frame, CellRect) {
    let tile = try Mark.focusedTile(state)
    let screen = Mark.screen(state)
    return (Mark.text(screen, x: tile.minX, y: tile.minY, width: tile.width), screen, tile)
  }

  @Test(arguments: [Theme.dark, Theme.light])
  func aTileShowsStarsTheFlagAndLabelsInTheThemesColours(theme: Theme) throws {
    var state = Self.state(appearance: Appearance(theme: theme))
    _ = state.update(.decisionsRead(["/pictures/Office/office-1.jpg": Self.decided]))
    let (top, screen, tile) = try Self.topEdge(state)
    #expect(top.contains(" ★★★ ⚑ ● ● "), "\(top)")
    #expect(top.hasSuffix("● ─♥─╮"), "before the heart, a pick being a favourite: \(top)")
    let star = try #require(top.firstIndex(of: "★")).utf16Offset(in: top)
    #expect(screen[tile.minX + star, tile.minY].style.foreground == theme.stars.foreground)
    let dots = (tile.minX..<tile.maxX).filter { screen[$0, tile.minY].character == "●" }
    #expect(
      dots.map { screen[$0, tile.minY].style.foreground }
        == [theme.colorLabel(.red).foreground, theme.colorLabel(.blue).foreground])
    let flag = try #require(
      (tile.minX..<tile.maxX).first { screen[$0, tile.minY].character == "⚑" })
    #expect(screen[flag, tile.minY].style.foreground == theme.pickFlag.foreground)
  }

  @Test func theThemesColoursDifferForALightBackground() {
    #expect(Theme.dark.stars != Theme.light.stars)
    #expect(Theme.dark.colorLabel(.yellow) != Theme.light.colorLabel(.yellow))
    #expect(Theme.light.colorLabel(.yellow).foreground != .yellow, "no yellow on white")
  }

  @Test func aRejectShowsItsCrossAndItsCellArtDimmedTowardTheBackground() throws {
    for theme in [Theme.dark, Theme.light] {
      var state = FrameGoldenTests.withArt(Self.state(appearance: Appearance(theme: theme)))
      let before = GalleryView.render(state)
      AppFixture.press([.character("X")], &state)
      let after = GalleryView.render(state)
      let tile = try Mark.focusedTile(state)
      let top = Mark.text(after, x: tile.minX, y: tile.minY, width: tile.width)
      #expect(top.contains(" ✗ "), "\(top)")
      // The art's cells: their characters kept, their colours nearer the background.
      let (x, y) = (tile.minX + tile.width / 2, tile.minY + tile.height / 2)
      #expect(after[x, y].character == before[x, y].character)
      let veil = theme.rejectVeil
      func distance(_ color: Color) -> Int {
        let (r, g, b) = color.rgbComponents ?? (0, 0, 0)
        return abs(Int(r) - veil.red) + abs(Int(g) - veil.green) + abs(Int(b) - veil.blue)
      }
      #expect(
        distance(after[x, y].style.background) < distance(before[x, y].style.background),
        "\(before[x, y].style) → \(after[x, y].style)")
      #expect(after[x, y].style.foreground != before[x, y].style.foreground)
      // Taken back, the art is as it was.
      AppFixture.press([.character("X")], &state)
      #expect(GalleryView.render(state)[x, y] == before[x, y])
    }
  }

  @Test func aPairsBadgeStaysWholeBesideTheDecision() throws {
    var state = PairsTests.state()
    AppFixture.press([.character("5"), .character("X"), .character("6")], &state)
    let (top, _, _) = try Self.topEdge(state)
    #expect(top.contains(" RAW+JPG "), "\(top)")
    #expect(top.contains("★★★★★ ✗ ●"), "\(top)")
  }

  @Test func aNarrowTileWritesTheStarsShortAndDropsWhatDoesNotFit() throws {
    let keys: [Key] = [.character("5"), .character("P"), .character("6"), .character("7")]
    var state = Self.state(width: 50, height: 20)
    AppFixture.press(keys, &state)
    var (top, _, tile) = try Self.topEdge(state)
    #expect(tile.width == 17)
    #expect(top == "╭── 5★ ⚑ ● ● ─♥─╮", "\(top)")
    state = Self.state(width: 40, height: 20)
    AppFixture.press(keys, &state)
    (top, _, tile) = try Self.topEdge(state)
    #expect(tile.width == 13)
    #expect(top == "╭─────────♥─╮", "no room: nothing rather than a part")
  }

  @Test func withoutUTF8TheDecisionIsInLetters() throws {
    var state = Self.state(appearance: Appearance(symbols: .ascii, unicode: false))
    AppFixture.press(
      [.character("2"), .character("X"), .character("8"), .character("9")], &state)
    let (top, _, _) = try Self.topEdge(state)
    #expect(top.contains(" ** X G B "), "\(top)")
  }

  @Test func theListAndTheDetailViewShowItToo() {
    var state = Self.state()
    AppFixture.press([.character("4"), .character("X"), .character("9"), .character("v")], &state)
    let row = GalleryView.render(state).text.split(separator: "\n").first {
      $0.contains("office-1.jpg")
    }
    #expect(row?.contains("★★★★ ✗ ● ") == true, "\(row ?? "")")
    AppFixture.press([.enter], &state)
    let detail = GalleryView.render(state).text
    #expect(detail.contains("★★★★ ✗ rejected ● blue"), "\(detail)")
  }

  @Test func anUndecidedTileIsAsBefore() {
    let state = FrameGoldenTests.withArt(Self.state())
    var decided = state
    decided.content.setDecisions(["/pictures/Office/office-1.jpg": Self.decided])
    decided.content.setDecisions(["/pictures/Office/office-1.jpg": .undecided])
    #expect(GalleryView.render(decided) == GalleryView.render(state))
  }

  @Test func theJSONOfPrintGivesTheDecision() {
    var state = Self.state()
    _ = state.update(.decisionsRead(["/pictures/Office/office-1.jpg": Self.decided]))
    let json = GalleryPrinter.json(state)
    #expect(
      json.contains(
        "\"path\": \"/pictures/Office/office-1.jpg\", \"format\": \"jpeg\", \"broken\": null, "
          + "\"duration\": null, \"rating\": 3, \"flag\": \"picked\", \"labels\": [\"red\", \"blue\"]"
      ), "\(json)")
    #expect(json.contains("\"rating\": 0, \"flag\": null, \"labels\": []"))
  }
}
