import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import TestSupport
import Testing

@testable import Gallery

/// Rendered screens compared with golden text (characters) and a separate style mask.
/// Re-record with `GALLERY_RECORD=1 swift test --filter FrameGoldenTests`.
@Suite struct FrameGoldenTests {
  /// Letters for the theme's styles, so masks read the same from one run to the next.
  static let legend: [Style: Character] = [
    Theme.dark.headerName: "H", Theme.dark.headerRule: "r", Theme.dark.name: "n",
    Theme.dark.focusBorder: "F",
    Theme.dark.focusName: "N", Theme.dark.placeholder: "p", Theme.dark.broken: "b",
    Theme.dark.status: "S",
    Theme.dark.statusName: "s", Theme.dark.label: "l", Theme.dark.helpBorder: "B",
    Theme.dark.helpKeys: "K",
    artStyle: "a",
  ]
  static let artStyle = Style(foreground: .indexed(33), background: .indexed(94))

  /// `state` after office-1's art and kitchen-1's failure arrived; the rest are loading.
  static func withArt(_ state: GalleryState) -> GalleryState {
    var state = state
    for want in state.thumbnailWants() {
      if want.path.hasSuffix("/office-1.jpg") {
        let size = want.size
        let cells = (0..<(size.columns * size.rows)).map { index in
          Cell(index % 3 == 0 ? "▚" : "▒", style: artStyle)
        }
        let fit = CellFit(column: 0, row: 0, columns: size.columns, rows: size.rows)
        _ = state.update(
          .thumbnailReady(
            path: want.path, size: size,
            result: .art(
              CellArt(size: size, fit: fit, cells: cells), metadata: nil, isPartial: false)))
      } else if want.path.hasSuffix("/kitchen-1.jpg") {
        _ = state.update(
          .thumbnailReady(path: want.path, size: want.size, result: .failed(.truncated)))
      }
    }
    return state
  }

  /// Compares the screen of `state` with the golden text and style mask called `name`
  /// (styles named by `legend`); `GALLERY_RECORD=1` writes them instead.
  static func check(
    _ name: String, _ state: GalleryState, legend: [Style: Character] = legend
  ) throws {
    let frame = GalleryView.render(withArt(state))
    let text = frame.text
    let mask = frame.styleMask(legend: legend).mask
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("AppGoldens")
    let textURL = folder.appendingPathComponent(name + ".txt")
    let maskURL = folder.appendingPathComponent(name + ".mask")
    let expectedText = try GoldenFile.expected(at: textURL, actual: text + "\n")
    let expectedMask = try GoldenFile.expected(at: maskURL, actual: mask + "\n")
    #expect(text + "\n" == expectedText, "\(GoldenFile.hint(textURL))")
    #expect(mask + "\n" == expectedMask, "\(GoldenFile.hint(maskURL))")
  }

  static func withInfo(_ state: GalleryState) -> GalleryState {
    var state = state
    let metadata = ImageMetadata(
      format: .jpeg, originalWidth: 1600, originalHeight: 1200, dateTaken: "2024:05:01 12:00:00",
      cameraModel: "Canon EOS R6")
    _ = state.update(
      .pictureDescribed(
        path: "/pictures/Office/office-1.jpg", outcome: .ready(metadata: metadata, isPartial: false)
      ))
    _ = state.update(
      .pictureDescribed(path: "/pictures/Kitchen/kitchen-1.jpg", outcome: .failed(.truncated)))
    return state
  }

  @Test func gridAt80x24() throws {
    try Self.check("grid-80x24", Self.withInfo(AppFixture.state(width: 80, height: 24)))
  }

  @Test func gridAt160x50AfterMoves() throws {
    var state = Self.withInfo(AppFixture.state(width: 160, height: 50))
    AppFixture.press([.down, .right], &state)
    try Self.check("grid-160x50-moved", state)
  }

  @Test func officeRowScrolledAt90x50() throws {
    var state = Self.withInfo(AppFixture.state(width: 90, height: 50))
    AppFixture.press([.right, .right], &state)
    try Self.check("grid-90x50-office-scrolled", state)
  }

  @Test func detailOfAPicture() throws {
    var state = Self.withInfo(AppFixture.state(width: 80, height: 24))
    AppFixture.press([.enter], &state)
    try Self.check("detail-80x24", state)
  }

