import Foundation
import Pictures
import SystemSupport
import TerminalKit
import TestSupport
import Testing
import XMPSidecars

@testable import Gallery
@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// The favourites an older gallery kept in `favorites.json` become decisions in the
/// pictures' sidecars, once: those whose files are there, the others waiting in the file.
@Suite struct FavoritesMigrationTests {
  static let picked = CullingDecision(rating: .unrated, flag: .picked, labels: [])

  /// A state folder with a favourites file of `favorites`, and the pictures `present`.
  struct Setup {
    let files = FolderFixture()
    var file: String { files.path("state/gallery/favorites.json") }
    var store: FavoritesStore { FavoritesStore(path: file) }

    init(favorites: [String], present: [String] = []) throws {
      for name in present { _ = files.jpeg("Shots/" + name) }
      try store.save(
        Favorites(favorites.map { $0.hasPrefix("/") ? $0 : files.path("Shots/" + $0) }))
    }

    func picture(_ name: String) -> String { files.path("Shots/" + name) }

    func migrator(
      _ rule: FavoriteRule = .picks, failing: String? = nil,
      writes: Locked<[String]> = Locked([]), builtIn: String? = nil
    ) -> FavoritesMigrator {
      let sidecars = SidecarStore()
      return FavoritesMigrator(
        store: store, rule: rule, builtIn: builtIn,
        read: { (picture) throws(XMPSidecarError) in try sidecars.readKept(picture: picture) },
        write: { (decision, picture) throws(XMPSidecarError) in
          if picture == failing {
            throw .writing(path: picture + ".xmp", SystemError(code: EROFS))
          }
          writes.withLock { $0.append(PathName.lastComponent(picture)) }
          try sidecars.write(decision, picture: picture)
        })
    }

    func decision(_ name: String) throws -> CullingDecision? {
      try SidecarStore().read(picture: picture(name))?.decision
    }

    func paths(in name: String) -> [String]? {
      guard
        let bytes = try? FileReader.read(path: files.path("state/gallery/" + name), limit: 1 << 20)
      else { return nil }
      return FavoritesStore.favorites(inFileBytes: bytes)?.paths
    }

