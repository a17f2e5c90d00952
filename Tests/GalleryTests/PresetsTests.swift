import CompositionalLayout
import Foundation
import TestSupport
import Testing

@testable import Gallery

/// The layout presets: golden text pictures at a few sizes, `--print --format json`
/// geometry per preset, and navigation that reaches every picture.
@Suite struct PresetsTests {
  static let sizes = [(80, 24), (90, 50), (160, 50), (200, 60)]

  static func state(_ preset: LayoutPreset, width: Int, height: Int) -> GalleryState {
    var state = GalleryState(
      library: AppFixture.library(office: 7, kitchen: 9, macbook: 12), width: 10, height: 10,
      configuration: .init(layoutPreset: preset))
    _ = state.update(.resize(width: width, height: height, cellAspect: 2))
    return state
  }

  /// The first screen of the layout as letters per picture, `#` for headers.
  static func picture(_ state: GalleryState) -> String {
    state.layout.textPicture(
      in: CellRect(x: 0, y: 0, width: state.screen.width, height: state.viewHeight),
      orthogonalOffsets: [:])
  }

  @Test(arguments: LayoutPreset.allCases)
  func goldenPictures(preset: LayoutPreset) throws {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .appendingPathComponent("PresetGoldens")
    for (width, height) in [(80, 24), (90, 50), (160, 50)] {
      let text = Self.picture(Self.state(preset, width: width, height: height)) + "\n"
      let url = folder.appendingPathComponent("\(preset.rawValue)-\(width)x\(height).txt")
      let expected = try GoldenFile.expected(at: url, actual: text)
      #expect(text == expected, "\(GoldenFile.hint(url))")
    }
  }

  typealias Element = PrintTests.Element
  typealias Document = PrintTests.Document

  /// The preset's geometry as a screen lays it out, in the JSON `--print` writes.
  static func document(_ preset: LayoutPreset, width: Int, height: Int) throws -> Document {
    try PrintTests.screen(preset: preset, width: width, height: height)
  }

  static func items(_ document: Document, section: Int) -> [Element] {
    document.elements.filter { $0.kind == "item" && $0.section == section }
  }

  /// Pictures sharing the first row's top edge.
  static func columns(_ document: Document, section: Int) -> Int {
    let items = items(document, section: section)
    guard let top = items.map(\.y).min() else { return 0 }
    return items.filter { $0.y == top }.count
  }

  @Test(arguments: [(80, 24, 3), (90, 50, 3), (160, 50, 5), (200, 60, 7)])
  func gridColumnsFollowTheWidth(width: Int, height: Int, columns: Int) throws {
    let document = try Self.document(.grid, width: width, height: height)
    for section in 0..<3 {
      #expect(Self.columns(document, section: section) == columns)
      let first = try #require(Self.items(document, section: section).first)
      // Square on screen: rows × 2 (the cell aspect) ≈ columns, ring aside; or capped.
      let art = Double(first.height - 2) * 2 / Double(first.width - 2)
      #expect(art <= 1.2, "section \(section): \(first)")
    }
  }

