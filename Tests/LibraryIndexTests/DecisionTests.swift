import Foundation
import LibraryIndex
import Pictures
import TestSupport
import Testing

/// The decisions read from the files, kept on their pictures' rows with the stamp of the
/// files they came from: back whole, none kept, kept through an update of the details,
/// and nothing for a picture the index has no row of.
@Suite struct DecisionTests {
  static let stamp: [UInt8] = Array(0..<75)

  @Test func aDecisionComesBackWholeAndANoneAsNone() throws {
    let files = FolderFixture()
    let index = try #require(IndexSamples.open(files.path("library.sqlite")).0)
    let entries = (0..<4).map { IndexEntry(IndexSamples.stamp("/p/\($0).CR3"), IndexSamples.full) }
    #expect(index.record(entries) == nil)
    let decisions: [String: KeptDecision] = [
      "/p/0.CR3": KeptDecision(
        stamp: Self.stamp,
        decision: CullingDecision(
          rating: StarRating(clamping: 3), flag: .rejected, labels: [.red, .purple])),
      "/p/1.CR3": KeptDecision(
        stamp: Self.stamp,
        decision: CullingDecision(rating: .unrated, flag: .picked, labels: [])),
      "/p/2.CR3": KeptDecision(stamp: [1], decision: nil),
      // No row: nothing kept.
      "/p/elsewhere.CR3": KeptDecision(stamp: Self.stamp, decision: .undecided),
    ]
    #expect(index.keep(decisions) == nil)
    let back = index.keptDecisions(of: entries.map(\.stamp.path) + ["/p/elsewhere.CR3"])
    #expect(back.count == 3)
    for path in ["/p/0.CR3", "/p/1.CR3", "/p/2.CR3"] { #expect(back[path] == decisions[path]) }
    #expect(back["/p/3.CR3"] == nil, "never read: nothing kept")
    // The details read again (the picture rewritten) keep the decision and its stamp:
    // the stamp says whether it still holds.
    #expect(index.record([IndexEntry(IndexSamples.stamp("/p/0.CR3"), IndexSamples.bare)]) == nil)
    #expect(index.keptDecisions(of: ["/p/0.CR3"])["/p/0.CR3"] == decisions["/p/0.CR3"])
  }
}