    var stateNames: [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: files.path("state/gallery"))) ?? [])
        .sorted()
    }
  }

  @Test func everyFavouriteFoundBecomesAPickAndTheFileIsKeptAside() throws {
    let setup = try Setup(favorites: ["a.jpg", "b.jpg"], present: ["a.jpg", "b.jpg"])
    let original = try FileReader.read(path: setup.file, limit: 1 << 20)
    // b was culled since: three stars and a label, which stay.
    let culled = CullingDecision(rating: StarRating(clamping: 3), flag: .none, labels: [.red])
    try SidecarStore().write(culled, picture: setup.picture("b.jpg"))
    let migration = try #require(setup.migrator().migration())
    #expect(migration.migrated == 2 && migration.waiting == 0)
    #expect(migration.keptAs == setup.file + ".migrated")
    #expect(try setup.decision("a.jpg") == Self.picked)
    var pickedB = culled
    pickedB.flag = .picked
    #expect(try setup.decision("b.jpg") == pickedB)
    #expect(migration.decisions[setup.picture("b.jpg")] == pickedB)
    #expect(setup.stateNames == ["favorites.json.migrated"], "renamed, never unlinked")
    #expect(try FileReader.read(path: setup.file + ".migrated", limit: 1 << 20) == original)
    // Nothing left to migrate: the next start says nothing.
    #expect(setup.migrator().migration() == nil)
    #expect(setup.migrator().migrate().isEmpty)
  }

  @Test func favouritesNotFoundWaitInTheFileUntilTheirFilesAreThere() throws {
    let gone = "/media/ana/Unplugged/c.jpg"
    let setup = try Setup(favorites: ["a.jpg", gone, "b.jpg"], present: ["a.jpg"])
    let first = try #require(setup.migrator().migration())
    #expect(first.migrated == 1 && first.waiting == 2)
    #expect(setup.paths(in: "favorites.json") == [gone, setup.picture("b.jpg")])
    #expect(
      setup.paths(in: "favorites.json.migrated") == [
        setup.picture("a.jpg"), gone, setup.picture("b.jpg"),
      ])
    #expect(
      first.sentence
        == "1 favourite is now picked (favorites.json kept as favorites.json.migrated)"
        + " · 2 favourites of favorites.json wait for their files")
    // Still not there: nothing changes, and the status line says they wait.
    let again = try #require(setup.migrator().migration())
    #expect(again.migrated == 0 && again.waiting == 2 && again.keptAs == nil)
    #expect(setup.stateNames == ["favorites.json", "favorites.json.migrated"])
    #expect(again.sentence == "2 favourites of favorites.json wait for their files")
    // b comes back: migrated, the copy before kept under the next free name.
    _ = setup.files.jpeg("Shots/b.jpg")
    let third = try #require(setup.migrator().migration())
    #expect(third.migrated == 1 && third.waiting == 1)
    #expect(third.keptAs == setup.file + ".migrated.1")
    #expect(setup.paths(in: "favorites.json") == [gone])
    #expect(setup.paths(in: "favorites.json.migrated.1") == [gone, setup.picture("b.jpg")])
    #expect(try setup.decision("b.jpg") == Self.picked)
  }

  @Test func aRatingRuleRaisesLowerRatingsOnlyAndLeavesRejectsRejected() throws {
    let setup = try Setup(
      favorites: ["low.jpg", "high.jpg", "rejected.jpg"],
      present: ["low.jpg", "high.jpg", "rejected.jpg"])
    let sidecars = SidecarStore()
    try sidecars.write(
      CullingDecision(rating: StarRating(clamping: 5), flag: .none, labels: []),
      picture: setup.picture("high.jpg"))
    try sidecars.write(
      CullingDecision(rating: .unrated, flag: .rejected, labels: []),
      picture: setup.picture("rejected.jpg"))
    let writes = Locked([String]())
    let migration = try #require(setup.migrator(.rating(atLeast: 4), writes: writes).migration())
    #expect(writes.withLock { $0 } == ["low.jpg"], "the others are left as they are")
    #expect(try setup.decision("low.jpg")?.rating.stars == 4)
    #expect(try setup.decision("high.jpg")?.rating.stars == 5)
    #expect(try setup.decision("rejected.jpg")?.flag == .rejected)
    #expect(migration.migrated == 2 && migration.leftRejected == 1 && migration.waiting == 0)
    #expect(
      migration.sentence
        == "2 favourites are now rated 4 stars or more (favorites.json kept as"
        + " favorites.json.migrated) · 1 favourite is left rejected")
  }

  /// The built-in pictures' decisions last the run: a favourite among them is left out,
  /// nothing written beside them, and the kept copy holds it.
  @Test func aBuiltInFavouriteIsLeftOut() throws {
    let setup = try Setup(
      favorites: ["a.jpg", "Office/office-1.jpg"], present: ["a.jpg", "Office/office-1.jpg"])
    let writes = Locked([String]())
    let migration = try #require(
      setup.migrator(writes: writes, builtIn: setup.files.path("Shots/Office")).migration())
    #expect(writes.withLock { $0 } == ["a.jpg"])
    #expect(migration.migrated == 1 && migration.builtIn == 1 && migration.waiting == 0)
    #expect(setup.stateNames == ["favorites.json.migrated"])
    #expect(
      migration.sentence
        == "1 favourite is now picked (favorites.json kept as favorites.json.migrated)"
        + " · 1 built-in picture left out")
  }

  @Test func aSidecarThatCannotBeWrittenKeepsItsFavouriteWaiting() throws {
    let setup = try Setup(favorites: ["a.jpg", "b.jpg"], present: ["a.jpg", "b.jpg"])
    let migration = try #require(setup.migrator(failing: setup.picture("b.jpg")).migration())
    #expect(migration.migrated == 1 && migration.waiting == 1)
    #expect(migration.sidecarProblem?.contains("b.jpg") == true)
    #expect(migration.isWarning)
    #expect(setup.paths(in: "favorites.json") == [setup.picture("b.jpg")])
  }

  /// A kill after the kept copy was linked and before the remainder replaced the file:
  /// both hold every favourite. The next start writes no sidecar again, keeps one more
  /// copy, and leaves the remainder.
  @Test func aStartAfterAKilledMigrationWritesNothingTwice() throws {
    let gone = "/media/ana/Unplugged/c.jpg"
    let setup = try Setup(favorites: ["a.jpg", gone], present: ["a.jpg"])
    try SidecarStore().write(Self.picked, picture: setup.picture("a.jpg"))
    #expect(link(setup.file, setup.file + ".migrated") == 0)
    let writes = Locked([String]())
    let migration = try #require(setup.migrator(writes: writes).migration())
    #expect(writes.withLock { $0 }.isEmpty)
    #expect(migration.migrated == 1 && migration.keptAs == setup.file + ".migrated.1")
    #expect(setup.paths(in: "favorites.json") == [gone])
    #expect(setup.paths(in: "favorites.json.migrated") == [setup.picture("a.jpg"), gone])
  }

  /// Two galleries started together: the second finds the file gone when it keeps it,
  /// which is no failure.
  @Test func aFileKeptMeanwhileByAnotherGalleryIsNoFailure() throws {
    let setup = try Setup(favorites: ["a.jpg"], present: ["a.jpg"])
    #expect(rename(setup.file, setup.file + ".migrated") == 0)
    #expect(try setup.store.keepMigrated(remainder: Favorites()) == nil)
    #expect(setup.stateNames == ["favorites.json.migrated"])
  }

  /// A damaged file is set aside as `.bak` (the next free name), as ever, and nothing is
  /// migrated from it.
  @Test func aDamagedFileIsSetAsideAndNothingIsWritten() throws {
    let files = FolderFixture()
    _ = files.text("state/gallery/favorites.json", "{\"version\":1,\"favorites\":[\"/a\"")
    _ = files.text("state/gallery/favorites.json.bak", "an older backup\n")
    let writes = Locked([String]())
    let migrator = FavoritesMigrator(
      store: FavoritesStore(path: files.path("state/gallery/favorites.json")), rule: .picks,
      read: { _ throws(XMPSidecarError) in nil },
      write: { _, picture throws(XMPSidecarError) in writes.withLock { $0.append(picture) } })
    let events = migrator.migrate()
    guard case .favoritesMigrated(let migration)? = events.first else {
      Issue.record("no event: \(events)")
      return
    }
    guard case .setAside(_, let backup, _)? = migration.warning else {
      Issue.record("not set aside: \(String(describing: migration.warning))")
      return
    }
    #expect(backup.hasSuffix("favorites.json.bak.1"))
    #expect(writes.withLock { $0 }.isEmpty)
    #expect(
      try String(contentsOfFile: files.path("state/gallery/favorites.json.bak"), encoding: .utf8)
        == "an older backup\n")
  }

  @Test func noStateFolderAndNoFileMigrateNothing() {
    let none = FavoritesMigrator(environment: [:], rule: .picks, sidecars: SidecarStore())
    #expect(none.migrate().isEmpty)
    let files = FolderFixture()
    let empty = FavoritesMigrator(
      environment: ["XDG_STATE_HOME": files.path("state")], rule: .picks, sidecars: SidecarStore())
    #expect(empty.migrate().isEmpty)
  }
}

