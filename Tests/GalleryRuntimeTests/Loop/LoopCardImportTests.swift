import Foundation
import SystemSupport
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime
@testable import TerminalKit

/// The browser's import through the run loop, its service faked: `I`, the card found,
/// the plan asked for and shown, Enter, and the folders the import wrote shown.
@MainActor
@Suite struct LoopCardImportTests {
  /// Answers at once: the card is `card`, the plan a file, the run done with `shown`.
  final class FakeCardImport: CardImporting, @unchecked Sendable {
    let card: String
    let shown: Library
    let destination: String
    let asked = Locked<[String]>([])

    init(card: String, destination: String, shown: Library) {
      self.card = card
      self.destination = destination
      self.shown = shown
    }

    func findCard(above folder: String, answer: @escaping @Sendable (GalleryEvent) -> Void) {
      asked.withLock { $0.append("find \(folder)") }
      answer(.cardFound(folder: folder, card: card))
    }

    func plan(_ request: ImportRequest, answer: @escaping @Sendable (GalleryEvent) -> Void) {
      asked.withLock { $0.append("plan \(request.destination)") }
      var summary = ImportSummary()
      summary.copied = 1
      answer(
        .importPlanned(
          ImportPreview(
            request: request, destination: destination,
            entries: [.init(source: "DCIM/a.jpg", target: "2020/a.jpg")], summary: summary,
            byteCount: 1000)))
    }

    func start(answer: @escaping @Sendable (GalleryEvent) -> Void) {
      asked.withLock { $0.append("start") }
      var summary = ImportSummary()
      summary.copied = 1
      answer(
        .importFinished(
          ImportOutcome(summary: summary, destination: destination, folders: [destination]),
          shown: shown))
    }

    func stop() { asked.withLock { $0.append("stop") } }

    func cancel() { asked.withLock { $0.append("cancel") } }
  }

  @Test func iPlansThenEnterImportsAndTheFoldersWrittenAreShown() throws {
    let files = FolderFixture()
    files.jpeg("Imported/new.jpg")
    let shown = try LibraryScanner(folders: [files.path("Imported")]).library()
    let fake = FakeCardImport(
      card: files.path("Card"), destination: files.path("Imported"), shown: shown)
    let rig = try LoopServicesTests.Rig(cardImport: fake)
    defer { rig.runtime.stop() }
    rig.terminal.type(.key(.character("I")))
    try rig.step { rig.runtime.state.prompts.actionPrompt != nil }
    rig.terminal.type(.key(.enter))
    try rig.step { rig.runtime.state.presentation.mode == .importPreview }
    #expect(rig.terminal.screenText.contains("would import 1 file"))
    rig.terminal.type(.key(.enter))
    try rig.step { rig.shown == [files.path("Imported/new.jpg")] }
    #expect(rig.terminal.screenText.contains("import: imported 1 file"))
    let asked = fake.asked.withLock { $0 }
    #expect(asked.count == 3 && asked.last == "start", "\(asked)")
    #expect(asked.first?.hasPrefix("find ") ?? false)
    #expect(asked[1] == "plan ~/Pictures")
  }
}