  @Test func detailOfABrokenPicture() throws {
    var state = Self.withInfo(AppFixture.state(width: 80, height: 24))
    AppFixture.press([.down, .enter], &state)
    try Self.check("detail-broken-80x24", state)
  }

  @Test func helpOverlay() throws {
    var state = Self.withInfo(AppFixture.state(width: 90, height: 30))
    AppFixture.press([.character("?")], &state)
    try Self.check("help-90x30", state)
  }

  @Test func tooSmall() throws {
    try Self.check("too-small-20x6", AppFixture.state(width: 20, height: 6))
    try Self.check("too-small-40x5", AppFixture.state(width: 40, height: 5))
  }

  @Test func asciiBordersWithoutUTF8() throws {
    var state = GalleryState(
      library: AppFixture.library(), width: 80, height: 24,
      configuration: .init(
        appearance: Appearance(colorMode: .indexed256, symbols: .ascii, unicode: false)))
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    AppFixture.press([.down], &state)
    try Self.check("grid-ascii-80x24", Self.withInfo(state))
  }

  @Test func fileNamesAreSanitised() {
    var library = AppFixture.library(office: 1, kitchen: 0, macbook: 0)
    let evil = "bad\u{1B}[31mname\u{7}.jpg"
    library.sections[0] = LibrarySection(
      name: "Office\u{1B}]0;x", folder: library.sections[0].folder,
      pictures: [
        Picture(
          path: "/pictures/Office/" + evil, fileName: evil, byteSize: 10, modificationDate: Date(),
          format: .jpeg)
      ])
    var state = GalleryState(library: library, width: 80, height: 24)
    _ = state.update(.resize(width: 80, height: 24, cellAspect: 2))
    let frame = GalleryView.render(state)
    let controls = frame.cells.compactMap(\.character).flatMap(\.unicodeScalars).filter {
      $0.value < 0x20 || $0.value == 0x7F
    }
    #expect(controls.isEmpty)
    #expect(frame.text.contains("bad^[[31mname^G.jpg"))
    #expect(frame.text.contains("Office^[]0;x"))
    AppFixture.press([.enter], &state)
    let detail = GalleryView.render(state)
    #expect(
      detail.cells.compactMap(\.character).flatMap(\.unicodeScalars).allSatisfy {
        $0.value >= 0x20 && $0.value != 0x7F
      })
  }

  /// The status line names the picture, its size and position; the size classes and the
  /// terminal's size are for the help's bottom edge, not the status line.
  @Test func statusLineShowsNameDimensionsAndPosition() {
    var state = Self.withInfo(AppFixture.state(width: 90, height: 50))
    let frame = GalleryView.render(state)
    let status =
      frame.text.split(separator: "\n", omittingEmptySubsequences: false).last.map(String.init)
      ?? ""
    #expect(status.contains("office-1.jpg"))
    #expect(status.contains("1600×1200"))
    #expect(status.contains("1/15"))
    #expect(!status.contains("90×50") && !status.contains("regular"))
    AppFixture.press([.character("?"), .end], &state)
    #expect(GalleryView.render(state).text.contains("compact×regular 90×50"))
    AppFixture.press([.escape], &state)
    AppFixture.press([.tab, .right], &state)
    let moved = GalleryView.render(state).text
    #expect(moved.split(separator: "\n").last?.contains("kitchen-2.jpg  2/25") == true)
  }

  @Test func theFocusFrameIsRoundedAroundTheFocusedPicture() {
    var state = AppFixture.state(width: 90, height: 50)
    AppFixture.press([.tab, .right], &state)
    let frame = GalleryView.render(state)
    guard let focus = state.focus, let rect = AppFixture.screenFrame(state) else {
      Issue.record("no focus")
      return
    }
    #expect(focus == ItemIndexPath(item: 1, section: 1))
    #expect(frame[rect.minX, rect.minY].character == "╭")
    #expect(frame[rect.maxX - 1, rect.minY].character == "╮")
    #expect(frame[rect.minX, rect.maxY - 1].character == "╰")
    #expect(frame[rect.maxX - 1, rect.maxY - 1].character == "╯")
    #expect(frame[rect.minX, rect.minY].style == Theme.dark.focusBorder)
    let rounded = frame.cells.filter { $0.character == "╭" }.count
    #expect(rounded == 1)
  }
}
