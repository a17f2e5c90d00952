import Foundation
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

/// The browser keeps the library index true to the folders: what a finished scan did not
/// find is pruned, and the names the gallery's own file actions took away are forgotten.
@MainActor
@Suite struct IndexPruneLoopTests {
  typealias Rig = LoopServicesTests.Rig

  @Test func aFinishedScanPrunesUnderItsRootsKeepingWhatItFound() throws {
    let rig = try Rig()
    try rig.step { !rig.details.prunes.isEmpty }
    let prune = try #require(rig.details.prunes.first)
    #expect(prune.roots == rig.scanner.roots.map(\.path))
    #expect(prune.seen == Set(rig.shown))
    #expect(prune.seen.count == 3)
    #expect(rig.details.prunes.count == 1)
  }

  @Test func nothingIsPrunedBeforeTheScanFinishes() throws {
    let rig = try Rig(holdsScanFinished: true)
    #expect(rig.terminal.screenText.contains("shot-1"))
    rig.runtime.step(timeout: .zero)
    #expect(rig.details.prunes.isEmpty)
    rig.scanner.finishScan()
    try rig.step { !rig.details.prunes.isEmpty }
  }

  @Test func aTrashedPicturesRowIsForgotten() throws {
    let rig = try Rig()
    let focused = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    rig.terminal.type(.key(.character("d")))
    rig.runtime.step(timeout: .zero)
    try rig.step { !rig.details.forgotten.isEmpty }
    #expect(rig.details.forgotten == [[focused]])
  }

  @Test func aReportsGonePathsAreItsRemovedTrashedAndRenamedOnes() {
    var changes = FolderChanges(ordering: SectionOrdering(roots: []))
    changes.removed = ["/p/a.jpg"]
    let report = FileActionReport(
      changes: changes, renamed: [PathChange(from: "/p/b.jpg", to: "/p/c.jpg")],
      summary: "", trashed: ["/p/a.jpg", "/p/d.jpg"])
    #expect(report.pathsGone == ["/p/a.jpg", "/p/b.jpg", "/p/d.jpg"])
  }
}
