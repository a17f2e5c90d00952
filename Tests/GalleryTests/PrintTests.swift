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

  static func document(width: Int, height: Int) throws -> Document {
    let state = GalleryPrinter.state(library: AppFixture.library(), width: width, height: height)
    return try JSONDecoder().decode(Document.self, from: Data(GalleryPrinter.json(state).utf8))
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
    let document = try Self.document(width: width, height: height)
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
