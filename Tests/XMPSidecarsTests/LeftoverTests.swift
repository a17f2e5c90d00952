import Foundation
import Pictures
import SystemSupport
import TestSupport
import Testing

@testable import XMPSidecars

#if canImport(Glibc)
  import Glibc
#endif

/// A killed gallery's temporary sidecar may hold what it swapped out: another program's
/// last save. The next write beside it sets it aside (the Trash), never unlinks it, and
/// leaves it be when there is nowhere to put it.
@Suite struct LeftoverTests {
  static let decision = CullingDecision(rating: StarRating(clamping: 2), flag: .none, labels: [])

  @Test func aDeadWritersTemporarySidecarIsSetAsideAndALiveOnesIsNot() throws {
    let files = FolderFixture()
    _ = files.file("IMG_1.CR2", [0])
    let dead = files.file(".IMG_2.CR2.xmp.\(DeadProcess.pid).tmp", Array("a save".utf8))
    let live = files.file(".IMG_3.CR2.xmp.\(getpid()).tmp", [1])
    let setAside = Locked([String]())
    let store = SidecarStore(leftovers: { path in
      setAside.withLock { $0.append(path) }
      return true
    })
    try store.write(Self.decision, picture: files.path("IMG_1.CR2"))
    #expect(setAside.withLock { $0 } == [dead])
    #expect(FileManager.default.fileExists(atPath: dead), "set aside, never unlinked here")
    #expect(FileManager.default.fileExists(atPath: live))
  }

  @Test func withNowhereToSetThemAsideLeftoversStay() throws {
    let files = FolderFixture()
    _ = files.file("IMG_1.CR2", [0])
    let dead = files.file(".IMG_2.CR2.xmp.\(DeadProcess.pid).tmp", Array("a save".utf8))
    try SidecarStore().write(Self.decision, picture: files.path("IMG_1.CR2"))
    #expect(SidecarSamples.bytes(dead) == Array("a save".utf8))
  }

  @Test func aDecisionForAPictureGoneMakesNoSidecar() {
    let files = FolderFixture()
    let picture = files.path("gone.CR2")
    #expect(throws: XMPSidecarError.pictureGone(path: picture)) {
      try SidecarStore().write(Self.decision, picture: picture)
    }
    #expect((try? FileManager.default.contentsOfDirectory(atPath: files.root)) == [])
  }
}
