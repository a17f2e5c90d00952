import Foundation
import TestSupport
import Testing

/// Acting on a camera card's pairs from the real binary under tmux, as a new user does:
/// `d` asks before trashing a marked picture the focus is not on, and every question,
/// count and summary names a pair's files and counts the pictures shown.
@Suite struct PairActionsEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// The card of `PairsEndToEndTests` (`IMG_0001` JPG + DNG, `IMG_0002` JPG + MOV,
  /// `IMG_0003.JPG`) at `~/card`, the gallery open on it.
  struct Card {
    let tmux: Tmux
    var folder: URL { tmux.directory.appendingPathComponent("card") }
    var trashFiles: URL { tmux.directory.appendingPathComponent(".local/share/Trash/files") }

    func names(_ url: URL) -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    func waitFor(_ what: String, _ condition: () -> Bool) async throws {
      let held = await Waiting.until(timeout: .seconds(15), interval: .milliseconds(20)) {
        condition()
      }
      try #require(held, "the files: \(what)")
    }

    func status(_ what: String, _ text: String) async throws {
      try await tmux.waitUntil(what) { E2E.statusLine($0).contains(text) }
    }
  }

  static func card(width: Int) async throws -> Card {
    let tmux = try await Tmux.start(width: width, height: 30)
    do {
      let card = Card(tmux: tmux)
      let made = try await PairsEndToEndTests.card()
      try FileManager.default.moveItem(atPath: made, toPath: card.folder.path)
      let binary = try BuiltProduct.path("gallery")
      try await tmux.run("stty -g > stty.before")
      try await tmux.run("TERM=xterm-256color \(binary) --no-cache card")
      try await tmux.waitUntil("the card") {
        E2E.isDrawn($0) && $0.contains("3 pictures") && E2E.statusLine($0).contains("IMG_0001.JPG")
      }
      return card
    } catch {
      tmux.kill()
      throw error
    }
  }

  @Test func dAsksBeforeTrashingAPictureTheFocusIsNotOn() async throws {
    let card = try await Self.card(width: 100)
    let tmux = card.tmux
    defer { tmux.kill() }
    let files = ["IMG_0001.DNG", "IMG_0001.JPG", "IMG_0002.JPG", "IMG_0002.MOV", "IMG_0003.JPG"]
    // The Live Photo marked, the focus back on the RAW+JPEG pair.
    try await tmux.sendKeys("Right", "m", "Left")
    try await tmux.waitUntil("one marked, the focus on the first") {
      E2E.statusLine($0).contains("IMG_0001.JPG") && E2E.statusLine($0).contains("1 marked")
    }
    try await tmux.sendKeys("d")
    try await card.status(
      "the question naming the marked pair", "move IMG_0002 (JPG + MOV) to the Trash? y yes, n no")
    #expect(card.names(card.folder) == files)
    try await tmux.sendKeys("n")
    try await card.status("kept", "nothing trashed")
    #expect(card.names(card.folder) == files)
    #expect(card.names(card.trashFiles).isEmpty)
    // Both pairs: the pictures counted, and their files.
    try await tmux.sendKeys("m")
    try await card.status("two marked", "2 marked")
    try await tmux.sendKeys("d")
    try await card.status(
      "the question counting the files", "move 2 pictures (4 files: 1 raw, 1 video) to the Trash?")
    try await tmux.sendKeys("y")
    try await card.status(
      "the summary", "2 pictures (4 files: 1 raw, 1 video) moved to the Trash · U undoes")
    try await card.waitFor("the four files in the Trash") {
      card.names(card.trashFiles) == Array(files.dropLast())
    }
    try await tmux.sendKeys("U")
    try await card.status(
      "the undo", "undone: put back 2 pictures (4 files: 1 raw, 1 video) from the Trash")
    try await card.waitFor("the files back") { card.names(card.folder) == files }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func countsPromptsAndSummariesSayAPairsFiles() async throws {
    let card = try await Self.card(width: 160)
    let tmux = card.tmux
    defer { tmux.kill() }
    // The filter counts pictures as shown: 3, not the 5 files.
    try await tmux.sendKeys("/")
    try await tmux.type("IMG_0001")
    try await card.status("one of three", "1 of 3 pictures")
    try await tmux.sendKeys("Escape")
    try await tmux.waitUntil("the filter gone") { !E2E.statusLine($0).contains(" of 3") }
    try await tmux.sendKeys("x")
    try await card.status("the move prompt", "move IMG_0001 (JPG + DNG) to: ")
    try await tmux.sendKeys("Escape")
    try await card.status("nothing moved", "nothing moved")
    try await tmux.sendKeys("c")
    try await card.status("the copy prompt", "copy IMG_0001 (JPG + DNG) to: ")
    try await tmux.type("Keep")
    try await tmux.sendKeys("Enter")
    try await card.status("the copy", "copied IMG_0001 (JPG + DNG) to ~/card/Keep · U undoes")
    let keep = card.folder.appendingPathComponent("Keep")
    try await card.waitFor("the pair copied") {
      card.names(keep) == ["IMG_0001.DNG", "IMG_0001.JPG"]
    }
    // Again: the names are taken, and the question says so once.
    try await tmux.sendKeys("c", "Up", "Enter")
    let asked = try await tmux.waitUntil("the question") {
      E2E.statusLine($0).contains("IMG_0001 (JPG + DNG) has its name taken in ~/card/Keep")
    }
    let question = E2E.statusLine(asked)
    #expect(question.contains("k keep both, Esc cancels"), "\(question)")
    #expect(question.components(separatedBy: "taken").count == 2, "said once: \(question)")
    try await tmux.sendKeys("k")
    try await card.status(
      "the name made", "copied IMG_0001 (JPG + DNG) to ~/card/Keep as IMG_0001 (2) (JPG + DNG)")
    try await card.waitFor("the copies under a free name") {
      card.names(keep) == ["IMG_0001 (2).DNG", "IMG_0001 (2).JPG", "IMG_0001.DNG", "IMG_0001.JPG"]
    }
    try await tmux.sendKeys("U")
    try await card.status(
      "the undo of the copy", "undone: the copy IMG_0001 (2) (JPG + DNG) moved to the Trash")
    try await card.waitFor("the copy in the Trash") {
      card.names(keep) == ["IMG_0001.DNG", "IMG_0001.JPG"]
        && card.names(card.trashFiles) == ["IMG_0001 (2).DNG", "IMG_0001 (2).JPG"]
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  /// At 100 columns, as a new user found: the question for the names taken counts the
  /// pictures, a keep-both's summary (too long for the row) is shortened, never dropped,
  /// and a rename names the pair's files.
  @Test func aKeepBothSummaryShowsAtAHundredColumnsAndARenameNamesThePair() async throws {
    let card = try await Self.card(width: 100)
    let tmux = card.tmux
    defer { tmux.kill() }
    try await tmux.sendKeys("M")
    try await card.status("all marked", "3 marked")
    try await tmux.sendKeys("c")
    try await tmux.type("Keep")
    try await tmux.sendKeys("Enter")
    try await card.status("the first copy", "copied 3 pictures (5 files: 1 raw, 1 video)")
    let keep = card.folder.appendingPathComponent("Keep")
    try await card.waitFor("the copies") { card.names(keep).count == 5 }
    try await tmux.sendKeys("c", "Up", "Enter")
    let asked = try await tmux.waitUntil("the question") {
      E2E.statusLine($0).contains("3 pictures (5 files: 1 raw, 1 video) have names taken")
    }
    #expect(
      E2E.statusLine(asked).contains("s skip them, k keep both, Esc cancels"),
      "\(E2E.statusLine(asked))")
    try await tmux.sendKeys("k")
    try await card.status("the keep-both summary", "copied 3 pictures (5 files: 1 raw, 1 video)")
    try await card.waitFor("the copies under new names") { card.names(keep).count == 10 }
    // The rename of the focused pair says both its files, prompt and summary.
    try await tmux.sendKeys("r")
    try await card.status("the rename prompt", "rename IMG_0001 (JPG + DNG) to: IMG_0001.JPG")
    try await tmux.sendKeys("C-u")
    try await tmux.type("beach day")
    try await tmux.sendKeys("Enter")
    try await card.status(
      "the rename's summary", "renamed IMG_0001 (JPG + DNG) to beach day (JPG + DNG)")
    try await card.waitFor("both files renamed") {
      card.names(card.folder).contains("beach day.DNG")
        && card.names(card.folder).contains("beach day.JPG")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }
}
