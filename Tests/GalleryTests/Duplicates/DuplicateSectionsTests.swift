import Foundation
import Pictures
import Testing

@testable import Gallery

/// The duplicates grouping's sections, made from given hashes: the groups largest first,
/// each its best copy first (picked or rated, else the largest, else the oldest), the
/// pictures without a copy left out, and the titles.
@Suite struct DuplicateSectionsTests {
  static func picture(_ name: String, folder: String = "/p", modified: Double = 0) -> Picture {
    Picture(
      path: "\(folder)/\(name)", fileName: name, byteSize: 1_000,
      modificationDate: Date(timeIntervalSince1970: modified), format: .jpeg)
  }

  static var plain: BestCopy {
    BestCopy(decision: { _ in .undecided }, pixels: { _ in nil }, date: \.modificationDate)
  }

  static func sections(
    _ pictures: [Picture], _ hashes: [String: UInt64], best: BestCopy = plain
  ) -> [LibrarySection] {
    DuplicateSections.sections(
      of: [LibrarySection(name: "p", folder: URL(fileURLWithPath: "/p"), pictures: pictures)],
      hash: { hashes[$0.fileName].map(PerceptualHash.init(bits:)) }, best: best)
  }

  @Test func eachGroupIsASectionTheLargestFirstAndPicturesWithoutACopyLeftOut() {
    let pictures = ["a", "b", "c", "d", "e", "f"].map { Self.picture($0) }
    // a, c alike; b, d, f alike (a few bits apart); e alone.
    let made = Self.sections(
      pictures,
      ["a": 0, "b": 0xFFFF_0000, "c": 0b1, "d": 0xFFFF_0001, "e": 0xFF00_FF00, "f": 0xFFFF_0003])
    #expect(made.map { $0.pictures.map(\.fileName) } == [["b", "d", "f"], ["a", "c"]])
    #expect(made.map(\.name) == ["b: 3 alike", "a: 2 alike"])
    #expect(Set(made.map(\.id)).count == 2)
    #expect(made.allSatisfy { $0.id.hasPrefix(DuplicateSections.sectionIDPrefix) })
  }

  @Test func aPictureWhoseHashIsNotKnownIsInNoGroup() {
    let pictures = ["a", "b", "c"].map { Self.picture($0) }
    #expect(
      Self.sections(pictures, ["a": 0, "c": 0]).map { $0.pictures.map(\.fileName) } == [["a", "c"]])
    #expect(Self.sections(pictures, ["a": 0]).isEmpty)
  }

  /// A JPEG exported from a RAW+JPEG pair has the pair's pixels and date: the pair comes
  /// first, so the raw, which only it holds, is never the one trashed.
  @Test func aPairComesBeforeAnExportOfTheSamePixels() {
    let raw = Self.picture("z.raf")
    let pair = Self.picture("z.jpg", modified: 20).paired(with: [raw])
    let export = Self.picture("a-export.jpg", modified: 20)
    let made = Self.sections([export, pair], ["a-export.jpg": 0, "z.jpg": 0])
    #expect(made.map { $0.pictures.map(\.fileName) } == [["z.jpg", "a-export.jpg"]])
    #expect(made.first?.id == DuplicateSections.sectionIDPrefix + export.path, "the least path")
  }

  @Test func theBestCopyIsPickedOrRatedThenLargestThenOldest() {
    let old = Self.picture("old", modified: 10)
    let new = Self.picture("new", modified: 20)
    let large = Self.picture("large", modified: 30)
    let rated = Self.picture("rated", modified: 40)
    let picked = Self.picture("picked", modified: 50)
    let rejected = Self.picture("rejected", modified: 0)
    let pixels: [String: Int] = [
      "large": 24_000_000, "rejected": 50_000_000, "old": 1_000, "new": 1_000,
    ]
    let decisions: [String: CullingDecision] = [
      "rated": CullingDecision(rating: StarRating(clamping: 3), flag: .none, labels: []),
      "picked": CullingDecision(rating: .unrated, flag: .picked, labels: []),
      "rejected": CullingDecision(rating: StarRating(clamping: 5), flag: .rejected, labels: []),
    ]
    let best = BestCopy(
      decision: { decisions[$0.fileName] ?? .undecided }, pixels: { pixels[$0.fileName] },
      date: \.modificationDate)
    let all = [old, new, large, rated, picked, rejected]
    #expect(
      best.ordered(all).map(\.fileName) == ["picked", "rated", "large", "old", "new", "rejected"])
    // No decisions: the largest, then the oldest.
    let measured = BestCopy(
      decision: { _ in .undecided }, pixels: { pixels[$0.fileName] }, date: \.modificationDate)
    #expect(measured.ordered([new, old, large]).map(\.fileName) == ["large", "old", "new"])
    // The section follows it, and is titled by its best.
    let made = Self.sections(
      all, Dictionary(uniqueKeysWithValues: all.map { ($0.fileName, 0) }), best: best)
    #expect(made.first?.pictures.first?.fileName == "picked")
    #expect(made.first?.name == "picked: 6 alike")
  }

  @Test func theTitleSaysHowManyAreTheSameFileContent() {
    let best = Self.picture("IMG_0042.jpg")
    #expect(
      DuplicateSections.title(best: best, count: 3, identical: 3)
        == "IMG_0042.jpg: 3 identical copies")
    #expect(
      DuplicateSections.title(best: best, count: 4, identical: 3)
        == "IMG_0042.jpg: 4 alike, 3 identical")
    #expect(DuplicateSections.title(best: best, count: 4, identical: 0) == "IMG_0042.jpg: 4 alike")
    let pictures = ["a", "b", "c"].map { Self.picture($0) }
    func made(_ contents: [String: String]) -> String? {
      DuplicateSections.sections(
        of: [LibrarySection(name: "p", folder: URL(fileURLWithPath: "/p"), pictures: pictures)],
        hash: { _ in PerceptualHash(bits: 0) }, contentHash: { contents[$0.fileName] },
        best: Self.plain
      ).first?.name
    }
    #expect(made(["a": "x", "b": "x", "c": "x"]) == "a: 3 identical copies")
    #expect(made(["a": "x", "c": "x"]) == "a: 3 alike, 2 identical")
    #expect(made(["a": "x", "b": "y"]) == "a: 3 alike", "no two the same")
  }

  /// A hard link is the same file under another name, not a copy: only its first name is
  /// grouped, so trashing "the rest" never takes a name of the file kept.
  @Test func theSameFileUnderTwoNamesIsNoCopy() {
    func picture(_ name: String, inode: UInt64) -> Picture {
      Picture(
        path: "/p/\(name)", fileName: name, byteSize: 1_000,
        modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg, device: 1, inode: inode)
    }
    let pictures = [picture("a", inode: 10), picture("link", inode: 10), picture("b", inode: 11)]
    let made = Self.sections(pictures, ["a": 0, "link": 0, "b": 0])
    #expect(made.map { $0.pictures.map(\.fileName) } == [["a", "b"]])
    #expect(Self.sections(Array(pictures.prefix(2)), ["a": 0, "link": 0]).isEmpty)
  }

  @Test func theCycleOfTLeavesTheDuplicatesOut() {
    #expect(SectionGrouping.cycle == [.folder, .day, .month, .year])
    #expect(SectionGrouping.year.next == .folder)
    #expect(SectionGrouping.duplicates.next == .folder)
    #expect(!SectionGrouping.duplicates.isTimeline && SectionGrouping.duplicates.gathersFolders)
    #expect(SectionGrouping(rawValue: "duplicates") == .duplicates)
  }
}
