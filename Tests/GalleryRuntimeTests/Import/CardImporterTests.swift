import Foundation
import Gallery
import SystemSupport
import TestSupport
import Testing

@testable import GalleryRuntime

/// The browser's import (`CardImporter`) on made cards: the same copies as `gallery
/// import`, the preview before them, and the refusals the command line gives before
/// copying.
@Suite struct CardImporterTests {
  /// The events the importer answered with, and a signal at the last one awaited.
  final class Answers: Sendable {
    let events = Locked<[GalleryEvent]>([])
    let finished = TestSignal()

    func take(_ event: GalleryEvent) {
      events.withLock { $0.append(event) }
      switch event {
      case .importPlanned, .importRefused, .importFinished, .cardFound: finished.signal()
      default: break
      }
    }
  }

  static func importer(_ card: ImportCard) -> CardImporter {
    CardImporter(
      indexPath: card.cache + "/gallery/library.sqlite", includeHidden: false, home: card.files.root
    )
  }

  /// Waits for the importer's next final answer.
  static func answer(_ work: (Answers) -> Void) async -> [GalleryEvent] {
    let answers = Answers()
    work(answers)
    let answered = await answers.finished.wait(timeout: .seconds(60))
    #expect(answered, "no answer within a minute")
    return answers.events.withLock { $0 }
  }

  static func makeCard(_ card: ImportCard) {
    card.photo("IMG_0001.JPG", taken: "2024:08:03 14:30:00")
    card.file("IMG_0001.CR3", head: ImportCard.cr3Head)
    card.file("IMG_0001.xmp", head: Array("<x:xmpmeta>".utf8), size: 100)
    card.photo("IMG_0002.JPG", taken: "2024:08:04 09:00:00", model: "GR III")
    card.photo("IMG_0003.JPG", taken: "2024:08:04 09:00:05", model: "GR III")
  }

