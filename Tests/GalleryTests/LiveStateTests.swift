import CompositionalLayout
import Foundation
import Pictures
import Testing

@testable import Gallery

/// Live updates applied to the state: snapshot differences with the focus kept.
@Suite struct LiveStateTests {
  static func picture(_ folder: String, _ name: String, size: Int64 = 1000) -> Picture {
    Picture(
      path: folder + "/" + name, fileName: name, byteSize: size,
      modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
  }

  static func arrival(_ folder: String, _ name: String, size: Int64 = 1000)
    -> FolderChanges.Arrival
  {
    FolderChanges.Arrival(
      picture: picture(folder, name, size: size),
      place: SectionPlace(
        folder: folder, name: (folder as NSString).lastPathComponent, root: 0, branch: 0,
        components: [(folder as NSString).lastPathComponent]))
  }

  static func changes(
    arrived: [FolderChanges.Arrival] = [], removed: Set<String> = [],
    warnings: [WatchWarning] = []
  ) -> GalleryEvent {
    var changes = FolderChanges(ordering: SectionOrdering(roots: []))
    changes.arrived = arrived
    changes.removed = removed
    changes.warnings = warnings
    return .foldersChanged(changes)
  }

  static func focusedPath(_ state: GalleryState) -> String? {
    state.focus.flatMap { state.picture(at: $0)?.path }
  }

  @Test func aRemovedFocusMovesToTheNextPicture() {
    var state = AppFixture.state(width: 160, height: 50)
    _ = state.update(.key(.tab))
    _ = state.update(.key(.right))
    #expect(Self.focusedPath(state) == "/pictures/Kitchen/kitchen-2.jpg")
    _ = state.update(Self.changes(removed: ["/pictures/Kitchen/kitchen-2.jpg"]))
    #expect(state.count(inSection: 1) == 24)
    #expect(Self.focusedPath(state) == "/pictures/Kitchen/kitchen-3.jpg")
    #expect(AppFixture.focusIsOnScreen(state))
  }

  @Test func theLastPictureRemovedFocusesTheOneBefore() {
    var state = AppFixture.state(width: 160, height: 50)
    _ = state.update(.key(.end))
    #expect(Self.focusedPath(state) == "/pictures/MacBook/macbook-30.jpg")
    _ = state.update(Self.changes(removed: ["/pictures/MacBook/macbook-30.jpg"]))
    #expect(Self.focusedPath(state) == "/pictures/MacBook/macbook-29.jpg")
  }

  @Test func anArrivalBeforeTheFocusKeepsTheSamePictureFocused() {
    var state = AppFixture.state(width: 80, height: 24)
    _ = state.update(.key(.tab))
    _ = state.update(.key(.down))
    let before = Self.focusedPath(state)
    let index = state.focus?.item ?? -1
    _ = state.update(Self.changes(arrived: [Self.arrival("/pictures/Kitchen", "kitchen-0.jpg")]))
    #expect(state.count(inSection: 1) == 26)
    #expect(Self.focusedPath(state) == before)
    #expect(state.focus?.item == index + 1)
    #expect(state.picture(at: ItemIndexPath(item: 0, section: 1))?.fileName == "kitchen-0.jpg")
    #expect(state.pictureCount == 71)
  }

  @Test func aNewFolderBecomesASectionAndAnEmptiedOneGoes() {
    var state = AppFixture.state(width: 80, height: 24)
    _ = state.update(Self.changes(arrived: [Self.arrival("/pictures/Garden", "rose.jpg")]))
    #expect(state.sections.map(\.name) == ["Office", "Kitchen", "MacBook", "Garden"])
    #expect(state.layout.sections.count == 4)
    _ = state.update(Self.changes(removed: ["/pictures/Garden"]))
    #expect(state.sections.map(\.name) == ["Office", "Kitchen", "MacBook"])
  }

  @Test func aRewrittenPictureDropsItsThumbnailAndAsksAgain() {
    var state = AppFixture.state(width: 80, height: 24)
    let path = "/pictures/Office/office-1.jpg"
    _ = state.update(
      .pictureDescribed(path: path, outcome: .ready(metadata: nil, isPartial: false)))
    #expect(state.loading.info[path] != nil)
    let commands = state.update(
      Self.changes(arrived: [Self.arrival("/pictures/Office", "office-1.jpg", size: 5)]))
    #expect(commands.contains(.invalidateThumbnails([path])))
    #expect(commands.contains { if case .requestThumbnails = $0 { true } else { false } })
    #expect(state.loading.info[path] == nil)
    #expect(Self.focusedPath(state) == path)
  }

  @Test func aBatchThatChangesNothingLeavesTheStateAlone() {
    var state = AppFixture.state(width: 80, height: 24)
    _ = state.update(.key(.tab))
    // The fixture's library came without a scan: the first batch asks for its details.
    let first = state.update(Self.changes(removed: ["/elsewhere/w.jpg"]))
    #expect(
      first.allSatisfy {
        switch $0 {
        case .readDetails, .readLikeness: true
        default: false
        }
      })
    let before = (state.focus, state.scrollY, state.sections)
    let commands = state.update(Self.changes(removed: ["/elsewhere/x.jpg"]))
    #expect(commands.isEmpty)
    #expect(state.focus == before.0 && state.scrollY == before.1 && state.sections == before.2)
  }

  @Test func watcherWarningsShowInTheStatusLine() {
    var state = AppFixture.state(width: 80, height: 24)
    _ = state.update(Self.changes(warnings: [.limitReached(count: 3)]))
    #expect(state.message?.description.contains("3 folders not watched") == true)
  }

