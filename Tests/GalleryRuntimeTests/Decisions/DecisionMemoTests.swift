import Foundation
import Gallery
import LibraryIndex
import Pictures
import SystemSupport
import TestSupport
import Testing
import XMPSidecars

@testable import GalleryRuntime

/// Decisions read from the files are kept with the stamp of those files: a picture whose
/// sidecars and file are as they were is not read again; one saved since (by the gallery
/// or another program) is; a sidecar with a problem is never kept, so it is said again.
@Suite struct DecisionMemoTests {
  /// A memo in memory, counting what it is asked.
  final class Memo: Sendable {
    let kept = Locked([String: KeptDecision]())
    var memo: DecisionMemo {
      DecisionMemo(
        stamp: { SidecarStamp.of(picture: $0) },
        recall: { paths in
          self.kept.withLock { kept in kept.filter { paths.contains($0.key) } }
        },
        keep: { new in self.kept.withLock { $0.merge(new) { _, new in new } } })
    }
  }

  /// What one read of `pictures` delivers, and the sentence of its problems.
  static func read(_ keeper: SidecarKeeper, _ pictures: [String]) async -> (
    [String: CullingDecision], String?
  ) {
    let found = Locked([String: CullingDecision]())
    let problem = Locked(String?.none)
    keeper.read(
      pictures, deliver: { batch in found.withLock { $0.merge(batch) { _, b in b } } },
      failed: { sentence in problem.withLock { $0 = sentence } })
    await Waiting.onOwnThread { keeper.waitForReads() }
    return (found.withLock { $0 }, problem.withLock { $0 })
  }

  @Test func unchangedFilesAreNotReadAgainAndChangedOnesAre() async throws {
    let files = FolderFixture()
    let rated = files.jpeg("a/rated.jpg")
    let bare = files.jpeg("a/bare.jpg")
    let hostile = files.jpeg("a/hostile.jpg")
    _ = files.file(
      "a/hostile.jpg.xmp",
      Array(#"<?xml version="1.0"?><!DOCTYPE x [<!ENTITY a "a">]><x/>"#.utf8))
    let store = SidecarStore()
    let three = CullingDecision(rating: StarRating(clamping: 3), flag: .none, labels: [])
    try store.write(three, picture: rated)
    let reads = Locked([String]())
    let memo = Memo()
    let keeper = SidecarKeeper(
      write: { (decision, picture) throws(XMPSidecarError) in
        try store.write(decision, picture: picture)
      },
      read: { (picture) throws(XMPSidecarError) in
        reads.withLock { $0.append(picture) }
        return try store.readKept(picture: picture)
      },
      memo: memo.memo)
    let all = [rated, bare, hostile]

    let (first, firstProblem) = await Self.read(keeper, all)
    #expect(first == [rated: three])
    #expect(firstProblem?.hasPrefix("hostile.jpg.xmp: decision not read") == true)
    #expect(Set(reads.withLock { $0 }) == Set(all))
    #expect(Set(memo.kept.withLock { $0.keys }) == [rated, bare], "a problem is never kept")

    reads.withLock { $0 = [] }
    let (second, secondProblem) = await Self.read(keeper, all)
    #expect(second == first)
    #expect(secondProblem == firstProblem, "said again")
    #expect(reads.withLock { $0 } == [hostile])

    // Saved since (here by the gallery; another program's save the same): read again.
    let five = CullingDecision(rating: StarRating(clamping: 5), flag: .picked, labels: [])
    try store.write(five, picture: rated)
    reads.withLock { $0 = [] }
    let (third, _) = await Self.read(keeper, all)
    #expect(third == [rated: five])
    #expect(Set(reads.withLock { $0 }) == [rated, hostile])
  }

  /// A stamp changes with any save: a new file under a sidecar's name, a sidecar made or
  /// removed under either name, the picture itself rewritten.
  @Test func theStampChangesWithEverySave() throws {
    let files = FolderFixture()
    let picture = files.file("IMG_1.CR2", [1, 2, 3])
    var stamps = [SidecarStamp.of(picture: picture)]
    _ = files.file("IMG_1.xmp", [1])
    stamps.append(SidecarStamp.of(picture: picture))
    _ = files.file("new", [2])
    #expect(rename(files.path("new"), files.path("IMG_1.xmp")) == 0)
    stamps.append(SidecarStamp.of(picture: picture))
    _ = files.file("IMG_1.CR2.xmp", [3])
    stamps.append(SidecarStamp.of(picture: picture))
    _ = files.file("IMG_1.CR2", [1, 2, 3, 4])
    stamps.append(SidecarStamp.of(picture: picture))
    #expect(Set(stamps).count == stamps.count, "\(stamps)")
    #expect(SidecarStamp.of(picture: picture) == stamps.last)
  }
}
