import Foundation
import Pictures
import Testing

@testable import Gallery

/// When a file at a path is the one known before: the same size and time, and the same
/// device and inode when both are known; a time not known matches nothing.
@Suite struct FileStampMatchTests {
  static let path = "/pictures/A/a.jpg"

  static func picture(size: Int64 = 1_000, time: Double? = 5, inode: UInt64? = 7) -> Picture {
    Picture(
      path: path, fileName: "a.jpg", byteSize: size,
      modificationDate: time.map { Date(timeIntervalSince1970: $0) }, format: .jpeg,
      device: inode == nil ? nil : 1, inode: inode)
  }

  static func measures(of picture: Picture) -> TrashedMeasures {
    var measures = TrashedMeasures()
    measures.keep(
      TrashedMeasures.Kept(
        stamp: FileStamp(picture), likeness: PerceptualHash(bits: 1), contentHash: "x"),
      at: path)
    return measures
  }

  @Test func aFileBackFromTheTrashAsItLeftFindsItsHashes() {
    var measures = Self.measures(of: Self.picture())
    #expect(measures.take(for: Self.picture())?.contentHash == "x")
    var unknown = Self.measures(of: Self.picture(inode: nil))
    #expect(unknown.take(for: Self.picture())?.contentHash == "x", "an inode not known")
  }

  @Test func anotherInodeOfTheSameSizeAndTimeIsHashedAfresh() {
    var measures = Self.measures(of: Self.picture())
    #expect(measures.take(for: Self.picture(inode: 8)) == nil)
    #expect(measures.isEmpty, "what was kept is dropped")
  }

  @Test func aTimeNotKnownMatchesNothing() {
    var measures = Self.measures(of: Self.picture(time: nil))
    #expect(measures.take(for: Self.picture(time: nil)) == nil)
  }

  @Test func anotherInodeAtAPathIsARewrite() {
    let section = LibrarySection(
      name: "A", folder: URL(fileURLWithPath: "/pictures/A"), pictures: [Self.picture()])
    let library = Library(sections: [section])
    func rewritten(by arrived: Picture) -> [String] {
      var changes = FolderChanges(ordering: SectionOrdering(roots: []))
      changes.arrived = [DuplicatesChangesStateTests.arrival(arrived)]
      return library.applying(changes).rewritten
    }
    #expect(rewritten(by: Self.picture()).isEmpty, "the same file")
    #expect(rewritten(by: Self.picture(inode: 8)) == [Self.path], "another inode")
    #expect(rewritten(by: Self.picture(time: nil)) == [Self.path], "a time not known")
  }
}
