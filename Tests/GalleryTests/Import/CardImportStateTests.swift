import CompositionalLayout
import Foundation
import Pictures
import TerminalKit
import Testing

@testable import Gallery

/// The import of a card from the browser through `update` alone: `I` on and off a card,
/// the destination prompt, the preview accepted or cancelled, the progress and the
/// summary in the status line, and the folders written shown afterwards.
@Suite struct CardImportStateTests {
  static let card = "/media/card"
  static let cardFolder = "/media/card/DCIM/100TEST"

  /// A gallery showing the card's folder (`DCIM/100TEST`) with `count` pictures.
  static func cardState(
    folder: String = cardFolder, count: Int = 3, settings: ImportSettings = ImportSettings()
  )
    -> GalleryState
  {
    let pictures = (0..<count).map { index in
      let file = "IMG_000\(index + 1).JPG"
      return Picture(
        path: folder + "/" + file, fileName: file, byteSize: 1000,
        modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
    }
    var stats = ScanStats()
    stats.pictures = count
    let library = Library(
      sections: [
        LibrarySection(name: "100TEST", folder: URL(fileURLWithPath: folder), pictures: pictures)
      ], stats: stats)
    var configuration = GalleryState.Configuration()
    configuration.importSettings = settings
    var state = GalleryState(library: library, width: 10, height: 10, configuration: configuration)
    _ = state.update(.resize(width: 100, height: 24, cellAspect: 2))
    return state
  }

  static func statusLine(_ state: GalleryState) -> String {
    String(GalleryView.render(state).text.split(separator: "\n").last ?? "")
  }

  static func screen(_ state: GalleryState) -> String { GalleryView.render(state).text }

  static func preview(for request: ImportRequest) -> ImportPreview {
    var summary = ImportSummary()
    summary.copied = 2
    summary.copiedBytes = 2000
    summary.skipped = 1
    return ImportPreview(
      request: request, destination: "/home/me/Pictures",
      entries: [
        .init(source: "DCIM/100TEST/IMG_0001.JPG", target: "2024/2024-08-03/IMG_0001.JPG"),
        .init(source: "DCIM/100TEST/IMG_0002.JPG", target: "2024/2024-08-03/IMG_0002.JPG"),
        .init(source: "DCIM/100TEST/IMG_0003.JPG", target: nil),
      ], summary: summary, byteCount: 3000)
  }

  /// `I`, then Enter on the prefilled destination: the request planned.
  static func planned(_ state: inout GalleryState) -> ImportRequest? {
    AppFixture.press([.character("I")], &state)
    let commands = AppFixture.press([.enter], &state)
    for case .planImport(let request) in commands { return request }
    return nil
  }

  @Test func theCardIsTheFolderHoldingDCIM() {
    let home = "/home/me"
    #expect(CardFolder.card(along: "/media/card/DCIM/100TEST", home: home) == "/media/card")
    #expect(CardFolder.card(along: "/media/card/DCIM", home: home) == "/media/card")
    #expect(CardFolder.card(along: "/media/card/dcim/100CANON", home: home) == "/media/card")
    #expect(CardFolder.card(along: "/home/me/Pictures/2024", home: home) == nil)
    #expect(CardFolder.card(along: "/", home: home) == nil)
    // A card copied somewhere under home is one; home itself, or above it, is not.
    #expect(CardFolder.card(along: "/home/me/cards/a/DCIM/100", home: home) == "/home/me/cards/a")
    #expect(CardFolder.card(along: "/home/me/DCIM/100CANON", home: home) == nil)
    #expect(CardFolder.card(along: "/home/DCIM/100CANON", home: home) == nil)
    #expect(CardFolder.card(along: "/DCIM/100CANON", home: nil) == nil)
    #expect(CardFolder.card(along: "/home/me2/DCIM/100CANON", home: home) == "/home/me2")
    #expect(CardFolder.card(along: "/home/me/DCIM/100CANON", home: nil) == "/home/me")
    #expect(CardFolder.card(along: "/home/me/DCIM/100CANON", home: "/home/me/") == nil)
  }

  @Test func aPictureInDCIMUnderHomeIsNotTakenForACardOfHome() {
    var settings = ImportSettings(home: "/home/me")
    settings.destination = "/home/me/Pictures"
    var state = Self.cardState(folder: "/home/me/DCIM/100CANON", settings: settings)
    // The runtime is asked, which looks no higher than below home.
    #expect(
      AppFixture.press([.character("I")], &state) == [.findCard(folder: "/home/me/DCIM/100CANON")])
    #expect(state.prompts.actionPrompt == nil)
  }

