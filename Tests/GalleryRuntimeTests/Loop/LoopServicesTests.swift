import Foundation
import Pictures
import SystemSupport
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime
@testable import TerminalKit

/// The run loop with its services faked: each command reaches the service it belongs to,
/// and what the service hands back reaches the state. Each test fails if the loop drops
/// the command or the answer.
@MainActor
@Suite struct LoopServicesTests {
  /// A runtime over a folder of three pictures (a fourth, `Shots/a/shot-4.jpg`, turns up
  /// in a rescan), every service a fake; started, its first frame drawn (at once when
  /// `holdsScanFinished`: the scan then ends at `scanner.finishScan()`).
  @MainActor final class Rig {
    let files = FolderFixture()
    let terminal = FakeTerminal()
    let scanner: FakeScanner
    let fileActions: FakeFileActions
    let commandRunner = FakeCommands(summary: "the fake ran it")
    let details: FakeDetails
    let likeness: FakeLikeness
    let contentHashes = FakeContentHashes()
    let favorites: FakeFavorites
    let stateFile: FakeStateFile
    let runtime: GalleryRuntime<FakeTerminal>
    private(set) var thumbnails: FakeThumbnails?

    init(
      configuration: GalleryState.Configuration = .init(), holdsScanFinished: Bool = false,
      stateFile: FakeStateFile = FakeStateFile(), holdsDetails: Bool = false,
      decisions: (any DecisionKeeping)? = nil, favorites: FakeFavorites = FakeFavorites(),
      likeness: FakeLikeness = FakeLikeness(), cardImport: (any CardImporting)? = nil
    ) throws {
      self.favorites = favorites
      self.likeness = likeness
      details = FakeDetails(details: Self.details, holds: holdsDetails)
      for index in 1...3 { files.jpeg("Shots/a/shot-\(index).jpg") }
      let real = try LibraryScanner(folders: [files.path("Shots")])
      let library = real.library()
      files.jpeg("Shots/a/shot-4.jpg")
      scanner = FakeScanner(
        library: library, roots: real.roots, rescanned: real.library(),
        holdsFinished: holdsScanFinished)
      self.stateFile = stateFile
      let ordering = SectionOrdering(roots: real.roots)
      fileActions = FakeFileActions { action in
        var changes = FolderChanges(ordering: ordering)
        if case .trash(let paths) = action { changes.removed = Set(paths) }
        return FileActionReport(changes: changes, summary: "the fake trashed it")
      }
      var made: FakeThumbnails?
      let services = GalleryRuntime<FakeTerminal>.Services(
        makeThumbnails: { completion in
          let fake = FakeThumbnails(completion: completion)
          made = fake
          return fake
        },
        scanner: scanner, watchesFolders: true, favorites: favorites, stateFile: stateFile,
        details: details, likeness: likeness, contentHashes: contentHashes,
        fileActions: fileActions,
        commandRunner: commandRunner,
        decisions: decisions, cardImport: cardImport)
      var settings = GalleryRuntime<FakeTerminal>.Settings()
      // A scan held open would keep the first frame waiting for the whole grace.
      settings.scanGrace = holdsScanFinished ? .milliseconds(0) : .seconds(10)
      runtime = GalleryRuntime(
        terminal: terminal,
        state: GalleryState(width: 80, height: 24, configuration: configuration),
        services: services, settings: settings)
      runtime.start()
      thumbnails = made
    }

    /// The fake thumbnail service the runtime made.
    var service: FakeThumbnails {
      get throws { try #require(thumbnails) }
    }

    /// What the fake reader says of every file: taken 2020-09-13 12:26:40 UTC, by an
    /// X100V.
    static let details = PictureDetails(
      taken: TakenTime(utcMoment: 1_600_000_000), cameraMake: "FUJIFILM", cameraModel: "X100V")

    /// The paths of the pictures the state shows.
    var shown: [String] { runtime.state.sections.flatMap(\.pictures).map(\.path) }

    /// Steps until `condition` holds or ten seconds pass (`GalleryRuntime.step(until:)`).
    func step(
      until condition: () -> Bool, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
      try runtime.step(until: condition, sourceLocation: sourceLocation)
    }
  }

  @Test func theScannersSectionsAreInTheFirstFrame() throws {
    let rig = try Rig()
    #expect(rig.scanner.scans == 1)
    #expect(rig.shown.count == 3)
    #expect(rig.runtime.state.isScanComplete)
    #expect(rig.terminal.screenText.contains("shot-1"))
  }

  @Test func theHashesOfTheScannedPicturesReachTheStateAndTheReaderStopsWithTheLoop() throws {
    let rig = try Rig()
    try rig.step { rig.runtime.state.content.likeness.count == 3 }
    #expect(Set(rig.likeness.stamps.map(\.path)) == Set(rig.shown))
    for path in rig.shown {
      #expect(rig.runtime.state.content.likeness[path] == FakeLikeness.hash(path))
    }
    rig.runtime.stop()
    #expect(rig.likeness.stops == 1)
  }

