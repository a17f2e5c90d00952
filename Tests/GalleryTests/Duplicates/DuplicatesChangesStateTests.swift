import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// The duplicates grouping as the files change under it and the hashes come: a group
/// trashed and brought back by `U` is at once whole again, a file rewritten leaves its
/// group until it is hashed again, what does not touch a group leaves the groups as
/// they are, and leaving the grouping drops the content hashes asked for.
@Suite struct DuplicatesChangesStateTests {
  typealias Fixture = DuplicatesStateTests

  /// The fixture in the duplicates grouping, every hash and size known, and a3's group's
  /// files read whole (a3 and b3 the same content).
  static func grouped() -> GalleryState {
    var state = Fixture.state(grouping: .duplicates)
    _ = state.update(.likenessRead(state.stamped(Fixture.hashes)))
    _ = state.update(.likenessRead([:]))
    Fixture.sized(&state)
    _ = state.update(
      .contentHashesRead(state.stamped([Fixture.a3: "x", Fixture.b2: "y", Fixture.b3: "x"])))
    return state
  }

  static func picture(_ path: String, size: Int64 = 1_000, time: Double = 0) -> Picture {
    Picture(
      path: path, fileName: String(path.split(separator: "/").last ?? ""), byteSize: size,
      modificationDate: Date(timeIntervalSince1970: time), format: .jpeg)
  }

  static func arrival(_ picture: Picture) -> FolderChanges.Arrival {
    let folder = (picture.path as NSString).deletingLastPathComponent
    return FolderChanges.Arrival(
      picture: picture,
      place: SectionPlace(
        folder: folder, name: (folder as NSString).lastPathComponent, root: 0, branch: 0,
        components: [(folder as NSString).lastPathComponent]))
  }

  static func changes(arrived: [Picture] = [], removed: Set<String> = []) -> FolderChanges {
    var changes = FolderChanges(ordering: SectionOrdering(roots: []))
    changes.arrived = arrived.map(arrival)
    changes.removed = removed
    return changes
  }

  @Test func aGroupTrashedAndBroughtBackIsWholeAtOnce() {
    var state = Self.grouped()
    #expect(Fixture.shown(state).first == [Fixture.a3, Fixture.b2, Fixture.b3])
    let title = state.sections.first?.name
    var trashed = FileActionReport(
      changes: Self.changes(removed: [Fixture.b2, Fixture.b3]), summary: "trashed 2",
      trashed: [Fixture.b2, Fixture.b3])
    trashed.isUndoable = true
    _ = state.update(.acted(trashed))
    #expect(Fixture.shown(state) == [[Fixture.a1, Fixture.b1]])
    // The undo puts them back as they were: their hashes are known again, none is asked.
    let undone = FileActionReport(
      changes: Self.changes(arrived: [Self.picture(Fixture.b2), Self.picture(Fixture.b3)]),
      summary: "put back 2")
    let commands = state.update(.acted(undone))
    #expect(Fixture.shown(state).first == [Fixture.a3, Fixture.b2, Fixture.b3])
    #expect(state.sections.first?.name == title, "the identical copy still counted")
    #expect(Fixture.likenessAsked(commands) == nil)
    #expect(Fixture.contentAsked(commands) == nil)
  }

  @Test func anotherFileAtATrashedPathIsHashedAfresh() {
    var state = Self.grouped()
    _ = state.update(
      .acted(
        FileActionReport(
          changes: Self.changes(removed: [Fixture.b2]), summary: "trashed 1",
          trashed: [Fixture.b2])))
    // Another file at b2's path: written later, of another size.
    let commands = state.update(
      .foldersChanged(Self.changes(arrived: [Self.picture(Fixture.b2, size: 2_000, time: 9)])))
    #expect(Fixture.shown(state).contains([Fixture.a3, Fixture.b3]))
    #expect(!Fixture.shown(state).joined().contains(Fixture.b2))
    #expect(Fixture.likenessAsked(commands) == [Fixture.b2])
  }

  @Test func aRewrittenFileLeavesItsGroupUntilHashedAgain() {
    var state = Self.grouped()
    #expect(Fixture.shown(state).last == [Fixture.a1, Fixture.b1])
    let commands = state.update(
      .foldersChanged(Self.changes(arrived: [Self.picture(Fixture.b1, size: 2_000, time: 9)])))
    #expect(!Fixture.shown(state).joined().contains(Fixture.b1), "its old hash is forgotten")
    #expect(Fixture.shown(state) == [[Fixture.a3, Fixture.b2, Fixture.b3]])
    #expect(Fixture.likenessAsked(commands) == [Fixture.b1], "it is hashed again")
    _ = state.update(.likenessRead(state.stamped([Fixture.b1: Fixture.hashes[Fixture.b1]!])))
    #expect(Fixture.shown(state).last == [Fixture.a1, Fixture.b1])
  }

