import Foundation
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
  /// A runtime over a folder of three pictures, every service but the thumbnails' and
  /// the favourites' a fake; started, its first frame drawn.
  @MainActor final class Rig {
    let files = FolderFixture()
    let terminal = FakeTerminal()
    let scanner: FakeScanner
    let fileActions: FakeFileActions
    let commands = FakeCommands(summary: "the fake ran it")
    let dates = FakeDates(date: Date(timeIntervalSince1970: 1_600_000_000))
    let runtime: GalleryRuntime<FakeTerminal>

    init(configuration: GalleryState.Configuration = .init()) throws {
      for index in 1...3 { files.jpeg("Shots/a/shot-\(index).jpg") }
      let real = try LibraryScanner(folders: [files.path("Shots")])
      scanner = FakeScanner(library: real.library(), roots: real.roots)
      let ordering = SectionOrdering(roots: real.roots)
      fileActions = FakeFileActions { action in
        var changes = FolderChanges(ordering: ordering)
        if case .trash(let paths) = action { changes.removed = Set(paths) }
        return FileActionReport(changes: changes, summary: "the fake trashed it")
      }
      let services = GalleryRuntime<FakeTerminal>.Services(
        makeThumbnails: { FakeThumbnails(completion: $0) },
        scanner: scanner, watchesFolders: true,
        favorites: FavoritesKeeper(environment: ["XDG_STATE_HOME": files.path("")]),
        datesTaken: dates, fileActions: fileActions, commands: commands)
      var settings = GalleryRuntime<FakeTerminal>.Settings()
      settings.scanGrace = .seconds(10)
      runtime = GalleryRuntime(
        terminal: terminal,
        state: GalleryState(width: 80, height: 24, configuration: configuration),
        services: services, settings: settings)
      runtime.start()
    }

    /// The paths of the pictures the state shows.
    var shown: [String] { runtime.state.sections.flatMap(\.pictures).map(\.path) }

    /// Steps until `condition` holds or ten seconds pass.
    func step(until condition: () -> Bool) throws {
      let deadline = ContinuousClock.now + .seconds(10)
      while !condition() {
        try #require(ContinuousClock.now < deadline, "gave up waiting")
        runtime.step(timeout: .milliseconds(50))
      }
    }
  }

  @Test func theScannersSectionsAreInTheFirstFrame() throws {
    let rig = try Rig()
    #expect(rig.scanner.scans == 1)
    #expect(rig.shown.count == 3)
    #expect(rig.runtime.state.isScanComplete)
    #expect(rig.terminal.screenText.contains("shot-1"))
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
    try rig.step { rig.scanner.rescans == 1 }
    #expect(rig.shown.count == 3)
  }

  @Test func theKeyHandlerRunsThroughTheCommandServiceWithTheTerminalHandedOver() throws {
    let rig = try Rig()
    let focused = try #require(rig.runtime.state.focusedOrMarkedPaths.first)
    rig.terminal.type(.key(.control("x")), .key(.character("w")))
    rig.runtime.step(timeout: .zero)
    #expect(rig.commands.ran == ["key-handler w \(focused)"])
    #expect(rig.terminal.handovers == ["suspend", "resume"])
    #expect(rig.terminal.screenText.contains("the fake ran it"))
  }

  @Test func theTimelinesDatesComeFromTheDatesService() throws {
    let rig = try Rig(configuration: .init(grouping: .day))
    try rig.step { rig.runtime.state.content.datesPending == 0 }
    #expect(Set(rig.dates.stamps.map(\.path)) == Set(rig.shown))
    #expect(rig.runtime.state.sections.first?.period != nil)
  }
}
