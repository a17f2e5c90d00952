import Testing

@testable import GalleryRuntime

/// The edits that take a rewritten file back: each changed stretch of a file of the same
/// size, or one span where bytes were added, and nothing kept past the limit.
@Suite struct ByteEditsTests {
  @Test func changesInPlaceAreKeptAsTheirStretches() throws {
    var old = [UInt8](repeating: 7, count: 20_000)
    old[100] = 1
    var new = old
    new[5] = 9
    new[6] = 9
    new[15_000] = 3
    let edits = try #require(ByteEdits(from: new, to: old))
    #expect(edits.edits.map(\.range) == [5..<7, 15_000..<15_001])
    #expect(edits.undoing(new) == old)
    #expect(edits.undoing(new + [0]) == nil, "another size is not the file edited")
  }

  @Test func addedBytesAreOneSpan() throws {
    let old = Array("SOI-rest of the picture".utf8)
    let new = Array("SOI-EXIF-rest of the picture".utf8)
    let edits = try #require(ByteEdits(from: new, to: old))
    #expect(edits.edits.count == 1)
    #expect(edits.undoing(new) == old)
    #expect(ByteEdits(from: old, to: new)?.undoing(old) == new)
  }

  @Test func tooManyChangesKeepNothing() {
    let old = [UInt8](repeating: 0, count: ByteEdits.largest + 10)
    let new = [UInt8](repeating: 1, count: ByteEdits.largest + 10)
    #expect(ByteEdits(from: new, to: old) == nil)
  }
}