  @Test func aRescanReplacesTheContentAndKeepsTheFocus() {
    var state = AppFixture.state(width: 80, height: 24)
    _ = state.update(.key(.end))
    let focused = Self.focusedPath(state)
    _ = state.update(.rescanned(AppFixture.library(office: 3, kitchen: 4, macbook: 30)))
    #expect(state.pictureCount == 37)
    #expect(Self.focusedPath(state) == focused)
    #expect(AppFixture.focusIsOnScreen(state))
  }

  /// Favourites against live updates: a new folder and a rescan put their sections before
  /// the Favourites section, which stays last and keeps its pictures; a favourite whose
  /// file goes leaves it, its pick kept, and comes back with its file.
  @Test func favouritesStayLastAndSurviveNewFoldersRescansAndRemovals() {
    var state = AppFixture.state(width: 80, height: 24)
    _ = state.update(.key(.character("f")))
    let favourite = "/pictures/Office/office-1.jpg"
    #expect(state.isFavorite(favourite) && state.sections.last?.name == "Favourites")
    func favouritesAreLastAndList(_ paths: [String], _ step: String) {
      #expect(state.sections.last?.name == GalleryContent.favoritesSectionName, "\(step)")
      #expect(state.favoritesSectionIndex == state.sections.count - 1, "\(step)")
      #expect(state.sections.last?.pictures.map(\.path) == paths, "\(step)")
      #expect(state.layout.sections.count == state.sections.count, "\(step)")
      #expect(state.sections.filter { $0.name == "Favourites" }.count == 1, "\(step)")
    }
    _ = state.update(Self.changes(arrived: [Self.arrival("/pictures/Garden", "rose.jpg")]))
    #expect(
      state.sections.map(\.name) == ["Office", "Kitchen", "MacBook", "Garden", "Favourites"])
    favouritesAreLastAndList([favourite], "after a new folder")
    #expect(state.pictureCount == 71, "the favourite is not counted twice")

    // Focus the favourite in its section, then rescan: it stays focused there.
    _ = state.update(.key(.end))
    #expect(state.focus?.section == state.favoritesSectionIndex)
    var rescan = AppFixture.library()
    rescan.sections.append(
      LibrarySection(
        name: "Garden", folder: URL(fileURLWithPath: "/pictures/Garden"),
        pictures: [Self.picture("/pictures/Garden", "rose.jpg")]))
    _ = state.update(.rescanned(rescan))
    favouritesAreLastAndList([favourite], "after a rescan")
    #expect(state.focus == ItemIndexPath(item: 0, section: 4))
    #expect(state.isFavorite(favourite))

    // The favourite's file is removed: gone from Office and from the Favourites, its pick
    // kept for the undo that brings it back.
    _ = state.update(Self.changes(removed: [favourite]))
    #expect(state.count(inSection: 0) == 14)
    #expect(state.favoritesSectionIndex == nil)
    #expect(state.libraryPath(of: favourite) == nil)
    #expect(state.isFavorite(favourite), "the decision stays")
    _ = state.update(Self.changes(arrived: [Self.arrival("/pictures/Office", "office-1.jpg")]))
    favouritesAreLastAndList([favourite], "after the file came back")
  }
}

/// What the state knows per picture follows the library: under churn, files that come
/// and go leave nothing behind.
@Suite struct LiveStateMemoryTests {
  @Test func whatIsKnownOfAPictureGoesWithItsFile() {
    var state = AppFixture.state(width: 80, height: 24)
    let gone = "/pictures/Kitchen/kitchen-2.jpg"
    let kept = "/pictures/Kitchen/kitchen-3.jpg"
    for path in [gone, kept] {
      _ = state.update(
        .pictureDescribed(
          path: path,
          outcome: .ready(
            metadata: ImageMetadata(format: .jpeg, originalWidth: 4, originalHeight: 3),
            isPartial: false)))
    }
    _ = state.update(.detailsRead(.dates([gone: Date(timeIntervalSince1970: 1), kept: .init()])))
    #expect(state.loading.info[gone] != nil && state.content.datesTaken[gone] != nil)
    _ = state.update(LiveStateTests.changes(removed: [gone]))
    #expect(state.loading.info[gone] == nil, "its details went with it")
    #expect(state.content.datesTaken[gone] == nil, "its date went with it")
    #expect(state.loading.info[kept] != nil && state.content.datesTaken[kept] != nil)
  }

  @Test func aThousandPicturesComingAndGoingLeaveNoDetailsBehind() async {
    var state = AppFixture.state(width: 80, height: 24)
    let before = state.loading.info.count
    for round in 0..<1000 {
      // Seconds of work under a sanitizer: between rounds the pool's other tests get a turn.
      await Task.yield()
      let name = "churn-\(round).jpg"
      _ = state.update(
        LiveStateTests.changes(arrived: [LiveStateTests.arrival("/pictures/Kitchen", name)]))
      _ = state.update(
        .pictureDescribed(
          path: "/pictures/Kitchen/" + name,
          outcome: .ready(
            metadata: ImageMetadata(format: .jpeg, originalWidth: 4, originalHeight: 3),
            isPartial: false)))
      _ = state.update(LiveStateTests.changes(removed: ["/pictures/Kitchen/" + name]))
    }
    #expect(state.loading.info.count == before)
    #expect(state.pictureCount == 70)
  }
}