  @Test func theBrowsersImportCopiesWhatTheCommandLineCopies() async throws {
    let browser = ImportCard()
    let command = ImportCard()
    Self.makeCard(browser)
    Self.makeCard(command)
    let importer = Self.importer(browser)
    let request = ImportRequest(card: browser.card, destination: "Pictures")
    let planned = await Self.answer { answers in importer.plan(request, answer: answers.take) }
    guard case .importPlanned(let preview) = planned.last else {
      Issue.record("no plan: \(planned)")
      return
    }
    #expect(preview.destination == browser.library)
    #expect(preview.totals.hasPrefix("would import 5 files ("))
    #expect(preview.entries.count == 5)
    #expect(
      preview.entries.contains(
        .init(source: "DCIM/100CANON/IMG_0001.CR3", target: "2024/2024-08-03/IMG_0001.CR3")))
    // Nothing is copied before Enter.
    #expect(ImportCard.tree(browser.library).isEmpty)
    let ran = await Self.answer { answers in importer.start(answer: answers.take) }
    guard case .importFinished(let outcome, let shown) = ran.last else {
      Issue.record("no end: \(ran)")
      return
    }
    let reports = ran.compactMap {
      if case .importProgressed(let report) = $0 { report } else { nil }
    }
    // The run counts towards the preview's totals, with which the status line began.
    #expect(!reports.isEmpty)
    #expect(preview.byteCount > 0)
    #expect(reports.allSatisfy { $0.totalBytes == preview.byteCount && $0.totalFiles == 5 })
    #expect(outcome.stopReason == nil)
    #expect(outcome.summary.copied == 5)
    #expect(outcome.summary.failures.isEmpty)
    #expect(
      outcome.folders == [
        browser.library + "/2024/2024-08-03", browser.library + "/2024/2024-08-04",
      ])
    #expect(shown?.sections.flatMap(\.pictures).count == 4)  // the CR3 and its JPEG apart
    let cli = try await command.run([command.card, "--to", command.library])
    #expect(cli.status == .done, "\(cli.errors)")
    #expect(cli.output == outcome.summary.line(dryRun: false) + "\n")
    #expect(ImportCard.tree(browser.library) == ImportCard.tree(command.library))
    // The same card again: nothing to copy, as the command line says.
    let again = await Self.answer { answers in importer.plan(request, answer: answers.take) }
    guard case .importPlanned(let second) = again.last else {
      Issue.record("no second plan: \(again)")
      return
    }
    #expect(second.totals == "would import 0 files (0 B); 5 already imported")
    #expect(second.entries.allSatisfy { $0.target == nil })
    #expect(second.byteCount == preview.byteCount)
  }

  @Test func theSettingTakesTheCardsFilesCopiedToTheTrash() async throws {
    let card = ImportCard()
    Self.makeCard(card)
    let home = card.files.folder("home")
    let importer = CardImporter(
      indexPath: card.cache + "/gallery/library.sqlite", includeHidden: false, home: home,
      trash: Trash(home: home, dataHome: nil, uid: getuid()))
    let before = ImportCard.tree(card.camera)
    let request = ImportRequest(card: card.card, destination: card.library, trashesSource: true)
    let planned = await Self.answer { answers in importer.plan(request, answer: answers.take) }
    guard case .importPlanned = planned.last else {
      Issue.record("no plan: \(planned)")
      return
    }
    // Nothing leaves the card before the copies are checked.
    #expect(ImportCard.tree(card.camera) == before)
    let ran = await Self.answer { answers in importer.start(answer: answers.take) }
    guard case .importFinished(let outcome, _) = ran.last else {
      Issue.record("no end: \(ran)")
      return
    }
    #expect(outcome.sourceTrash == "moved 5 files of the card to the Trash")
    #expect(outcome.sentence.hasSuffix("0 failed; moved 5 files of the card to the Trash"))
    #expect(ImportCard.tree(card.camera).isEmpty)
    #expect(ImportCard.tree(home + "/.local/share/Trash/files").count == 5)
    let copies = ImportCard.tree(card.library)
    #expect(Set(copies.values) == Set(before.values))
  }

  @Test func aCancelledPlanIsForgottenAndNeverStarted() async throws {
    let card = ImportCard()
    Self.makeCard(card)
    let importer = Self.importer(card)
    let planned = await Self.answer { answers in
      importer.plan(ImportRequest(card: card.card, destination: "Pictures"), answer: answers.take)
    }
    guard case .importPlanned = planned.last else {
      Issue.record("no plan: \(planned)")
      return
    }
    importer.cancel()
    let ran = await Self.answer { answers in importer.start(answer: answers.take) }
    guard case .importFinished(let outcome, let shown) = ran.last else {
      Issue.record("no end: \(ran)")
      return
    }
    #expect(outcome.stopReason == "nothing was planned")
    #expect(shown == nil)
    #expect(ImportCard.tree(card.library).isEmpty)
  }

  @Test func whatTheCommandLineRefusesBeforeCopyingIsRefused() async throws {
    let card = ImportCard()
    Self.makeCard(card)
    let importer = Self.importer(card)
    for (destination, words) in [
      ("Missing", "does not exist"), (card.camera, "is inside the folder imported"),
    ] {
      let events = await Self.answer { answers in
        importer.plan(
          ImportRequest(card: card.card, destination: destination), answer: answers.take)
      }
      guard case .importRefused(let sentence) = events.last else {
        Issue.record("not refused: \(events)")
        continue
      }
      #expect(sentence.contains(words), "\(sentence)")
    }
    #expect(ImportCard.tree(card.library).isEmpty)
  }

  @Test func theCardIsFoundAboveAFolderBesideDCIM() async throws {
    let card = ImportCard()
    _ = card.files.folder("card/PRIVATE/M4ROOT")
    let home = card.files.path("home")
    #expect(
      CardImporter.card(above: card.files.path("card/PRIVATE/M4ROOT"), home: home) == card.card)
    #expect(CardImporter.card(above: card.library, home: home) == nil)
  }

  /// A `DCIM` in the home folder (a phone's pictures copied by hand) makes neither home a
  /// card nor any folder under it that has none of its own.
  @Test func theSearchStopsBeforeTheHomeFolder() async throws {
    let files = FolderFixture()
    let home = files.folder("home")
    _ = files.folder("home/DCIM/100PHONE")
    _ = files.folder("home/Pictures/2024")
    _ = files.folder("home/cards/a/DCIM/100CANON")
    _ = files.folder("home/cards/a/PRIVATE")
    #expect(CardImporter.card(above: files.path("home/Pictures/2024"), home: home) == nil)
    #expect(CardImporter.card(above: files.path("home/DCIM/100PHONE"), home: home) == nil)
    #expect(CardImporter.card(above: home, home: home) == nil)
    #expect(
      CardImporter.card(above: files.path("home/cards/a/PRIVATE"), home: home)
        == files.path("home/cards/a"))
    #expect(
      CardImporter.card(above: files.path("home/cards/a/DCIM/100CANON"), home: home)
        == files.path("home/cards/a"))
  }
}

extension CardImporterTests {
  @Test func aBackupGetsTheSameCopiesAndThePreviewListsEachFileOnce() async throws {
    let card = ImportCard()
    Self.makeCard(card)
    let importer = Self.importer(card)
    let request = ImportRequest(card: card.card, destination: "Pictures", backup: card.backup)
    let planned = await Self.answer { answers in importer.plan(request, answer: answers.take) }
    guard case .importPlanned(let preview) = planned.last else {
      Issue.record("no plan: \(planned)")
      return
    }
    #expect(preview.entries.count == 5)
    #expect(Set(preview.entries.map(\.source)).count == 5)
    let ran = await Self.answer { answers in importer.start(answer: answers.take) }
    guard case .importFinished(let outcome, _) = ran.last else {
      Issue.record("no end: \(ran)")
      return
    }
    #expect(outcome.summary.copied == 5)
    #expect(ImportCard.tree(card.backup) == ImportCard.tree(card.library))
    #expect(ImportCard.tree(card.library).count == 5)
  }
}
