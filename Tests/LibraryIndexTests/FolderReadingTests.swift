import LibraryIndex
import Pictures
import TestSupport
import Testing

/// A large lookup reads each folder's own rows: not those of the folders beside or
/// under it, which may hold far more files than were asked for.
@Suite struct FolderReadingTests {
  static func entries(_ names: [String], in folder: String) -> [IndexEntry] {
    names.enumerated().map { number, name in
      IndexEntry(IndexSamples.stamp(folder + "/" + name, inode: UInt64(number)), IndexSamples.full)
    }
  }

  /// Before, the rows under the deepest folder holding every file asked for were read:
  /// here the 2,000 of `a/sub` and its neighbours as well as the 600 of `a`.
  @Test func aFolderIsReadWithoutItsSubFolders() throws {
    let files = FolderFixture()
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    // Names that sort around the sub-folder's keys (`sub.jpg` < `sub/…` < `sub0.jpg`).
    let own = Self.entries(
      (0..<600).map { "IMG_\($0).jpg" } + ["sub.jpg", "sub-1.jpg", "sub0.jpg", "sub 2.jpg"],
      in: "/home/ana/a")
    let under = Self.entries((0..<2000).map { "IMG_\($0).jpg" }, in: "/home/ana/a/sub")
    let deeper = Self.entries((0..<300).map { "IMG_\($0).jpg" }, in: "/home/ana/a/sub 2/x")
    #expect(index.record(own + under + deeper) == nil)
    let found = index.lookUp(own.map(\.stamp))
    #expect(found.details.count == own.count)
    #expect(Set(found.details.keys) == Set(own.map(\.stamp.path)))
    #expect(found.rowsRead <= own.count + 2, "one row of each sub-folder, then a search past it")
    let both = index.lookUp((own + deeper).map(\.stamp))
    #expect(both.details.count == own.count + deeper.count)
    #expect(both.rowsRead <= own.count + deeper.count + 2)
  }

  /// A few files of a folder are found by a query each, beside a folder read whole.
  @Test func aFewFilesOfAFolderAreQueriedOneByOne() throws {
    let files = FolderFixture()
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    let large = Self.entries((0..<1000).map { "IMG_\($0).jpg" }, in: "/srv/large")
    let many = Self.entries((0..<600).map { "IMG_\($0).jpg" }, in: "/srv/many")
    #expect(index.record(large + many) == nil)
    var asked = many.map(\.stamp) + large.prefix(3).map(\.stamp)
    asked[1].byteSize += 1
    let found = index.lookUp(asked)
    #expect(found.details.count == asked.count - 1, "a rewritten file gets no answer")
    #expect(found.details[asked[1].path] == nil)
    #expect(found.details[large[2].stamp.path] == IndexSamples.full)
    #expect(found.rowsRead == many.count + 3)
  }
}
