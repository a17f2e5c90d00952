import Foundation
import Gallery
import Pictures
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// A report of an action is applied after whatever the folder's watcher said meanwhile:
/// a file another program deleted between the action and its report must be reported
/// gone, never as a broken picture no later event would take away.
@Suite struct ReportRaceTests {
  @Test func anArrivalDeletedSinceIsReportedGone() {
    let files = FolderFixture()
    let kept = files.jpeg("Photos/kept.jpg")
    let deleted = files.jpeg("Photos/deleted.jpg")
    let actor = FileActor(
      ordering: SectionOrdering(roots: [ScanRoot(path: files.path("Photos"))]),
      home: files.path("home"),
      trash: Trash(home: files.path("home"), dataHome: files.path("data"), uid: getuid()))
    #expect(unlink(deleted) == 0)
    let changes = actor.changes(removed: [], arrived: [kept, deleted])
    #expect(changes.arrived.map(\.picture.path) == [kept])
    #expect(changes.removed == [deleted])
  }

  @Test func nothingAtAPathIsNoPictureButADanglingLinkIsABrokenOne() {
    let files = FolderFixture()
    files.folder("Photos")
    files.link("Photos/dangling.jpg", to: "nowhere.jpg")
    #expect(sniffPicture(at: files.path("Photos/gone.jpg")) == nil)
    #expect(sniffPicture(at: files.path("Photos/no-folder/gone.jpg")) == nil)
    let dangling = sniffPicture(at: files.path("Photos/dangling.jpg"))
    #expect(dangling?.path == files.path("Photos/dangling.jpg"))
    #expect(dangling?.format == nil)
  }
}
