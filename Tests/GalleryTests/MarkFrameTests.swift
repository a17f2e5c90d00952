import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import TestSupport
import Testing

@testable import Gallery

/// A marked tile, as a terminal shows it after the writer's bytes: a thick frame round
/// it and a filled check in its corner, every letter of its badge and name kept; the
/// focus apart from the mark, on the same tile and on another, with colours and without.
@Suite struct MarkFrameTests {
  /// What a terminal in `mode` shows for `state`.
  static func screen(_ state: GalleryState, mode: ColorMode = .truecolor) -> Frame {
    var writer = ANSIWriter(mode: mode)
    var model = ScreenModel(width: state.screen.width, height: state.screen.height)
    model.apply(writer.update(from: nil, to: GalleryView.render(state), scrolling: false))
    #expect(model.errors.isEmpty, "\(model.errors)")
    return model.frame
  }

  /// The focused tile's rectangle on the screen.
  static func focusedTile(_ state: GalleryState) throws -> CellRect {
    let focus = try #require(state.focus)
    let rect = try #require(state.frame(of: focus))
    return rect.offsetBy(dx: 0, dy: -state.scrollY)
  }

  /// The characters of `width` cells of row `y` from `x`.
  static func text(_ screen: Frame, x: Int, y: Int, width: Int) -> String {
    String((x..<(x + width)).map { screen[$0, y].character ?? " " })
  }

  /// The ring of `tile` without its top and bottom edges: the left and right sides.
  static func sides(_ screen: Frame, _ tile: CellRect) -> (
    left: Set<Character>, right: Set<Character>
  ) {
    let rows = (tile.minY + 1)..<(tile.maxY - 1)
    return (
      Set(rows.map { screen[tile.minX, $0].character ?? " " }),
      Set(rows.map { screen[tile.maxX - 1, $0].character ?? " " })
    )
  }

  @Test func aMarkedPairKeepsItsWholeBadgeInsideAThickFrame() throws {
    var state = PairsTests.state()
    let tile = try Self.focusedTile(state)
    AppFixture.press([.character("m"), .right], &state)
    let screen = Self.screen(state)
    let top = Self.text(screen, x: tile.minX, y: tile.minY, width: tile.width)
    #expect(top.hasPrefix("✓ RAW+JPG ▄▄"), "the check in the corner, the badge whole: \(top)")
    #expect(top.hasSuffix("▄▄▖"), "\(top)")
    let bottom = Self.text(screen, x: tile.minX, y: tile.maxY - 1, width: tile.width)
    #expect(bottom.hasPrefix("▝▀") && bottom.hasSuffix("▀▘"), "\(bottom)")
    #expect(bottom.contains("▀ IMG_0001.JPG ▀"), "the name whole: \(bottom)")
    let sides = Self.sides(screen, tile)
    #expect(sides.left == ["▐"] && sides.right == ["▌"], "\(sides)")
    #expect(screen[tile.minX, tile.minY + 1].style == Theme.dark.markFrame)
    #expect(screen[tile.minX, tile.minY].style == Theme.dark.markBadge)
  }

  @Test func aMarkedVideoKeepsItsLength() throws {
    var state = VideoTileTests.state()
    AppFixture.press([.down], &state)
    let tile = try Self.focusedTile(state)
    AppFixture.press([.character("m"), .right], &state)
    let screen = Self.screen(state)
    let top = Self.text(screen, x: tile.minX, y: tile.minY, width: tile.width)
    #expect(top.hasPrefix("✓ ▶ 0:42 ▄"), "\(top)")
  }

  /// Without colours the shape tells them apart: no frame, the thin focus frame, the
  /// thick mark frame, and the thick frame with the name in reverse video where both are.
  @Test func focusAndMarkDifferWithoutColours() throws {
    var state = PairsTests.state()
    func tile(_ item: Int) throws -> CellRect {
      let rect = try #require(state.frame(of: ItemIndexPath(item: item, section: 0)))
      return rect.offsetBy(dx: 0, dy: -state.scrollY)
    }
    // The first and the third marked, the focus on the third.
    AppFixture.press([.character("m"), .right, .right, .character("m")], &state)
    let screen = Self.screen(state, mode: .monochrome)
    func name(_ tile: CellRect) -> Cell { screen[tile.minX + tile.width / 2, tile.maxY - 1] }
    #expect(Self.sides(screen, try tile(0)).left == ["▐"], "marked")
    #expect(!name(try tile(0)).style.attributes.contains(.reverse))
    #expect(Self.sides(screen, try tile(2)).left == ["▐"], "marked and focused")
    #expect(name(try tile(2)).style.attributes.contains(.reverse))
    #expect(Self.sides(screen, try tile(1)).left == [" "], "neither")
    #expect(!name(try tile(1)).style.attributes.contains(.reverse))
    AppFixture.press([.left], &state)
    let moved = Self.screen(state, mode: .monochrome)
    #expect(Self.sides(moved, try tile(1)).left == ["│"], "focused: the thin frame")
    #expect(moved[try tile(1).minX, try tile(1).minY].character == "╭")
    #expect(Self.sides(moved, try tile(2)).left == ["▐"])
    #expect(moved[try tile(0).minX, try tile(0).minY].character == "✓")
    #expect(moved[try tile(0).minX, try tile(0).minY].style.attributes.contains(.reverse))
  }

