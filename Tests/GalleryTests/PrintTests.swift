import CompositionalLayout
import Foundation
import Testing

@testable import Gallery

/// `--print --format json` and `--format plain`, through the same functions the command uses.
@Suite struct PrintTests {
  struct Element: Decodable {
    var section: Int
    var item: Int
    var kind: String
    var x: Int
    var y: Int
    var width: Int
    var height: Int
    var name: String
    var format: String?
  }

  struct Document: Decodable {
    var width: Int
    var height: Int
    var contentHeight: Int
    var horizontalSizeClass: String
    var verticalSizeClass: String
    var elements: [Element]
  }

  /// The JSON of the printed gallery: a document, every section laid down the page.
  static func document(width: Int, height: Int) throws -> Document {
    let state = GalleryPrinter.state(library: AppFixture.library(), width: width, height: height)
    return try decode(state)
  }

  /// The same JSON for the gallery as a screen lays it out (the first row sideways): the
  /// geometry of the presets.
  static func screen(
    _ library: Library = AppFixture.library(), preset: LayoutPreset = .showcase, width: Int,
    height: Int
  ) throws -> Document {
    let state = GalleryState(
      library: library, width: width, height: height,
      configuration: .init(layoutPreset: preset), focused: false)
    return try decode(state)
  }

  static func decode(_ state: GalleryState) throws -> Document {
    try JSONDecoder().decode(Document.self, from: Data(GalleryPrinter.json(state).utf8))
  }

  /// Pictures in the first row of a section that lie wholly within the width.
  static func columns(_ document: Document, section: Int) -> Int {
    let items = document.elements.filter { $0.kind == "item" && $0.section == section }
    guard let top = items.map(\.y).min() else { return 0 }
    return items.filter { $0.y == top && $0.x + $0.width <= document.width }.count
  }

  @Test(arguments: [
    (80, 24, "compact", "compact", 2, 4), (90, 50, "compact", "regular", 2, 4),
    (160, 50, "regular", "regular", 3, 6), (200, 60, "regular", "regular", 3, 6),
  ])
  func columnsMatchTheTable(
    width: Int, height: Int, horizontal: String, vertical: String, kitchen: Int, macbook: Int
  ) throws {
    let document = try Self.screen(width: width, height: height)
    #expect(document.horizontalSizeClass == horizontal)
    #expect(document.verticalSizeClass == vertical)
    #expect(Self.columns(document, section: 1) == kitchen)
    #expect(Self.columns(document, section: 2) == macbook)
    // Office: one orthogonal row holding every picture.
    let office = document.elements.filter { $0.kind == "item" && $0.section == 0 }
    #expect(office.count == 15)
    #expect(Set(office.map(\.y)).count == 1)
    let onPage = office.filter { $0.x + $0.width <= width }
    let peeking = office.filter { $0.x < width && $0.x + $0.width > width }
    if horizontal == "compact" {
      #expect(onPage.count == 1)
      #expect(peeking.count == 1, "the next picture peeks in")
      #expect(abs(Double(onPage[0].width) - 0.85 * Double(width)) <= 1)
    } else {
      #expect(onPage.count == 2)
      #expect(peeking.isEmpty)
    }
  }