/// `gallery-move-probe favorites-migrate` killed at random moments: every favourite is a
/// pick in its sidecar or still listed in the favourites file, the list as it was is
/// always kept whole under some name, and a run left alone finishes the job.
///
/// The kills are spread over the time a whole migration takes on this machine, measured
/// first (writing sidecars waits for the disk, which other tests may keep busy), and a
/// tenth beyond, so some land after the last step.
@Suite struct FavoritesMigrationKillTests {
  static let present = (0..<60).map { "IMG_\($0).jpg" }
  static let gone = (0..<5).map { "/media/ana/Unplugged/\($0).jpg" }

  /// The microseconds the probe said its migration took, from `output`.
  static func took(_ output: String) -> UInt64? {
    output.split(separator: " ").dropLast().last.flatMap { UInt64($0) }
  }

  @Test func aMigrationKilledAtAnyMomentLosesNoFavourite() async throws {
    let probe = try FaultRun.probe()
    let rounds = FaultRun.rounds(short: 8)
    let measured = try FavoritesMigrationTests.Setup(
      favorites: Self.present + Self.gone, present: Self.present)
    let whole = try await Subprocess.run(
      [probe, "favorites-migrate", measured.files.path("state"), "picks"])
    let span = try #require(Self.took(whole.output), "\(whole.output) \(whole.errors)")
    print(
      "FavoritesMigrationKillTests: seed \(FaultRun.seed), \(rounds) rounds,"
        + " 60 favourites migrated in \(span) us")
    var random = SplitMix64(seed: FaultRun.seed)
    var killedMidway = 0
    for round in 0..<rounds {
      let present = Self.present
      let gone = Self.gone
      let setup = try FavoritesMigrationTests.Setup(favorites: present + gone, present: present)
      let all = present.map(setup.picture) + gone
      var environment = ProcessInfo.processInfo.environment
      environment["GALLERY_PROBE_KILL_AFTER_US"] = String(random.next() % (span * 11 / 10 + 1))
      let output = setup.files.path("round.out")
      let pid = try Subprocess.start(
        [probe, "favorites-migrate", setup.files.path("state"), "picks"],
        environment: environment, output: output)
      let status = await Subprocess.exitStatus(of: pid)
      let said = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
      #expect(status == 0 || status == 128 + SIGKILL, "round \(round): \(said)")
      let waiting = Set(setup.paths(in: "favorites.json") ?? [])
      var picked = 0
      for path in present.map(setup.picture) {
        let decision = try SidecarStore().read(picture: path)?.decision
        if decision == FavoritesMigrationTests.picked {
          picked += 1
        } else {
          #expect(waiting.contains(path), "round \(round): \(path) neither picked nor waiting")
        }
      }
      #expect(gone.allSatisfy(waiting.contains), "round \(round): the missing ones wait")
      // The list as it was is whole under one of the names.
      let kept = setup.stateNames.filter { $0.hasPrefix("favorites.json") && !$0.hasSuffix(".tmp") }
      #expect(kept.contains { setup.paths(in: $0) == all }, "round \(round): \(kept)")
      if status != 0, picked > 0, picked < present.count { killedMidway += 1 }
      // Alone, a run finishes: every one found picked, the missing ones waiting alone.
      let outcome = try await Subprocess.run(
        [probe, "favorites-migrate", setup.files.path("state"), "picks"])
      #expect(outcome.status == 0, "\(outcome.errors)")
      #expect(setup.paths(in: "favorites.json") == gone)
      for path in present.map(setup.picture) {
        #expect(try SidecarStore().read(picture: path)?.decision == FavoritesMigrationTests.picked)
      }
    }
    print("FavoritesMigrationKillTests: \(killedMidway) of \(rounds) rounds killed midway")
  }
}