  @Test func theFocusOnAMarkedTileTakesTheFocusColour() throws {
    var state = PairsTests.state()
    let tile = try Self.focusedTile(state)
    AppFixture.press([.character("m")], &state)
    let screen = Self.screen(state)
    #expect(Self.sides(screen, tile).left == ["▐"])
    #expect(screen[tile.minX, tile.minY + 1].style == Theme.dark.focusBorder)
    #expect(screen[tile.minX, tile.minY].character == "✓")
  }

  @Test func withoutUTF8TheFrameIsHashes() throws {
    var state = GalleryState(
      library: AppFixture.library(), width: 80, height: 24,
      configuration: .init(
        layoutPreset: .grid, appearance: Appearance(symbols: .ascii, unicode: false)))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    AppFixture.press([.character("m"), .right], &state)
    let marked = try #require(state.frame(of: ItemIndexPath(item: 0, section: 0)))
    let tile = marked.offsetBy(dx: 0, dy: -state.scrollY)
    let screen = Self.screen(state, mode: .monochrome)
    #expect(Self.sides(screen, tile).left == ["#"] && Self.sides(screen, tile).right == ["#"])
    #expect(screen[tile.minX, tile.minY].character == "+")
  }

  @Test func aMarkedListRowHasABarBeforeItsThumbnail() throws {
    var state = AppFixture.state(width: 120, height: 40)
    AppFixture.press([.character("m"), .character("v")], &state)
    let row = try Self.focusedTile(state)
    let box = ListPreset.thumbnailBox(rows: row.height, cellAspect: state.cellAspect)
    let screen = Self.screen(state, mode: .monochrome)
    let x = row.minX + ListPreset.leading - 1
    #expect(
      (row.minY..<(row.minY + box.rows)).allSatisfy {
        screen[x, $0].style.attributes.contains(.reverse)
      }, "a filled bar")
    #expect((row.minY..<(row.minY + box.rows)).contains { screen[x, $0].character == "✓" })
  }

  @Test func theDetailViewFramesAMarkedPicture() {
    var state = AppFixture.state()
    AppFixture.press([.enter, .character("m")], &state)
    let rect = state.detailLayout.artRect
    let screen = Self.screen(state, mode: .monochrome)
    let rows = rect.minY..<rect.maxY
    #expect(Set(rows.map { screen[rect.minX - 1, $0].character }) == ["▐"])
    #expect(Set(rows.map { screen[rect.maxX, $0].character }) == ["▌"])
    #expect(Self.text(screen, x: 0, y: rect.maxY, width: screen.width).contains("[ ✓ marked ]"))
    AppFixture.press([.character("m")], &state)
    #expect(Self.screen(state)[rect.minX - 1, rect.minY].character == " ", "unmarked")
  }

  /// In pixels the pictures cover the inside of the tiles alone: the frame, the check and
  /// the badge are text beside them, as in cells.
  @Test(arguments: [TerminalImage.Format.kitty, .sixel, .iterm2])
  func inPixelsTheFrameAndTheBadgeShowAroundThePicture(_ format: TerminalImage.Format) throws {
    let library = Library(
      sections: [
        LibrarySection(
          name: "DCIM", folder: URL(fileURLWithPath: PairsTests.folder), pictures: PairsTests.card)
      ], stats: ScanStats())
    var state = GalleryState(
      library: library, width: 10, height: 10,
      configuration: .init(layoutPreset: .grid, appearance: Appearance(pictureFormat: format)))
    _ = state.update(
      .resize(
        width: 100, height: 30, cellAspect: 2,
        cellPixels: CellPixelSize(width: ScreenModel.cellWidth, height: ScreenModel.cellHeight)))
    for (index, want) in state.thumbnailWants().enumerated() {
      let image = ScreenModel.testImage(
        UInt32(index + 1), format, columns: want.size.columns, rows: want.size.rows)
      _ = state.update(
        .pictureReady(want.pictureKey, result: .image(image, metadata: nil, isPartial: false)))
    }
    let tile = try Self.focusedTile(state)
    AppFixture.press([.character("m"), .right], &state)
    var writer = ANSIWriter(mode: .truecolor)
    var model = ScreenModel(width: 100, height: 30)
    model.apply(writer.update(from: nil, to: GalleryView.render(state), scrolling: false))
    #expect(model.errors.isEmpty, "\(model.errors)")
    let seen = model.seen
    func text(_ x: Int, _ y: Int) -> Character? {
      if case .text(let cell) = seen[y * 100 + x] { return cell.character }
      return nil
    }
    let top = String((tile.minX..<tile.maxX).compactMap { text($0, tile.minY) })
    #expect(top.hasPrefix("✓ RAW+JPG ▄") && top.count == tile.width, "\(top)")
    let rows = (tile.minY + 1)..<(tile.maxY - 1)
    #expect(Set(rows.map { text(tile.minX, $0) }) == ["▐"])
    #expect(Set(rows.map { text(tile.maxX - 1, $0) }) == ["▌"])
    let middle = seen[(tile.minY + tile.height / 2) * 100 + tile.minX + tile.width / 2]
    guard case .picture = middle else {
      Issue.record("no picture inside the tile: \(middle)")
      return
    }
  }
}