  @Test func withStacksOffNoLikenessIsAskedFor() throws {
    let rig = try Rig(configuration: .init(stackRules: .off))
    try rig.step { rig.runtime.state.content.details.count == 3 }
    #expect(rig.likeness.stamps.isEmpty)
  }

  /// The duplicates grouping asks for the likeness with stacks off, and for the content
  /// hashes of the pictures alike of one size; the groups come back titled.
  @Test func theDuplicatesReachTheLikenessAndContentReadersAndComeBackGrouped() throws {
    let rig = try Rig(
      configuration: .init(grouping: .duplicates, stackRules: .off),
      likeness: FakeLikeness(allAlike: true))
    try rig.step {
      rig.runtime.state.sections.first?.name.hasSuffix(": 3 identical copies") == true
    }
    #expect(rig.likeness.stamps.count == 3)
    #expect(rig.contentHashes.stamps.count == 3)
    #expect(rig.runtime.state.duplicatesProgress == nil, "the reader is through")
    rig.runtime.stop()
    #expect(rig.contentHashes.stops == 1)
  }

  /// Leaving the duplicates drops the content hashes asked for: nothing else reads them.
  @Test func leavingTheDuplicatesCancelsTheContentHashes() throws {
    let rig = try Rig(
      configuration: .init(grouping: .duplicates, stackRules: .off),
      likeness: FakeLikeness(allAlike: true))
    try rig.step { rig.contentHashes.stamps.count == 3 }
    #expect(rig.contentHashes.cancels == 0)
    rig.terminal.type(.key(.character("C")))
    try rig.step { rig.contentHashes.cancels == 1 }
    #expect(rig.runtime.state.grouping == .folder)
    rig.runtime.stop()
  }

  @Test func aTrashReachesTheFileServiceAndItsReportComesBackToTheState() throws {
    let rig = try Rig()
    let focused = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    rig.terminal.type(.key(.character("d")))
    rig.runtime.step(timeout: .zero)
    #expect(rig.fileActions.actions == [.trash([focused])])
    try rig.step { !rig.shown.contains(focused) }
    #expect(rig.shown.count == 2)
    #expect(rig.terminal.screenText.contains("the fake trashed it"))
  }

  @Test func aWatchedBatchReachesTheStateAfterTheScan() throws {
    let rig = try Rig()
    let watcher = try #require(rig.scanner.madeWatcher)
    #expect(watcher.isRunning)
    let gone = try #require(rig.shown.last)
    var changes = FolderChanges(ordering: SectionOrdering(roots: rig.scanner.roots))
    changes.removed = [gone]
    watcher.send(changes)
    try rig.step { !rig.shown.contains(gone) }
    rig.runtime.stop()
    #expect(!watcher.isRunning)
  }

  @Test func aBatchAskingForARescanScansTheLibraryAgain() throws {
    let rig = try Rig()
    let watcher = try #require(rig.scanner.madeWatcher)
    var changes = FolderChanges(ordering: SectionOrdering(roots: rig.scanner.roots))
    changes.needsRescan = true
    watcher.send(changes)
    // Only the rescan's library holds the fourth picture.
    let added = rig.files.path("Shots/a/shot-4.jpg")
    #expect(!rig.shown.contains(added))
    try rig.step { rig.shown.contains(added) }
    #expect(rig.scanner.rescans == 1)
    #expect(rig.shown.count == 4)
  }

  @Test func aWatchedBatchIsHeldUntilTheScanFinishes() throws {
    let rig = try Rig(holdsScanFinished: true)
    #expect(!rig.runtime.state.isScanComplete)
    let watcher = try #require(rig.scanner.madeWatcher)
    let gone = try #require(rig.shown.last)
    var changes = FolderChanges(ordering: SectionOrdering(roots: rig.scanner.roots))
    changes.removed = [gone]
    watcher.sendNow(changes)
    rig.runtime.step(timeout: .zero)
    #expect(rig.shown.contains(gone), "held while the scan runs")
    rig.scanner.finishScan()
    try rig.step { rig.runtime.state.isScanComplete }
    #expect(!rig.shown.contains(gone), "applied in the batch that ends the scan")
  }

  @Test func steppingUntilAConditionLooksOnceMoreAtItsDeadline() throws {
    let rig = try Rig()
    let before = rig.runtime.state.focus
    rig.terminal.type(.key(.right))
    // No time at all: only the last look, after one step, can see the key handled.
    try rig.runtime.step(until: { rig.runtime.state.focus != before }, within: .zero)
  }