  /// Printed, the Office row is laid down the page at the row's sizes (one picture a row,
  /// two in regular width): every picture lies within the width, so none is cut off.
  @Test(arguments: [(80, 24, 1), (160, 50, 2)])
  func thePrintedFirstRowIsAGridOfItsPictures(width: Int, height: Int, perRow: Int) throws {
    let printed = try Self.document(width: width, height: height)
    let screen = try Self.screen(width: width, height: height)
    let office = printed.elements.filter { $0.kind == "item" && $0.section == 0 }
    #expect(office.count == 15)
    #expect(office.allSatisfy { $0.x + $0.width <= width }, "every picture is on the page")
    #expect(Self.columns(printed, section: 0) == perRow)
    #expect(Set(office.map(\.y)).count == (15 + perRow - 1) / perRow)
    let onScreen = screen.elements.first { $0.kind == "item" && $0.section == 0 }
    #expect(office.first?.width == onScreen?.width && office.first?.height == onScreen?.height)
    // The other sections as on screen.
    #expect(Self.columns(printed, section: 1) == Self.columns(screen, section: 1))
    let plain = GalleryPrinter.plain(
      GalleryPrinter.state(library: AppFixture.library(), width: width, height: height))
    for index in 1...15 { #expect(plain.contains("office-\(index).jpg"), "office-\(index)") }
  }

  /// Browse's stacks print as list rows and its pairs as rows of pairs' pictures.
  @Test func browsePrintsItsSidewaysSectionsDownThePage() throws {
    let state = GalleryPrinter.state(
      library: AppFixture.library(), width: 80, height: 24,
      configuration: .init(layoutPreset: .browse))
    let printed = try Self.decode(state)
    let stacks = printed.elements.filter { $0.kind == "item" && $0.section == 0 }
    #expect(stacks.count == 15 && stacks.allSatisfy { $0.x + $0.width <= 80 })
    #expect(state.showsRows(inSection: 0) && !state.showsRows(inSection: 1))
    let pairs = printed.elements.filter { $0.kind == "item" && $0.section == 1 }
    #expect(pairs.count == 25 && pairs.allSatisfy { $0.x + $0.width <= 80 })
    #expect(pairs.first?.width == 20)
    #expect(!state.layout.sections.contains { $0.isOrthogonal })
  }

  @Test func everyPictureAndHeaderIsListedOnceWithItsName() throws {
    let document = try Self.document(width: 80, height: 24)
    let items = document.elements.filter { $0.kind == "item" }
    #expect(items.count == 70)
    #expect(Set(items.map { "\($0.section)/\($0.item)" }).count == 70)
    let headers = document.elements.filter { $0.kind == "header" }
    #expect(headers.map(\.name) == ["Office", "Kitchen", "MacBook"])
    #expect(items.first { $0.section == 1 && $0.item == 4 }?.name == "kitchen-5.jpg")
    #expect(items.allSatisfy { $0.format == "jpeg" }, "each picture gives its format")
    #expect(headers.allSatisfy { $0.format == nil })
    #expect(items.allSatisfy { $0.y + $0.height <= document.contentHeight })
  }

  @Test func gridItemsNeverOverlap() throws {
    for (width, height) in [(80, 24), (90, 50), (160, 50), (200, 60), (57, 19)] {
      let items = try Self.document(width: width, height: height).elements.filter {
        $0.kind == "item"
      }
      let rects = items.map { CellRect(x: $0.x, y: $0.y, width: $0.width, height: $0.height) }
      for (index, rect) in rects.enumerated() {
        for other in rects[(index + 1)...] { #expect(!rect.intersects(other)) }
      }
    }
  }

  @Test func plainTextHasTheNamesAndTheFullHeight() {
    let state = GalleryPrinter.state(library: AppFixture.library(), width: 80, height: 24)
    let text = GalleryPrinter.plain(state)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
    #expect(lines.count == state.layout.contentSize.height)
    #expect(lines.allSatisfy { $0.count <= 80 })
    #expect(text.contains("Office  15 pictures"))
    #expect(text.contains("kitchen-25.jpg"))
    #expect(text.contains("macbook-30.jpg"))
    #expect(text.contains("office-1.jpg"))
    #expect(!text.contains("\u{1B}"))
  }

  @Test func jsonStringsAreEscaped() {
    #expect(GalleryPrinter.quoted("a\"b\\c\n\u{1}") == "\"a\\\"b\\\\c\\n\\u0001\"")
  }
}

extension PrintTests {
  /// JSON writes every control (C0, DEL, C1), the line separators and every format
  /// character as `\uXXXX` (a pair of surrogates above the BMP), and the document decodes
  /// back to the very text; a byte that is not UTF-8 stays the text `\xE9`.
  @Test func jsonEscapesControlsAndFormatCharacters() throws {
    let text =
      "a\u{1B}]52;c;eA==\u{07}\u{7F}\u{9B}\u{9D}\u{9C}\u{85}\u{202E}\u{2066}\u{200E}\u{61C}"
      + "\u{200B}\u{200D}\u{FEFF}\u{AD}\u{2028}\u{E0041}é😀"
    let quoted = GalleryPrinter.quoted(text)
    #expect(
      quoted == #""a\u001b]52;c;eA==\u0007\u007f\u009b\u009d\u009c\u0085\u202e\u2066\u200e"#
        + #"\u061c\u200b\u200d\ufeff\u00ad\u2028\udb40\udc41é😀""#)
    let decoded =
      try JSONSerialization.jsonObject(
        with: Data("[\(quoted)]".utf8)) as? [String]
    #expect(decoded == [text])
  }
}