  /// A likeness read of a file before it was rewritten, delivered after the watcher
  /// brought the rewrite, is not the new file's: it is dropped, the file is still
  /// awaited (`R` waits), and its new hash groups it.
  @Test func aLikenessReadBeforeARewriteAndDeliveredAfterIsDropped() {
    var state = Fixture.state()
    AppFixture.press([.character("C")], &state)
    Fixture.sized(&state)
    let asHashed = state.stamped(Fixture.hashes)
    // b1 rewritten: it is no longer a copy of a1.
    let commands = state.update(
      .foldersChanged(Self.changes(arrived: [Self.picture(Fixture.b1, size: 2_000, time: 9)])))
    #expect(Fixture.likenessAsked(commands) == [Fixture.b1], "asked under its new stamp")
    _ = state.update(.likenessRead(asHashed))
    _ = state.update(.likenessRead([:]))
    #expect(state.content.likeness[Fixture.b1] == nil, "the old content's hash is dropped")
    #expect(Fixture.shown(state) == [[Fixture.a3, Fixture.b2, Fixture.b3]])
    #expect(Fixture.statusLine(state).contains("finding duplicates… 6 of 7"), "b1 awaited")
    AppFixture.press([.character("R")], &state)
    #expect(!state.isPrompting, "R waits for b1")
    #expect(Fixture.statusLine(state).contains("still finding the duplicates"))
    // Its new hash, under its new stamp: a copy of a1 after all.
    _ = state.update(.likenessRead(state.stamped([Fixture.b1: Fixture.hashes[Fixture.b1]!])))
    _ = state.update(.likenessRead([:]))
    #expect(Fixture.shown(state).last == [Fixture.a1, Fixture.b1])
  }

  /// A content hash read of a file before it was rewritten (the same size, a later time)
  /// and delivered after the rewrite is not kept: the file could be trashed as an
  /// identical copy of what it no longer holds.
  @Test func aContentHashReadBeforeARewriteAndDeliveredAfterIsDropped() {
    var state = Fixture.state(grouping: .duplicates)
    _ = state.update(.likenessRead(state.stamped(Fixture.hashes)))
    _ = state.update(.likenessRead([:]))
    Fixture.sized(&state)
    let asRead = state.stamped([Fixture.a3: "x", Fixture.b3: "x"])
    _ = state.update(
      .foldersChanged(Self.changes(arrived: [Self.picture(Fixture.b3, size: 1_000, time: 9)])))
    _ = state.update(.likenessRead(state.stamped([Fixture.b3: Fixture.hashes[Fixture.b3]!])))
    _ = state.update(.contentHashesRead(asRead))
    #expect(state.content.contentHashes[Fixture.a3] == "x")
    #expect(state.content.contentHashes[Fixture.b3] == nil, "read of the old content")
  }

  @Test func detailsAndDecisionsOfNoCopyLeaveTheGroupsAlone() {
    var state = Self.grouped()
    var content = state.content
    let unrelated = PictureDetailsBatch([
      Fixture.alone: PictureDetails(storedSize: PixelSize(width: 9000, height: 6000))
    ])
    let unrelatedMoves = content.noteDetails(unrelated)
    #expect(!unrelatedMoves, "alone is in no group")
    let copy = PictureDetailsBatch([
      Fixture.b3: PictureDetails(storedSize: PixelSize(width: 9000, height: 6000))
    ])
    let copyMoves = content.noteDetails(copy)
    #expect(copyMoves)
    let rated = CullingDecision(rating: StarRating(clamping: 3), flag: .none, labels: [])
    let unrelatedRated = content.receiveDecisions([Fixture.alone: rated])
    #expect(!unrelatedRated)
    let copyRated = content.receiveDecisions([Fixture.b2: rated])
    #expect(copyRated)
    // Through the state: the copy's size makes it the best.
    _ = state.update(.detailsRead(copy))
    #expect(Fixture.shown(state).first == [Fixture.b3, Fixture.a3, Fixture.b2])
  }

  @Test func leavingTheDuplicatesDropsTheContentHashesAskedAndBackAsksAgain() {
    var state = Fixture.state(grouping: .folder)
    AppFixture.press([.character("C")], &state)
    let asked = state.update(.likenessRead(state.stamped(Fixture.hashes)))
    #expect(Set(Fixture.contentAsked(asked) ?? []).count == 5)
    _ = state.update(.contentHashesRead(state.stamped([Fixture.a1: "z", Fixture.b1: "z"])))
    let left = AppFixture.press([.character("C")], &state)
    #expect(state.grouping == .folder)
    #expect(left.contains(.cancelContentHashes))
    #expect(!AppFixture.press([.right], &state).contains(.cancelContentHashes), "once")
    let back = AppFixture.press([.left, .character("C")], &state)
    #expect(
      Set(Fixture.contentAsked(back) ?? []) == [Fixture.a3, Fixture.b2, Fixture.b3],
      "those not read by then")
    #expect(state.sections.last?.name == "a1.jpg: 2 identical copies")
  }

  @Test func sortingAmongTheDuplicatesSaysTheyKeepTheirOrder() {
    var state = Self.grouped()
    let commands = AppFixture.press([.character("s")], &state)
    #expect(commands.contains { if case .saveOrder = $0 { true } else { false } })
    #expect(Fixture.shown(state).first == [Fixture.a3, Fixture.b2, Fixture.b3])
    let line = Fixture.statusLine(state)
    #expect(line.contains("duplicates keep the best copy first; sorted by"), "\(line)")
    AppFixture.press([.character("C"), .character("s")], &state)
    #expect(Fixture.statusLine(state).contains("sorted by"))
    #expect(!Fixture.statusLine(state).contains("duplicates keep"))
  }
}