  @Test func anUpdateOfAResultFromMemoryIsCarriedOutBeforeTheCommandsAfterIt() throws {
    let rig = try Rig()
    let service = try rig.service
    let focused = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    let request = try #require(service.requests.first { $0.path == focused })
    // In memory and no longer on its way: asked again, it is answered at once, and its
    // update asks for the picture's details (a thumbnail from memory brings none).
    service.remember(.solid(request.size), for: request)
    let earlier = service.described.count
    let after = rig.files.path("Shots/a/shot-3.jpg")
    rig.runtime.perform([
      .invalidateThumbnails([focused]), .requestThumbnails(rig.runtime.state.loading.wanted),
      .describe(path: after),
    ])
    #expect(Array(service.described.dropFirst(earlier)) == [focused, after])
  }

  @Test func theOrderKeptComesFromTheStateFileServiceAndAChangeGoesBack() throws {
    let rig = try Rig(
      stateFile: FakeStateFile(
        loaded: [.orderLoaded(PictureOrder(key: .size))],
        failure: .unwritable(path: "/kept/state", reason: "Read-only file system")))
    #expect(rig.runtime.state.order.key == .size)
    rig.terminal.type(.key(.character("s")))
    rig.runtime.step(timeout: .zero)
    #expect(rig.stateFile.orders == [rig.runtime.state.order])
    let failure = StateFileError.unwritable(path: "/kept/state", reason: "Read-only file system")
    try rig.step { rig.runtime.state.message == .stateFile(failure) }
    rig.runtime.stop()
    #expect(rig.stateFile.finishes == 1)
  }

  @Test func aFavouriteMarkedIsWrittenAsAPickByTheDecisionsService() throws {
    let decisions = FakeDecisions()
    let rig = try Rig(decisions: decisions)
    let focused = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    rig.terminal.type(.key(.character("f")))
    rig.runtime.step(timeout: .zero)
    let picked = CullingDecision(rating: .unrated, flag: .picked, labels: [])
    #expect(decisions.writes.contains(FileDecision(path: focused, decision: picked)))
    rig.runtime.stop()
    #expect(decisions.finished == 1)
  }

  /// The favourites of an older gallery become decisions before any sidecar is read, so
  /// the reads find them; the migration's sentence is on the first frame.
  @Test func theMigrationRunsOnceBeforeAnySidecarIsRead() throws {
    let decisions = FakeDecisions()
    let readsBefore = Locked([String]?.none)
    var migration = FavoritesMigration()
    migration.migrated = 3
    let favorites = FakeFavorites(migrated: [.favoritesMigrated(migration)]) {
      readsBefore.withLock { $0 = decisions.reads }
    }
    let rig = try Rig(decisions: decisions, favorites: favorites)
    #expect(readsBefore.withLock { $0 } == [])
    #expect(rig.favorites.migrations == 1)
    #expect(rig.runtime.state.message == .favoritesMigrated(migration))
    try rig.step { !decisions.reads.isEmpty }
    rig.runtime.stop()
    #expect(rig.favorites.migrations == 1)
  }

  @Test func theKeyHandlerRunsThroughTheCommandServiceWithTheTerminalHandedOver() throws {
    let rig = try Rig()
    let focused = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    rig.terminal.type(.key(.control("x")), .key(.character("w")))
    rig.runtime.step(timeout: .zero)
    #expect(rig.commandRunner.ran == ["key-handler w \(focused)"])
    #expect(rig.terminal.handovers == ["suspend", "resume"])
    #expect(rig.terminal.screenText.contains("the fake ran it"))
  }

  @Test func theTimelinesDatesComeFromTheDetailsService() throws {
    let rig = try Rig(configuration: .init(grouping: .day))
    try rig.step { rig.runtime.state.content.datesPending == 0 }
    #expect(Set(rig.details.stamps.map(\.path)) == Set(rig.shown))
    #expect(rig.runtime.state.sections.first?.period != nil)
    let first = try #require(rig.shown.first)
    #expect(rig.runtime.state.content.details(for: first)?.cameraModel == "X100V")
    #expect(
      rig.runtime.state.content.datesTaken[first] == Date(timeIntervalSince1970: 1_600_000_000))
  }

  @Test func theStatusLineCountsTheDetailsReadUntilTheyAreAllIn() throws {
    let rig = try Rig(configuration: .init(grouping: .day), holdsDetails: true)
    try rig.step { rig.details.stamps.count == 3 }
    try rig.step { rig.terminal.screenText.contains("reading details · 0 of 3") }
    rig.details.release()
    try rig.step { rig.runtime.state.content.datesPending == 0 }
    try rig.step { !rig.terminal.screenText.contains("reading details") }
  }

  @Test func theDetailsServiceIsStoppedAtTheEnd() throws {
    let rig = try Rig()
    #expect(rig.details.stops == 0)
    rig.runtime.stop()
    #expect(rig.details.stops == 1)
  }
}
