import Foundation
import Gallery
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery import` on a made card: dated folders, names from templates, pairs and
/// sidecars together, nothing overwritten, nothing copied twice, a backup the same.
@Suite struct ImportRunTests {
  @Test func picturesGoIntoDatedFoldersWithTheirPairsAndSidecars() async throws {
    let card = ImportCard()
    let jpeg = card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00")
    let raw = card.file("IMG_0001.CR3", head: ImportCard.cr3Head)
    let sidecar = card.file("IMG_0001.xmp", head: Array("<x:xmpmeta>".utf8), size: 100)
    let memo = card.file("IMG_0001.WAV", head: Array("RIFF".utf8), size: 300)
    let other = card.photo("IMG_0002.JPG", taken: "2024:08:04 09:00:00", model: "GR III")
    let outcome = try await card.run([
      card.card, "--to", card.library, "--rename", "{yyyy}{mm}{dd}-{camera}-{seq}",
    ])
    #expect(outcome.status == .done, "\(outcome.errors)")
    #expect(outcome.errors == "")
    #expect(outcome.output.hasPrefix("imported 5 files ("), "\(outcome.output)")
    #expect(outcome.output.hasSuffix("), 0 already imported, 0 failed\n"))
    let tree = ImportCard.tree(card.library)
    #expect(
      tree == [
        "2024/2024-08-03/20240803-X100V-0001.JPG": jpeg,
        "2024/2024-08-03/20240803-X100V-0001.CR3": raw,
        "2024/2024-08-03/20240803-X100V-0001.xmp": sidecar,
        "2024/2024-08-03/20240803-X100V-0001.WAV": memo,
        "2024/2024-08-04/20240804-GR III-0001.JPG": other,
      ], "\(tree.keys.sorted())")
    // The card is as it was.
    #expect(ImportCard.tree(card.card).count == 5)
  }

  @Test func theConfigurationsDestinationServesWhenTheCommandLineGivesNone() async throws {
    let card = ImportCard()
    let jpeg = card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00")
    let outcome = try await card.run(
      [card.card], settings: "import.to = ~/Pictures\nimport.folders = {yyyy}\n",
      home: card.files.root)
    #expect(outcome.status == .done, "\(outcome.errors)")
    #expect(ImportCard.tree(card.library) == ["2024/IMG_0001.JPG": jpeg])
  }

  @Test func aSecondImportCopiesNothing() async throws {
    let card = ImportCard()
    for number in 1...6 { card.photo("IMG_000\(number).JPG", taken: "2024:08:03 14:30:0\(number)") }
    let first = try await card.run([card.card, "--to", card.library])
    #expect(first.status == .done, "\(first.errors)")
    #expect(first.output.hasPrefix("imported 6 files"))
    let before = ImportCard.tree(card.library)
    let second = try await card.run([card.card, "--to", card.library])
    #expect(second.status == .done, "\(second.errors)")
    #expect(second.output.hasPrefix("imported 0 files (0 B), 6 already imported, 0 failed"))
    // Without the index, each found at its destination.
    let third = try await card.run(["--no-cache", card.card, "--to", card.library])
    #expect(third.output.hasPrefix("imported 0 files (0 B), 6 already imported"), "\(third.output)")
    #expect(ImportCard.tree(card.library) == before)
    // A new picture on the card is the only one copied.
    card.photo("IMG_0007.JPG", taken: "2024:08:05 10:00:00")
    let fourth = try await card.run([card.card, "--to", card.library])
    #expect(fourth.output.hasPrefix("imported 1 file ("), "\(fourth.output)")
    #expect(fourth.output.hasSuffix("6 already imported, 0 failed\n"))
    // What the user culled after importing stays imported.
    let culled = card.library + "/2024/2024-08-03/IMG_0001.JPG"
    #expect(unlink(culled) == 0)
    let fifth = try await card.run([card.card, "--to", card.library])
    #expect(fifth.output.hasPrefix("imported 0 files"), "\(fifth.output)")
  }

  @Test func aTakenNameGetsASuffixAndIsNeverOverwritten() async throws {
    let card = ImportCard()
    let jpeg = card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00")
    let raw = card.file("IMG_0001.CR3", head: ImportCard.cr3Head)
    let theirs = card.files.file("Pictures/2024/2024-08-03/IMG_0001.CR3", Array("mine".utf8))
    let outcome = try await card.run([card.card, "--to", card.library])
    #expect(outcome.status == .done, "\(outcome.errors)")
    let tree = ImportCard.tree(card.library)
    #expect(
      tree == [
        "2024/2024-08-03/IMG_0001.CR3": Array("mine".utf8),
        "2024/2024-08-03/IMG_0001 (2).JPG": jpeg,
        "2024/2024-08-03/IMG_0001 (2).CR3": raw,
      ], "\(tree.keys.sorted())")
    #expect(theirs.hasSuffix("IMG_0001.CR3"))
    // Two pictures of one name from two folders of the card: both kept.
    _ = card.files.folder("card/DCIM/101CANON")
    let twin = card.photo("../101CANON/IMG_0001.JPG", taken: "2024:08:03 14:31:00")
    let again = try await card.run([card.card, "--to", card.library])
    #expect(again.output.hasPrefix("imported 1 file ("), "\(again.output)")
    #expect(ImportCard.tree(card.library)["2024/2024-08-03/IMG_0001.JPG"] == twin)
  }

  @Test func theBackupGetsTheSameCopies() async throws {
    let card = ImportCard()
    for number in 1...4 { card.photo("IMG_000\(number).JPG", taken: "2023:12:31 23:59:5\(number)") }
    card.file("IMG_0001.CR3", head: ImportCard.cr3Head, size: 3 << 20)
    let outcome = try await card.run([card.card, "--to", card.library, "--backup", card.backup])
    #expect(outcome.status == .done, "\(outcome.errors)")
    #expect(outcome.output.hasPrefix("imported 5 files"))
    let copies = ImportCard.tree(card.library)
    #expect(copies.count == 5)
    #expect(ImportCard.tree(card.backup) == copies)
    // A backup of its own later: filled from the card, the import's copies left.
    let later = card.files.folder("Later")
    let second = try await card.run([card.card, "--to", card.library, "--backup", later])
    #expect(second.output.hasPrefix("imported 5 files"), "\(second.output)")
    #expect(ImportCard.tree(later) == copies)
    #expect(ImportCard.tree(card.library) == copies)
  }

  /// `--trash-source` takes from the card only what this run copied and checked at every
  /// destination, a pair with its sidecar together, into the Trash (never deleted).
  @Test func theCardsFilesGoToTheTrashOnlyOnceCopiedAndCheckedEverywhere() async throws {
    let card = ImportCard()
    let home = card.files.folder("home")
    let first = card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00")
    let before = try await card.run([card.card, "--to", card.library], home: home)
    #expect(before.status == .done, "\(before.errors)")
    let raw = card.file("IMG_0002.CR3", head: ImportCard.cr3Head)
    let jpeg = card.photo("IMG_0002.JPG", taken: "2024:08:03 14:31:00")
    let sidecar = card.file("IMG_0002.xmp", head: Array("<x:xmpmeta>".utf8), size: 100)
    // A dry run moves nothing.
    let dry = try await card.run(
      [card.card, "--to", card.library, "--backup", card.backup, "--trash-source", "--dry-run"],
      home: home)
    #expect(dry.status == .done)
    #expect(ImportCard.tree(card.camera).count == 4)
    let outcome = try await card.run(
      [card.card, "--to", card.library, "--backup", card.backup, "--trash-source"], home: home)
    #expect(outcome.status == .done, "\(outcome.errors)")
    // IMG_0001 was copied to the backup only: the destination's copy is the index's word.
    #expect(
      outcome.output.hasSuffix(
        "moved 3 files of the card to the Trash; 1 left on it, not copied and checked everywhere"
          + " in this run\n"),
      "\(outcome.output)")
    #expect(ImportCard.tree(card.camera) == ["IMG_0001.JPG": first])
    let trashed = ImportCard.tree(home + "/.local/share/Trash/files")
    #expect(trashed == ["IMG_0002.CR3": raw, "IMG_0002.JPG": jpeg, "IMG_0002.xmp": sidecar])
    #expect(ImportCard.tree(home + "/.local/share/Trash/info").count == 3)
    // trash-cli lists them under their places on the card, to restore from there.
    if FileManager.default.isExecutableFile(atPath: "/usr/bin/trash-list") {
      var environment = ProcessInfo.processInfo.environment
      environment["XDG_DATA_HOME"] = home + "/.local/share"
      let listing = card.files.path("trash-list.out")
      let status = await Subprocess.exitStatus(
        of: try Subprocess.start(
          ["/usr/bin/trash-list"], environment: environment, output: listing))
      #expect(status == 0)
      let listed = String(decoding: OnDisk.bytes(listing) ?? [], as: UTF8.self)
        .split(separator: "\n").compactMap { $0.split(separator: " ", maxSplits: 2).last }
        .filter { $0.hasPrefix(card.camera) }.map(String.init)
      #expect(
        listed.sorted() == ["CR3", "JPG", "xmp"].map { card.camera + "/IMG_0002." + $0 },
        "\(listed)")
    }
    let copies = ImportCard.tree(card.library + "/2024/2024-08-03")
    #expect(copies["IMG_0002.CR3"] == raw && copies["IMG_0002.JPG"] == jpeg)
    #expect(ImportCard.tree(card.backup + "/2024/2024-08-03") == copies)
    // The setting does the same; a file imported before is left.
    let again = try await card.run(
      [card.card, "--to", card.library], settings: "import.trash-source = yes", home: home)
    #expect(
      again.output.hasSuffix(
        "moved 0 files of the card to the Trash; 1 left on it, not copied and checked"
          + " everywhere in this run\n"),
      "\(again.output)")
    #expect(ImportCard.tree(card.camera) == ["IMG_0001.JPG": first])
  }

  /// A pair half imported before: its new half is copied and checked, yet neither
  /// leaves the card, since the other's copy is only the index's word.
  @Test func aPairGoesToTheTrashWholeOrNotAtAll() async throws {
    let card = ImportCard()
    let home = card.files.folder("home")
    let jpeg = card.photo("IMG_0003.JPG", taken: "2024:08:03 14:30:00")
    let before = try await card.run([card.card, "--to", card.library], home: home)
    #expect(before.status == .done, "\(before.errors)")
    let raw = card.file("IMG_0003.CR3", head: ImportCard.cr3Head)
    let outcome = try await card.run(
      [card.card, "--to", card.library, "--trash-source"], home: home)
    #expect(outcome.status == .done, "\(outcome.errors)")
    #expect(outcome.output.hasPrefix("imported 1 file"), "\(outcome.output)")
    #expect(outcome.output.contains("moved 0 files of the card to the Trash; 2 left"))
    #expect(ImportCard.tree(card.camera) == ["IMG_0003.JPG": jpeg, "IMG_0003.CR3": raw])
    #expect(ImportCard.tree(card.library + "/2024/2024-08-03")["IMG_0003.CR3"] == raw)
  }

  @Test func noBackupThisTimeWhateverTheConfigurationSays() async throws {
    let card = ImportCard()
    card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00")
    let settings = "import.backup = \(card.backup)"
    let skipped = try await card.run(
      [card.card, "--to", card.library, "--no-backup"], settings: settings)
    #expect(skipped.status == .done, "\(skipped.errors)")
    #expect(ImportCard.tree(card.library).count == 1)
    #expect(ImportCard.tree(card.backup).isEmpty)
    let backed = try await card.run([card.card, "--to", card.library], settings: settings)
    #expect(backed.output.hasPrefix("imported 1 file"), "\(backed.output)")
    #expect(ImportCard.tree(card.backup).count == 1)
  }

  @Test func aDryRunPrintsThePlanAndWritesNothing() async throws {
    let card = ImportCard()
    card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00")
    card.file("IMG_0001.CR3", head: ImportCard.cr3Head)
    let outcome = try await card.run([card.card, "--to", card.library, "--dry-run"])
    #expect(outcome.status == .done, "\(outcome.errors)")
    let camera = card.camera
    let dated = card.library + "/2024/2024-08-03"
    #expect(
      outcome.output
        == """
        \(camera)/IMG_0001.CR3 -> \(dated)/IMG_0001.CR3
        \(camera)/IMG_0001.JPG -> \(dated)/IMG_0001.JPG
        would import 2 files (8.5 kB); 0 already imported

        """.replacingOccurrences(
          of: "8.5 kB",
          with: ImportSummary.bytes(
            Int64(ImportCard.tree(card.card).values.reduce(0) { $0 + $1.count }))))
    #expect(ImportCard.tree(card.library).isEmpty)
    #expect(Folders.names(in: card.library).isEmpty)
  }

  @Test func badSourcesDestinationsAndTemplatesAreMessages() async throws {
    let card = ImportCard()
    card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00")
    let missing = try await card.run([card.files.path("nowhere"), "--to", card.library])
    #expect(missing.status == .badUsage)
    #expect(missing.errors.contains("nowhere"), "\(missing.errors)")
    let noDestination = try await card.run([card.card, "--to", card.files.path("absent")])
    #expect(noDestination.status == .badUsage)
    #expect(noDestination.errors.contains("absent does not exist: make it first"))
    let inside = try await card.run([card.card, "--to", card.camera])
    #expect(inside.status == .badUsage)
    #expect(inside.errors.contains("is inside the folder imported"), "\(inside.errors)")
    #expect(
      throws: OptionsError.badTemplate(
        option: "--rename", problem: .unknownField("date", template: "{date}-{name}"))
    ) {
      try GalleryOptions.parse([
        "import", card.card, "--to", card.library, "--rename", "{date}-{name}",
      ])
    }
    #expect(throws: OptionsError.importNeeds("a destination, --to DIR")) {
      try GalleryOptions.parse(["import", card.card])
    }
    #expect(throws: OptionsError.requiresImport(option: "--to")) {
      try GalleryOptions.parse([card.card, "--to", card.library])
    }
    #expect(throws: OptionsError.conflict(option: "--print", other: "import")) {
      try GalleryOptions.parse(["import", "--print", card.card, "--to", card.library])
    }
    // A folder named import is still shown by its path.
    #expect(
      try GalleryOptions.parse(["./import"])
        == .run(
          {
            var options = GalleryOptions()
            options.paths = ["./import"]
            return options
          }()))
  }

  @Test func aLeftoverOfAKilledImportIsTidiedAndTheImportFinished() async throws {
    let card = ImportCard()
    let jpeg = card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00")
    // What a killed import leaves: part of a copy under a temporary name of a process
    // that is gone.
    let dead = DeadProcess.pid
    let leftover = card.files.file(
      "Pictures/2024/2024-08-03/.IMG_0001.JPG\(PartialFile.Purpose.copy.marker)\(dead)-1",
      Array(jpeg.prefix(100)))
    let outcome = try await card.run([card.card, "--to", card.library])
    #expect(outcome.status == .done, "\(outcome.errors)")
    #expect(ImportCard.tree(card.library) == ["2024/2024-08-03/IMG_0001.JPG": jpeg])
    #expect(!FileManager.default.fileExists(atPath: leftover))
  }
}

/// A card pulled out while an import runs: the run stops, saying so, with what was done
/// counted; a file gone alone is a failure named, and the rest go on.
@Suite struct ImportCardGoneTests {
  /// The plan of `card`'s pictures into its library, made before anything goes.
  static func copier(_ card: ImportCard) throws -> (ImportCopier, ImportPlan) {
    let root = try ScanRoot(resolving: card.card)
    let sources = ImportSources(
      roots: [root], includeHidden: false, index: nil, cancellation: ScanCancellation())
    let plan = ImportPlan(
      sources.folders, facts: sources.facts, folderTemplate: .standardFolders,
      nameTemplate: .standardName)
    var copier = ImportCopier(
      destinations: [card.library], index: nil, dryRun: false, sources: [root.path])
    copier.learnKnownHashes(plan)
    return (copier, plan)
  }

  @Test func aCardPulledOutStopsTheRun() throws {
    let card = ImportCard()
    for number in 1...3 { card.photo("IMG_000\(number).JPG", taken: "2024:08:03 14:30:0\(number)") }
    var (copier, plan) = try Self.copier(card)
    #expect(copier.importGroup(plan.groups[0]) { _ in } == nil)
    try FileManager.default.removeItem(atPath: card.card)
    let stop = copier.importGroup(plan.groups[1]) { _ in }
    #expect(stop == "the card at \(card.card) is gone (pulled out?)")
    #expect(copier.summary.copied == 1)
    #expect(ImportCard.tree(card.library).count == 1)
  }

  @Test func aFileGoneAloneIsNamedAndTheRestGoOn() throws {
    let card = ImportCard()
    for number in 1...3 { card.photo("IMG_000\(number).JPG", taken: "2024:08:03 14:30:0\(number)") }
    var (copier, plan) = try Self.copier(card)
    unlink(card.camera + "/IMG_0002.JPG")
    for group in plan.groups { #expect(copier.importGroup(group) { _ in } == nil) }
    #expect(copier.finish() == nil)
    #expect(copier.summary.copied == 2)
    #expect(copier.summary.failures.count == 1)
    #expect(copier.summary.failures.first?.contains("IMG_0002.JPG no longer exists") == true)
  }

  @Test func verifyingFromTheDiskGivesTheSameCopies() async throws {
    let card = ImportCard()
    for number in 1...3 {
      card.photo("IMG_000\(number).JPG", taken: "2024:08:03 14:30:0\(number)", padding: 40_000)
    }
    let outcome = try await card.run([
      card.card, "--to", card.library, "--backup", card.backup, "--verify-from-disk",
    ])
    #expect(outcome.status == .done, "\(outcome.errors)")
    #expect(outcome.output.hasPrefix("imported 3 files"), "\(outcome.output)")
    let copies = ImportCard.tree(card.library)
    #expect(Set(copies.values) == Set(ImportCard.tree(card.card).values))
    #expect(ImportCard.tree(card.backup) == copies)
  }

  /// Another program writing into a copy between its writing and its naming, where the
  /// copy is a temporary file (a file system without unnamed files; its lock is only
  /// advisory): the copy read back differs from the card's bytes, so it never gets its
  /// name, and nothing of it is left.
  @Test(arguments: [false, true])
  func aCopyWrittenIntoMeanwhileIsNeverNamed(fromDisk: Bool) throws {
    let card = ImportCard()
    card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00", padding: 20_000)
    let destination = card.library + "/IMG_0001.JPG"
    let written = try ImportCopy.write(
      card.camera + "/IMG_0001.JPG", to: [destination], mode: 0o644, buffer: ChunkBuffer(),
      unnamed: false)
    let names = try FileManager.default.contentsOfDirectory(atPath: card.library)
    let partial = try #require(names.first { $0.hasPrefix(".IMG_0001.JPG.gallery-partial-") })
    let other = open(card.library + "/" + partial, O_WRONLY | O_CLOEXEC)
    try #require(other >= 0)
    #expect(pwrite(other, "another program", 15, 1000) == 15)
    close(other)
    let outcomes = ImportCopy.settle([written], fromDisk: fromDisk)
    guard case .failed(let error) = outcomes.first?.first else {
      Issue.record("the copy was named: \(outcomes)")
      return
    }
    #expect(error.message.contains("differs from the card's file"), "\(error.message)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: card.library) == [])
  }

  /// Another file put at a copy's temporary name before it is named, even of the very
  /// bytes the card gave, is not the copy written: it never gets the name, and stays
  /// where the other program put it.
  @Test func aCopyReplacedMeanwhileIsNeverNamed() throws {
    let card = ImportCard()
    let bytes = card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00", padding: 20_000)
    let destination = card.library + "/IMG_0001.JPG"
    let written = try ImportCopy.write(
      card.camera + "/IMG_0001.JPG", to: [destination], mode: 0o644, buffer: ChunkBuffer(),
      unnamed: false)
    let names = try FileManager.default.contentsOfDirectory(atPath: card.library)
    let partial = try #require(names.first { $0.hasPrefix(".IMG_0001.JPG.gallery-partial-") })
    let theirs = card.files.file("theirs.jpg", bytes)
    #expect(rename(theirs, card.library + "/" + partial) == 0)
    let outcomes = ImportCopy.settle([written])
    guard case .failed(let error) = outcomes.first?.first else {
      Issue.record("the other file was named: \(outcomes)")
      return
    }
    #expect(error.message.contains("another file was put in the copy's place"), "\(error.message)")
    #expect(!FileManager.default.fileExists(atPath: destination))
    #expect(FileManager.default.contents(atPath: card.library + "/" + partial) == Data(bytes))
  }

  /// Where the file system has unnamed files (here, as on ext4, XFS, Btrfs and tmpfs), a
  /// copy has no name until it is checked: nothing in the folder for another program to
  /// open, write into or replace, and nothing left if the import dies; then it takes its
  /// name whole.
  @Test(arguments: [false, true])
  func aCopyHasNoNameUntilItIsChecked(fromDisk: Bool) throws {
    let card = ImportCard()
    let bytes = card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00", padding: 20_000)
    let destination = card.library + "/IMG_0001.JPG"
    // A test folder on a file system without unnamed files (overlayfs before Linux 6.6,
    // NFS) has nothing to show here: the temporary files are tested above.
    let probe = try ImportDraft.create(beside: destination)
    probe.drop()
    guard case .unnamed = probe else { return }
    let written = try ImportCopy.write(
      card.camera + "/IMG_0001.JPG", to: [destination, card.backup + "/IMG_0001.JPG"],
      mode: 0o644, buffer: ChunkBuffer())
    #expect(try FileManager.default.contentsOfDirectory(atPath: card.library) == [])
    #expect(try FileManager.default.contentsOfDirectory(atPath: card.backup) == [])
    let outcomes = ImportCopy.settle([written], fromDisk: fromDisk)
    #expect(outcomes.first?.count == 2)
    for outcome in outcomes.first ?? [] {
      guard case .copied = outcome else {
        Issue.record("not copied: \(outcome)")
        continue
      }
    }
    #expect(FileManager.default.contents(atPath: destination) == Data(bytes))
    #expect(FileManager.default.contents(atPath: card.backup + "/IMG_0001.JPG") == Data(bytes))
    #expect(try FileManager.default.contentsOfDirectory(atPath: card.library) == ["IMG_0001.JPG"])
  }

  /// Another program saving a file under a copy's final name between the look for a
  /// free name and the naming: the copy never replaces it (a link, or a rename that
  /// refuses a taken name), says the name was taken, and leaves nothing of itself; the
  /// other program's file is as it wrote it. Both kinds of draft.
  @Test(arguments: [true, false])
  func aNameTakenMeanwhileIsNeverReplaced(unnamed: Bool) throws {
    let card = ImportCard()
    card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00", padding: 20_000)
    let destination = card.library + "/IMG_0001.JPG"
    let written = try ImportCopy.write(
      card.camera + "/IMG_0001.JPG", to: [destination], mode: 0o644, buffer: ChunkBuffer(),
      unnamed: unnamed)
    let theirs = Data("another program's save".utf8)
    try theirs.write(to: URL(fileURLWithPath: destination))
    let outcomes = ImportCopy.settle([written])
    guard case .taken = outcomes.first?.first else {
      Issue.record("the copy did not see the name taken: \(outcomes)")
      return
    }
    #expect(FileManager.default.contents(atPath: destination) == theirs)
    #expect(try FileManager.default.contentsOfDirectory(atPath: card.library) == ["IMG_0001.JPG"])
  }
}
