import LibraryIndex
import Pictures
import TestSupport
import Testing

/// The focus point is kept with the other details: a point with its area, a point alone,
/// none; and an index of the version before it, which has no column for it, is made again.
@Suite struct FocusPointIndexTests {
  @Test func eachFormComesBack() throws {
    let files = FolderFixture()
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    var alone = IndexSamples.full
    alone.focusPoint = FocusPoint(x: 1, y: 0)
    var none = IndexSamples.full
    none.focusPoint = nil
    let entries = [
      IndexEntry(IndexSamples.stamp("/p/area.jpg"), IndexSamples.full),
      IndexEntry(IndexSamples.stamp("/p/alone.jpg"), alone),
      IndexEntry(IndexSamples.stamp("/p/none.jpg"), none),
    ]
    #expect(IndexSamples.full.focusPoint?.area != nil)
    #expect(index.record(entries) == nil)
    let found = index.lookUp(entries.map(\.stamp)).details
    for entry in entries {
      #expect(found[entry.stamp.path]?.focusPoint == entry.details.focusPoint)
    }
    // A row's details read again replace its point, to none too.
    #expect(index.record([IndexEntry(IndexSamples.stamp("/p/area.jpg"), none)]) == nil)
    let replaced = index.lookUp([IndexSamples.stamp("/p/area.jpg")]).details
    #expect(replaced["/p/area.jpg"] == none)
  }

  @Test func theVersionBeforeIsMadeAgain() throws {
    let files = FolderFixture()
    let path = files.path("library.sqlite")
    let library = try DamageTests.made(path, count: 20)
    try VersionTests.setVersion(2, at: path)
    let (opened, _) = IndexSamples.open(path)
    let index = try #require(opened)
    #expect(index.lookUp(library.map(\.stamp)).details.isEmpty)
    #expect(index.record(library) == nil)
    let found = index.lookUp(library.map(\.stamp)).details
    #expect(found.count == 20)
    #expect(found.values.allSatisfy { $0.focusPoint == IndexSamples.full.focusPoint })
  }
}