  @Test func iOnAPictureOfACardAsksForTheDestinationFromTheSettingsOrPictures() {
    var state = Self.cardState()
    #expect(AppFixture.press([.character("I")], &state).isEmpty)
    #expect(state.prompts.actionPrompt?.kind == .importTo(card: Self.card))
    #expect(state.prompts.actionPrompt?.text == "~/Pictures")
    #expect(Self.statusLine(state).contains("import /media/card to: ~/Pictures"))
    var configured = Self.cardState(settings: ImportSettings(destination: "/mnt/photos"))
    AppFixture.press([.character("I")], &configured)
    #expect(configured.prompts.actionPrompt?.text == "/mnt/photos")
  }

  @Test func iElsewhereLooksForTheCardAndSaysWhenThereIsNone() {
    var state = AppFixture.state()
    let commands = AppFixture.press([.character("I")], &state)
    #expect(commands == [.findCard(folder: "/pictures/Office")])
    #expect(!state.isPrompting)
    _ = state.update(.cardFound(folder: "/pictures/Office", card: nil))
    #expect(
      Self.statusLine(state).contains("import: /pictures/Office is not on a card (no DCIM folder)"))
    #expect(!state.cardImport.isBusy)
    // A card found above the folder (pictures beside DCIM) opens the prompt.
    AppFixture.press([.character("I")], &state)
    _ = state.update(.cardFound(folder: "/pictures/Office", card: "/pictures"))
    #expect(state.prompts.actionPrompt?.kind == .importTo(card: "/pictures"))
  }

  @Test func thePromptTakesTheDestinationTypedAndTheSettings() {
    var state = Self.cardState(
      settings: ImportSettings(destination: "~/Photos", backup: "/mnt/backup"))
    AppFixture.press([.character("I")], &state)
    AppFixture.press(Array(repeating: .backspace, count: 6), &state)
    AppFixture.press("Archive".map { Key.character($0) }, &state)
    let commands = AppFixture.press([.enter], &state)
    let expected = ImportRequest(
      card: Self.card, destination: "~/Archive", backup: "/mnt/backup")
    #expect(commands == [.planImport(expected)])
    #expect(Self.statusLine(state).contains("import: planning…"))
    // Esc in the prompt copies nothing.
    var cancelled = Self.cardState()
    AppFixture.press([.character("I"), .escape], &cancelled)
    #expect(!cancelled.isPrompting)
    #expect(Self.statusLine(cancelled).contains("import: nothing copied"))
  }

  @Test func thePreviewListsWhatGoesWhereAndEnterStartsTheImport() throws {
    var state = Self.cardState()
    let request = try #require(Self.planned(&state))
    _ = state.update(.importPlanned(Self.preview(for: request)))
    #expect(state.presentation.mode == .importPreview)
    let screen = Self.screen(state)
    #expect(screen.contains("would import 2 files (2.0 kB); 1 already imported"))
    #expect(screen.contains("DCIM/100TEST/IMG_0001.JPG"))
    #expect(screen.contains("→ 2024/2024-08-03/IMG_0001.JPG"))
    #expect(screen.contains("already imported"))
    #expect(screen.contains("Enter imports, Esc cancels"))
    // Keys that act on pictures do nothing over it.
    #expect(AppFixture.press([.character("d")], &state).isEmpty)
    #expect(AppFixture.press([.character("?")], &state).isEmpty)
    #expect(state.presentation.mode == .importPreview)
    #expect(AppFixture.press([.enter], &state) == [.startImport])
    #expect(state.presentation.mode == .grid)
    #expect(state.cardImport.isRunning)
    // Its totals are the run's reports': every file listed, copied or already imported.
    #expect(Self.statusLine(state).contains("importing 0 of 3 · 0 B of 3.0 kB"))
  }

  @Test func thePreviewSaysWhenTheCardsFilesGoToTheTrash() throws {
    var settings = ImportSettings()
    settings.trashesSource = true
    var state = Self.cardState(settings: settings)
    let request = try #require(Self.planned(&state))
    #expect(request.trashesSource)
    _ = state.update(.importPlanned(Self.preview(for: request)))
    #expect(Self.screen(state).contains("then the card's files copied and checked go to the Trash"))
  }

  @Test func escOnThePreviewCancelsAndCopiesNothing() throws {
    var state = Self.cardState()
    let request = try #require(Self.planned(&state))
    _ = state.update(.importPlanned(Self.preview(for: request)))
    // The runtime forgets the plan, and closes the index it read.
    #expect(AppFixture.press([.escape], &state) == [.cancelImport])
    #expect(state.presentation.mode == .grid)
    #expect(!state.cardImport.isBusy)
    #expect(Self.statusLine(state).contains("import: nothing copied"))
  }

  @Test func aRefusedPlanIsAMessageAndNothingIsCopied() throws {
    var state = Self.cardState()
    _ = try #require(Self.planned(&state))
    _ = state.update(
      .importRefused("the destination /nope does not exist: make it first (mkdir -p)"))
    #expect(state.presentation.mode == .grid)
    #expect(!state.cardImport.isBusy)
    #expect(Self.statusLine(state).contains("import: the destination /nope does not exist"))
  }

  @Test func theProgressShowsFilesBytesSpeedAndTimeLeftThenTheSummaryStays() throws {
    var state = Self.cardState()
    let request = try #require(Self.planned(&state))
    _ = state.update(.importPlanned(Self.preview(for: request)))
    AppFixture.press([.enter], &state)
    _ = state.update(
      .importProgressed(
        ImportProgressReport(
          files: 1, totalFiles: 3, bytes: 1000, totalBytes: 3000, bytesPerSecond: 85_000_000,
          secondsLeft: 62)))
    #expect(
      Self.statusLine(state).contains("importing 1 of 3 · 1.0 kB of 3.0 kB · 85 MB/s · 1:02 left"))
    // A key does not clear it.
    AppFixture.press([.right], &state)
    #expect(Self.statusLine(state).contains("importing 1 of 3"))
    var summary = ImportSummary()
    summary.copied = 2
    summary.copiedBytes = 2000
    summary.skipped = 1
    summary.failures = ["/media/card/DCIM/100TEST/IMG_0003.JPG: it cannot be read"]
    let folder = "/home/me/Pictures/2024/2024-08-03"
    let shown = Library(
      sections: [
        LibrarySection(
          name: "2024-08-03", folder: URL(fileURLWithPath: folder),
          pictures: [
            Picture(
              path: folder + "/IMG_0001.JPG", fileName: "IMG_0001.JPG", byteSize: 1000,
              modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
          ])
      ])
    let commands = state.update(
      .importFinished(
        ImportOutcome(summary: summary, destination: "/home/me/Pictures", folders: [folder]),
        shown: shown))
    #expect(!commands.contains(.quit))
    #expect(!state.cardImport.isBusy)
    let line = Self.statusLine(state)
    #expect(line.contains("import: imported 2 files (2.0 kB), 1 already imported, 1 failed"))
    #expect(state.content.holds(folder + "/IMG_0001.JPG"))
    #expect(!state.content.holds(Self.cardFolder + "/IMG_0001.JPG"))
    AppFixture.press([.right], &state)
    #expect(Self.statusLine(state).contains("import: imported 2 files"))
    // The failures with their reasons are in the report, after the summary whole.
    AppFixture.press([.character("!")], &state)
    let report = Self.screen(state)
    #expect(report.contains("IMG_0003.JPG: it cannot be read"))
    #expect(report.contains("the last import"))
    #expect(report.contains("imported 2 files (2.0 kB), 1 already imported, 1 failed"))
    #expect(report.contains("shown: /home/me/Pictures/2024/2024-08-03"))
  }

  /// What the command line says on standard error besides failures (a folder of the card
  /// unreadable, the index made again) is in the preview and in `!`'s report.
  @Test func theNoticesAreInThePreviewAndTheReport() throws {
    var state = Self.cardState()
    let request = try #require(Self.planned(&state))
    var preview = Self.preview(for: request)
    preview.notices = ["/media/card/MISC: permission denied"]
    _ = state.update(.importPlanned(preview))
    #expect(Self.screen(state).contains("note: /media/card/MISC: permission denied"))
    AppFixture.press([.enter], &state)
    var summary = ImportSummary()
    summary.copied = 2
    var outcome = ImportOutcome(summary: summary, destination: "/home/me/Pictures", folders: [])
    outcome.notices = ["/media/card/MISC: permission denied", "the library index was busy"]
    _ = state.update(.importFinished(outcome, shown: nil))
    #expect(Self.statusLine(state).contains("0 failed (! lists its notes)"))
    AppFixture.press([.character("!")], &state)
    let report = Self.screen(state)
    #expect(report.contains("the import noted"))
    #expect(report.contains("the library index was busy"))
  }

  @Test func escOrQuitWhileRunningAsksAndStopsBetweenPictures() throws {
    var state = Self.cardState()
    let request = try #require(Self.planned(&state))
    _ = state.update(.importPlanned(Self.preview(for: request)))
    AppFixture.press([.enter], &state)
    #expect(AppFixture.press([.escape], &state).isEmpty)
    #expect(Self.statusLine(state).contains("stop the import after this picture? y yes, n no"))
    #expect(AppFixture.press([.character("n")], &state).isEmpty)
    #expect(state.cardImport.isRunning)
    #expect(AppFixture.press([.character("q")], &state).isEmpty)
    #expect(Self.statusLine(state).contains("stop the import after this picture and quit?"))
    #expect(AppFixture.press([.character("y")], &state) == [.stopImport])
    #expect(Self.statusLine(state).contains("import: stopping after this picture…"))
    let outcome = ImportOutcome(
      summary: ImportSummary(), stopReason: "interrupted", destination: "/home/me/Pictures",
      folders: [])
    #expect(state.update(.importFinished(outcome, shown: nil)).contains(.quit))
  }

  /// The import ends on its own while the question whether to stop it is asked: the
  /// question goes with it, and a late `y` to "stop and quit" quits.
  @Test func anImportEndingWhileAskedClosesTheQuestion() throws {
    var state = Self.cardState()
    let request = try #require(Self.planned(&state))
    _ = state.update(.importPlanned(Self.preview(for: request)))
    AppFixture.press([.enter], &state)
    AppFixture.press([.escape], &state)
    #expect(Self.statusLine(state).contains("stop the import after this picture?"))
    let outcome = ImportOutcome(
      summary: ImportSummary(), destination: "/home/me/Pictures", folders: [])
    #expect(!state.update(.importFinished(outcome, shown: nil)).contains(.quit))
    #expect(state.prompts.actionPrompt == nil)
    #expect(Self.statusLine(state).contains("import: imported 0 files"))
    #expect(!Self.statusLine(state).contains("goes on"))
  }

  /// An action's failure said while the import runs stays until a key has seen it: the
  /// progress does not take its place.
  @Test func theProgressLeavesAFailureOnTheLineUntilAKey() throws {
    var state = Self.cardState()
    let request = try #require(Self.planned(&state))
    _ = state.update(.importPlanned(Self.preview(for: request)))
    AppFixture.press([.enter], &state)
    state.status.say(.actionFailed("trash: IMG_0002.JPG is on a read-only disk"))
    let report = ImportProgressReport(files: 1, totalFiles: 3, bytes: 1000, totalBytes: 3000)
    _ = state.update(.importProgressed(report))
    #expect(Self.statusLine(state).contains("read-only disk"))
    AppFixture.press([.right], &state)
    _ = state.update(.importProgressed(report))
    #expect(Self.statusLine(state).contains("importing 1 of 3"))
  }

  @Test func aBadTemplateInTheConfigurationIsSaidAndNothingIsAsked() {
    let problem = "config line 2: import.folders: unknown field {yyy} in the template '{yyy}'"
    var state = Self.cardState(settings: ImportSettings(problem: problem))
    #expect(AppFixture.press([.character("I")], &state).isEmpty)
    #expect(!state.isPrompting)
    #expect(Self.statusLine(state).contains("import: config line 2: import.folders: unknown"))
  }

  @Test func theKeyIsFreeAndNamedInTheHelp() {
    #expect(KeyMap.standard.keys(for: .importCard) == [.character("I")])
    #expect(KeyMap.standard.keys(for: .importCard).count == 1)
    #expect(KeyBinding.all.contains { $0.actions == [.importCard] })
    #expect(KeyAction(named: "import") == .importCard)
  }
}
