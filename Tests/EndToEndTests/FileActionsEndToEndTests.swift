import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// Acting on files from the real binary under tmux, each action and its undo on a library
/// of its own in the session's folder (its HOME, so the home Trash is
/// `~/.local/share/Trash`): trash against the Trash specification's layout, move and copy
/// with a name taken, rename, a turn checked pixel for pixel, the user's own command and
/// the key handler.
@Suite struct FileActionsEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// The session's library: `~/lib/Cards` with `-two words.jpg`, `a.jpg`, `b.jpg` and
  /// `c.jpg` (each a colour of its own; `a.jpg` a gradient no turn leaves as it was), and
  /// `~/lib/Keep` with a `b.jpg` of its own.
  struct Library {
    let tmux: Tmux
    var home: URL { tmux.directory }
    var cards: URL { home.appendingPathComponent("lib/Cards") }
    var keep: URL { home.appendingPathComponent("lib/Keep") }
    var trash: URL { home.appendingPathComponent(".local/share/Trash") }

    func bytes(_ url: URL) -> Data? { try? Data(contentsOf: url) }
    func exists(_ url: URL) -> Bool { FileManager.default.fileExists(atPath: url.path) }
    func names(_ url: URL) -> [String] {
      ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted()
    }

    /// Waits until `condition` holds of the files.
    func waitFor(_ what: String, _ condition: () -> Bool) async throws {
      let held = await Waiting.until(timeout: .seconds(15), interval: .milliseconds(20)) {
        condition()
      }
      try #require(held, "the files: \(what)")
    }
  }

  static func library(width: Int = 100, height: Int = 30, config: String? = nil) async throws
    -> Library
  {
    let tmux = try await Tmux.start(width: width, height: height)
    do {
      let library = Library(tmux: tmux)
      try FileManager.default.createDirectory(at: library.cards, withIntermediateDirectories: true)
      try FileManager.default.createDirectory(at: library.keep, withIntermediateDirectories: true)
      for command in [
        [
          "convert", "-size", "96x64", "gradient:red-blue", "-rotate", "20", "-resize", "96x64!",
          "-quality", "92", library.cards.appendingPathComponent("a.jpg").path,
        ],
        [
          "convert", "-size", "96x64", "xc:green",
          library.cards.appendingPathComponent("b.jpg").path,
        ],
        [
          "convert", "-size", "96x64", "xc:yellow",
          library.cards.appendingPathComponent("c.jpg").path,
        ],
        [
          "convert", "-size", "96x64", "xc:purple",
          library.cards.appendingPathComponent("-two words.jpg").path,
        ],
        [
          "convert", "-size", "96x64", "xc:orange",
          library.keep.appendingPathComponent("b.jpg").path,
        ],
      ] {
        let made = try await Subprocess.run(command)
        try #require(made.status == 0, "\(command.joined(separator: " ")): \(made.errors)")
      }
      if let config {
        let folder = tmux.directory.appendingPathComponent(".config/gallery")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(config.utf8).write(to: folder.appendingPathComponent("config"))
      }
      let binary = try BuiltProduct.path("gallery")
      try await tmux.run("stty -g > stty.before")
      try await tmux.run("TERM=xterm-256color \(binary) --no-cache lib")
      try await tmux.waitUntil("the first frame") {
        E2E.isDrawn($0) && E2E.statusLine($0).contains("-two words.jpg")
      }
      return library
    } catch {
      tmux.kill()
      throw error
    }
  }

  static func status(_ tmux: Tmux, _ what: String, _ text: String) async throws {
    try await tmux.waitUntil(what) { E2E.statusLine($0).contains(text) }
  }

  @Test func trashFollowsTheSpecificationAndUndoBringsItBack() async throws {
    let library = try await Self.library()
    let tmux = library.tmux
    defer { tmux.kill() }
    let original = try #require(
      library.bytes(library.cards.appendingPathComponent("-two words.jpg")))
    try await tmux.sendKeys("d")
    try await Self.status(
      tmux, "the trash's summary", "-two words.jpg moved to the Trash · U undoes")
    // The layout the specification gives: the file under files/, its info under info/.
    let file = library.trash.appendingPathComponent("files/-two words.jpg")
    let info = library.trash.appendingPathComponent("info/-two words.jpg.trashinfo")
    try await library.waitFor("the file in the Trash") { library.exists(file) }
    #expect(library.bytes(file) == original)
    #expect(!library.exists(library.cards.appendingPathComponent("-two words.jpg")))
    let lines = String(decoding: try #require(library.bytes(info)), as: UTF8.self)
      .split(separator: "\n").map(String.init)
    #expect(lines.count == 3, "\(lines)")
    #expect(lines.first == "[Trash Info]")
    #expect(lines.dropFirst().first == "Path=" + library.cards.path + "/-two%20words.jpg")
    #expect(
      lines.last?.range(
        of: #"^DeletionDate=\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$"#, options: .regularExpression) != nil,
      "\(lines)")
    // The next picture has the focus, and the section counts one fewer.
    let after = try await tmux.waitUntil("the focus on the next picture") {
      E2E.statusLine($0).contains("a.jpg")
    }
    #expect(after.contains("Cards  3 pictures"), "\(after)")

    try await tmux.sendKeys("U")
    try await Self.status(tmux, "the undo", "undone:")
    try await library.waitFor("the file back") {
      library.exists(library.cards.appendingPathComponent("-two words.jpg"))
    }
    #expect(library.bytes(library.cards.appendingPathComponent("-two words.jpg")) == original)
    #expect(!library.exists(file) && !library.exists(info))
    try await tmux.waitUntil("four pictures again") { $0.contains("Cards  4 pictures") }

    // Two marked ask first, with their count; n keeps them.
    try await tmux.sendKeys("Home")
    try await Self.status(tmux, "the first picture", "-two words.jpg")
    try await tmux.sendKeys("Right", "m", "Right", "m", "d")
    try await Self.status(tmux, "the question", "move 2 pictures to the Trash? y yes, n no")
    try await tmux.sendKeys("n")
    try await tmux.waitUntil("the question gone") { !E2E.statusLine($0).contains("Trash?") }
    #expect(library.names(library.trash.appendingPathComponent("files")).isEmpty)
    try await tmux.sendKeys("d")
    try await Self.status(tmux, "the question again", "move 2 pictures to the Trash?")
    try await tmux.sendKeys("y")
    try await Self.status(tmux, "both trashed", "2 pictures moved to the Trash")
    try await library.waitFor("both in the Trash") {
      library.names(library.trash.appendingPathComponent("files")) == ["a.jpg", "b.jpg"]
        && library.names(library.trash.appendingPathComponent("info"))
          == ["a.jpg.trashinfo", "b.jpg.trashinfo"]
    }
    try await tmux.sendKeys("U")
    try await library.waitFor("both back") {
      library.names(library.cards) == ["-two words.jpg", "a.jpg", "b.jpg", "c.jpg"]
        && library.names(library.trash.appendingPathComponent("info")).isEmpty
    }
    // The files are back before the gallery has said so; a key pressed while the undo is
    // still under way is not another undo.
    try await Self.status(tmux, "the undo's summary", "undone: put back 2 pictures")
    try await tmux.sendKeys("U")
    try await Self.status(tmux, "nothing left to undo", "nothing to undo")
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  /// `trash-restore` (trash-cli), when installed.
  static let trashRestore = "/usr/bin/trash-restore"

  @Test func aPictureAnotherProgramPutsBackIsNoLongerSaidToBeInTheTrash() async throws {
    let library = try await Self.library()
    let tmux = library.tmux
    defer { tmux.kill() }
    let name = "-two words.jpg"
    let picture = library.cards.appendingPathComponent(name)
    let original = try #require(library.bytes(picture))
    try await tmux.sendKeys("d")
    try await Self.status(tmux, "the trash's summary", "\(name) moved to the Trash · U undoes")
    let trashed = library.trash.appendingPathComponent("files/" + name)
    try await library.waitFor("the file in the Trash") { library.exists(trashed) }
    // Put back as a user does beside the gallery: trash-restore, else as a file manager.
    if access(Self.trashRestore, X_OK) == 0 {
      let restored = try await Subprocess.run(
        ["/bin/sh", "-c", "echo 0 | \(Self.trashRestore) \"$0\"", library.cards.path],
        environment: ["HOME": library.home.path, "PATH": "/usr/bin:/bin"])
      #expect(restored.status == 0, "\(restored.output) \(restored.errors)")
    } else {
      print("FileActionsEndToEndTests: trash-restore is not installed; put back by rename")
      try FileManager.default.moveItem(at: trashed, to: picture)
      try FileManager.default.removeItem(
        at: library.trash.appendingPathComponent("info/\(name).trashinfo"))
    }
    try await library.waitFor("the file back") { library.bytes(picture) == original }
    let back = try await tmux.waitUntil("the message following the file back") {
      E2E.statusLine($0).contains("\(name) is back from the Trash")
    }
    #expect(!E2E.statusLine(back).contains("moved to the Trash"), "\(E2E.statusLine(back))")
    #expect(back.contains("Cards  4 pictures"), "\(back)")
    try await tmux.sendKeys("U")
    try await Self.status(tmux, "the undo", "nothing to undo: \(name) is already back")
    #expect(library.bytes(picture) == original)
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func moveAndCopyNeverOverwriteAndUndoTakesThemBack() async throws {
    let library = try await Self.library()
    let tmux = library.tmux
    defer { tmux.kill() }
    let keptB = try #require(library.bytes(library.keep.appendingPathComponent("b.jpg")))
    let cardsB = try #require(library.bytes(library.cards.appendingPathComponent("b.jpg")))
    // a.jpg moves to ~/lib/Keep, typed with Tab's help.
    try await tmux.sendKeys("Right", "x")
    try await Self.status(tmux, "the move prompt", "move a.jpg to: ")
    try await tmux.type("~/lib/Ke")
    try await tmux.sendKeys("Tab")
    try await Self.status(tmux, "the folder completed", "move a.jpg to: ~/lib/Keep/")
    try await tmux.sendKeys("Enter")
    try await Self.status(tmux, "the move's summary", "moved a.jpg to ~/lib/Keep")
    try await library.waitFor("a.jpg in Keep") {
      library.exists(library.keep.appendingPathComponent("a.jpg"))
        && !library.exists(library.cards.appendingPathComponent("a.jpg"))
    }
    try await tmux.waitUntil("the sections' counts") {
      $0.contains("Cards  3 pictures") && $0.contains("Keep  2 pictures")
    }
    // b.jpg copied there finds the name taken: k keeps both, under a new name.
    try await tmux.sendKeys("c")
    try await Self.status(tmux, "the copy prompt with the last folder", "↑ the last folders")
    try await tmux.sendKeys("Up")
    try await Self.status(tmux, "the last folder", "copy b.jpg to: ~/lib/Keep")
    try await tmux.sendKeys("Enter")
    try await Self.status(tmux, "the question", "b.jpg has its name taken in ~/lib/Keep")
    try await tmux.sendKeys("k")
    try await Self.status(tmux, "the copy's summary", "copied b.jpg to ~/lib/Keep")
    try await library.waitFor("the copy under a new name") {
      library.bytes(library.keep.appendingPathComponent("b (2).jpg")) == cardsB
    }
    #expect(library.bytes(library.keep.appendingPathComponent("b.jpg")) == keptB)
    #expect(library.bytes(library.cards.appendingPathComponent("b.jpg")) == cardsB)
    // Skip leaves all as it is.
    try await tmux.sendKeys("c", "Up", "Enter")
    try await Self.status(tmux, "the question again", "has its name taken")
    try await tmux.sendKeys("s")
    try await Self.status(tmux, "skipped", "skipped")
    #expect(library.names(library.keep) == ["a.jpg", "b (2).jpg", "b.jpg"])

    // Undo the copy (the copy goes to the Trash), then the move.
    try await tmux.sendKeys("U")
    try await library.waitFor("the copy in the Trash") {
      !library.exists(library.keep.appendingPathComponent("b (2).jpg"))
        && library.bytes(library.trash.appendingPathComponent("files/b (2).jpg")) == cardsB
    }
    // The next undo waits for this one to end (a second `U` meanwhile is refused).
    try await Self.status(tmux, "the copy's undo", "undone:")
    try await tmux.sendKeys("U")
    try await library.waitFor("a.jpg back") {
      library.exists(library.cards.appendingPathComponent("a.jpg"))
        && library.names(library.keep) == ["b.jpg"]
    }
    try await tmux.waitUntil("the sections as they were") {
      $0.contains("Cards  4 pictures") && $0.contains("Keep  1 picture")
    }
    #expect(library.bytes(library.keep.appendingPathComponent("b.jpg")) == keptB)
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  /// The folders moved or copied to are offered again by the next run's prompts.
  @Test func theLastFoldersOutliveTheRun() async throws {
    let library = try await Self.library()
    let tmux = library.tmux
    defer { tmux.kill() }
    try await tmux.sendKeys("c")
    try await Self.status(tmux, "the copy prompt", "copy -two words.jpg to: ")
    try await tmux.type("~/lib/Keep")
    try await tmux.sendKeys("Enter")
    try await Self.status(tmux, "the copy's summary", "copied -two words.jpg to ~/lib/Keep")
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run("TERM=xterm-256color \(binary) --no-cache lib")
    try await tmux.waitUntil("the second run's first frame") {
      E2E.isDrawn($0) && E2E.statusLine($0).contains("-two words.jpg")
    }
    try await tmux.sendKeys("x")
    try await Self.status(tmux, "the move prompt with the last folder", "↑ the last folders")
    try await tmux.sendKeys("Up")
    try await Self.status(tmux, "the last folder", "move -two words.jpg to: ~/lib/Keep")
    try await tmux.sendKeys("Escape", "q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func renameRefusesATakenNameAndTheMarkFollows() async throws {
    let library = try await Self.library()
    let tmux = library.tmux
    defer { tmux.kill() }
    let c = try #require(library.bytes(library.cards.appendingPathComponent("c.jpg")))
    try await tmux.sendKeys("Right", "Right", "Right")
    try await Self.status(tmux, "c.jpg focused", "c.jpg")
    try await tmux.sendKeys("m", "r")
    try await Self.status(tmux, "the name to edit", "rename c.jpg to: c.jpg")
    // A name taken is refused and the prompt stays.
    try await tmux.sendKeys("C-u")
    try await tmux.type("b.jpg")
    try await tmux.sendKeys("Enter")
    try await Self.status(tmux, "the refusal", "b.jpg is taken: not renamed")
    #expect(library.bytes(library.cards.appendingPathComponent("c.jpg")) == c)
    try await tmux.sendKeys("r", "C-u")
    try await tmux.type("kept one.jpg")
    try await tmux.sendKeys("Enter")
    try await Self.status(tmux, "the rename's summary", "renamed c.jpg to kept one.jpg")
    try await library.waitFor("the new name") {
      library.bytes(library.cards.appendingPathComponent("kept one.jpg")) == c
        && !library.exists(library.cards.appendingPathComponent("c.jpg"))
    }
    try await tmux.waitUntil("the mark on the new name") {
      E2E.statusLine($0).contains("✓ kept one.jpg") && E2E.statusLine($0).contains("1 marked")
    }
    try await tmux.sendKeys("U")
    try await library.waitFor("the old name back") {
      library.bytes(library.cards.appendingPathComponent("c.jpg")) == c
        && !library.exists(library.cards.appendingPathComponent("kept one.jpg"))
    }
    try await tmux.waitUntil("the mark on the old name") {
      E2E.statusLine($0).contains("✓ c.jpg")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  /// The picture's size and pixels as ImageMagick shows it upright (`-auto-orient`), with
  /// `extra` operations after.
  static func pixels(_ path: String, _ extra: [String] = []) async throws -> Data {
    let raw = NSTemporaryDirectory() + "gallery-pixels-\(UUID().uuidString.prefix(8)).ppm"
    defer { try? FileManager.default.removeItem(atPath: raw) }
    let out = try await Subprocess.run(["convert", path, "-auto-orient"] + extra + [raw])
    try #require(out.status == 0, "\(out.errors)")
    return try Data(contentsOf: URL(fileURLWithPath: raw))
  }

  @Test func turnsAreLosslessPixelForPixelAndUndoTurnsBack() async throws {
    let library = try await Self.library()
    let tmux = library.tmux
    defer { tmux.kill() }
    let path = library.cards.appendingPathComponent("a.jpg").path
    let upright = try await Self.pixels(path)
    let turnedRight = try await Self.pixels(path, ["-rotate", "90"])
    let turnedLeftThenFlipped = try await Self.pixels(path, ["-rotate", "-90", "-flop"])
    #expect(upright != turnedRight)
    try await tmux.sendKeys("Right")
    try await Self.status(tmux, "a.jpg focused", "a.jpg")
    let before = try await tmux.captureWithEscapes()
    try await tmux.sendKeys(">")
    try await Self.status(tmux, "the turn's summary", "turned right: a.jpg · U undoes")
    #expect(try await Self.pixels(path) == turnedRight)
    // Its tile shows the turn at once.
    var redrawn = false
    for _ in 0..<100 {
      if try await tmux.captureWithEscapes() != before {
        redrawn = true
        break
      }
      try await Task.sleep(for: .milliseconds(50))
    }
    #expect(redrawn, "the tile shows the turned picture")
    // Undo turns it back; a left turn and a horizontal flip compose.
    try await tmux.sendKeys("U")
    try await Self.status(tmux, "the undo", "undone: turned back")
    #expect(try await Self.pixels(path) == upright)
    try await tmux.sendKeys("<", "|")
    try await Self.status(tmux, "the flip", "flipped horizontally: a.jpg")
    #expect(try await Self.pixels(path) == turnedLeftThenFlipped)
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func ownCommandsAndTheKeyHandlerGetThePaths() async throws {
    let config = """
      bind e = run printf '%s|' %f %d %m > "$HOME/ran.txt"
      bind E = run exit 3
      """
    let library = try await Self.library(config: config)
    let tmux = library.tmux
    defer { tmux.kill() }
    let handler = library.home.appendingPathComponent(".config/gallery/key-handler")
    try Data("#!/bin/sh\n{ printf '%s\\n' \"$1\"; cat; } > \"$HOME/handled.txt\"\n".utf8)
      .write(to: handler)
    chmod(handler.path, 0o755)
    let cards = library.cards.path
    try await tmux.sendKeys("e")
    try await Self.status(tmux, "the command's end", "printf ran")
    let ran = library.home.appendingPathComponent("ran.txt")
    try await library.waitFor("the command's output") { library.exists(ran) }
    #expect(
      String(decoding: try #require(library.bytes(ran)), as: UTF8.self)
        == "\(cards)/-two words.jpg|\(cards)|\(cards)/-two words.jpg|")
    try await tmux.sendKeys("E")
    try await Self.status(tmux, "the failure", "exit failed (exit status 3)")
    // Two marked go to the key handler's standard input, one a line.
    try await tmux.sendKeys("Right", "m", "Right", "m", "C-x")
    try await Self.status(tmux, "the handler's question", "key handler on 2 pictures: press a key")
    try await tmux.sendKeys("k")
    try await Self.status(tmux, "the handler's end", "key-handler k ran")
    let handled = library.home.appendingPathComponent("handled.txt")
    try await library.waitFor("the handler's output") { library.exists(handled) }
    #expect(
      String(decoding: try #require(library.bytes(handled)), as: UTF8.self)
        == "k\n\(cards)/a.jpg\n\(cards)/b.jpg\n")
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }
}