  @Test(arguments: sizes)
  func flowSpreadsTheLeftoverEvenly(width: Int, height: Int) throws {
    let document = try Self.document(.flow, width: width, height: height)
    let items = Self.items(document, section: 0)
    let sizes = Set(items.map { "\($0.width)x\($0.height)" })
    #expect(sizes.count == 1, "one item size: \(sizes)")
    let itemWidth = try #require(items.first?.width)
    let columns = Self.columns(document, section: 0)
    #expect(columns == max(1, (width - 2 + 1) / (itemWidth + 1)))
    let row = items.filter { $0.y == items[0].y }.sorted { $0.x < $1.x }
    let gaps = zip(row, row.dropFirst()).map { $1.x - ($0.x + $0.width) }
    #expect((gaps.max() ?? 0) - (gaps.min() ?? 0) <= 1, "gaps \(gaps)")
    if let last = row.last, row.count > 1 { #expect(last.x + last.width == width - 1) }
    let small = width < 120 && height >= 30
    #expect(itemWidth == (small ? 14 : 18))
  }

  @Test(arguments: sizes)
  func browseStacksPairsAndRows(width: Int, height: Int) throws {
    let document = try Self.document(.browse, width: width, height: height)
    // First section: three items stacked, the stack 0.9 of the width (less one column).
    let stacks = Self.items(document, section: 0)
    #expect(stacks[0].x == stacks[1].x && stacks[1].x == stacks[2].x)
    #expect(stacks[1].y == stacks[0].y + stacks[0].height)
    #expect(stacks[3].x > stacks[0].x && stacks[3].y == stacks[0].y)
    #expect(abs(stacks[0].width + 1 - Int((Double(width) * 0.9).rounded())) <= 1)
    // Second: pairs of two, one above the other, of one absolute size.
    let pairs = Self.items(document, section: 1)
    #expect(pairs[0].x == pairs[1].x && pairs[1].y == pairs[0].y + pairs[0].height)
    #expect(pairs[2].x > pairs[0].x)
    #expect(pairs[0].width == (width >= 120 ? 24 : 20))
    // The rest: full-width rows, one per picture.
    let rows = Self.items(document, section: 2)
    #expect(rows.allSatisfy { $0.width == width && $0.x == 0 })
    #expect(Set(rows.map(\.y)).count == rows.count)
  }

  /// A folder of seventy photos alone is a grid in every preset: the first-row behaviour
  /// is for a gallery of several sections. In the showcase it takes the later grids'
  /// columns (4, 6 in regular width); a second section brings the row back.
  @Test(arguments: [LayoutPreset.showcase, .grid, .flow, .browse])
  func aLoneFolderIsAGridInEveryPreset(preset: LayoutPreset) throws {
    let lone = Library(sections: [AppFixture.library(office: 70).sections[0]])
    for (width, height) in [(80, 24), (120, 40), (160, 50)] {
      var state = GalleryState(
        library: lone, width: width, height: height, configuration: .init(layoutPreset: preset))
      #expect(state.layout.sections.count == 1)
      #expect(state.layout.sections.first?.isOrthogonal == false, "\(preset) \(width)×\(height)")
      #expect(!state.showsRows(inSection: 0))
      let document = try PrintTests.decode(state)
      let items = Self.items(document, section: 0)
      #expect(items.allSatisfy { $0.x + $0.width <= width })
      let columns = Self.columns(document, section: 0)
      #expect(columns >= 3, "\(preset) \(width)×\(height): \(columns) columns")
      if preset == .showcase { #expect(columns == (width >= 120 ? 6 : 4)) }
      // Moving down a grid of a lone folder goes a row at a time.
      _ = state.update(.key(.down))
      #expect(state.focus == ItemIndexPath(item: columns, section: 0))
    }
    let two = GalleryState(
      library: AppFixture.library(office: 70, kitchen: 5, macbook: 0), width: 120, height: 40,
      configuration: .init(layoutPreset: preset))
    #expect(two.layout.sections.first?.isOrthogonal == (preset == .showcase || preset == .browse))
  }

  @Test(arguments: sizes)
  func listIsOneRowPerPicture(width: Int, height: Int) throws {
    let document = try Self.document(.list, width: width, height: height)
    for section in 0..<3 {
      let rows = Self.items(document, section: section)
      #expect(rows.count == [15, 25, 30][section])
      #expect(rows.allSatisfy { $0.width == width && $0.height == ListPreset.rowHeight })
    }
  }

  /// `--layout list` is the list `v` shows: it starts there, every section drawn as rows
  /// with the row's thumbnail box, and `v` goes to the showcase's grids.
  @Test func theListPresetIsTheListAndVLeavesItForTheShowcase() {
    var state = Self.state(.list, width: 80, height: 24)
    #expect(state.presentation.showsList)
    #expect(state.sections.indices.allSatisfy { state.showsRows(inSection: $0) })
    let focusFrame = state.frame(of: ItemIndexPath(item: 0, section: 0))
    #expect(focusFrame?.height == ListPreset.rowHeight)
    #expect(
      state.thumbnailWants().allSatisfy { $0.size == ListPreset.thumbnailBox(cellAspect: 2) })
    _ = state.update(.key(.character("v")))
    #expect(!state.presentation.showsList)
    #expect(!state.sections.indices.contains { state.showsRows(inSection: $0) })
    let showcase = Self.state(.showcase, width: 80, height: 24)
    #expect(Self.picture(state) == Self.picture(showcase))
    _ = state.update(.key(.character("v")))
    #expect(
      state.presentation.showsList && state.frame(of: state.focus!)?.height == ListPreset.rowHeight)
  }

  /// Browse draws its stacks and its last sections as list rows, its pairs as grid cells;
  /// printed rows look like the list's rows.
  @Test func browseRowsAreListRows() throws {
    let state = GalleryPrinter.state(
      library: AppFixture.library(), width: 80, height: 24,
      configuration: .init(layoutPreset: .browse))
    #expect(state.showsRows(inSection: 0) && !state.showsRows(inSection: 1))
    #expect(state.showsRows(inSection: 2))
    let rows = GalleryPrinter.elements(state).filter {
      $0.category == .item && $0.indexPath.section == 2
    }
    #expect(rows.allSatisfy { $0.frame.height == ListPreset.rowHeight })
    let pair = try #require(
      GalleryPrinter.elements(state).first { $0.category == .item && $0.indexPath.section == 1 })
    #expect(state.artBox(for: pair)?.columns == pair.frame.width - 2)
    let text = GalleryPrinter.plain(state)
    let list = GalleryPrinter.plain(
      GalleryPrinter.state(
        library: AppFixture.library(), width: 80, height: 24,
        configuration: .init(layoutPreset: .list)))
    let macbookRow = try #require(
      text.split(separator: "\n").first { $0.contains("macbook-1.jpg") })
    #expect(list.split(separator: "\n").contains(macbookRow), "the same row in both:\n\(text)")
  }

  /// Down and right from the first picture reach every picture once, the focus always on
  /// screen: spatial navigation works on every preset's frames.
  @Test(arguments: LayoutPreset.allCases)
  func navigationReachesTheEnd(preset: LayoutPreset) {
    for (width, height) in Self.sizes {
      var state = Self.state(preset, width: width, height: height)
      var seen = Set<ItemIndexPath>()
      for _ in 0..<200 {
        if let focus = state.focus { seen.insert(focus) }
        #expect(AppFixture.focusIsOnScreen(state), "\(preset) \(width)x\(height)")
        _ = state.update(.key(.down))
      }
      #expect(state.focus?.section == 2, "\(preset) \(width)x\(height): ends in the last section")
      _ = state.update(.key(.end))
      #expect(state.focus == state.lastPath)
      #expect(seen.count > 3)
    }
  }

  @Test func browseStacksMoveRightByStack() {
    var state = Self.state(.browse, width: 80, height: 24)
    #expect(state.focus == ItemIndexPath(item: 0, section: 0))
    _ = state.update(.key(.right))
    #expect(state.focus == ItemIndexPath(item: 3, section: 0))
    _ = state.update(.key(.down))
    #expect(state.focus == ItemIndexPath(item: 4, section: 0))
    _ = state.update(.key(.left))
    #expect(state.focus == ItemIndexPath(item: 1, section: 0))
  }
}
