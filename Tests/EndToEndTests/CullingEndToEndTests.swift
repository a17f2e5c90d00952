import Foundation
import TestSupport
import Testing

/// Culling in the real binary, in tmux: stars, a reject and a label given with
/// Lightroom's keys show on the tiles, `/is:rejected` finds the rejected picture, and `U`
/// takes the last decision back.
@Suite struct CullingEndToEndTests {
  typealias E2E = GalleryEndToEndTests
  typealias Search = SearchEndToEndTests

  @Test func starsARejectAndALabelShowOnTheTilesAndAreFound() async throws {
    try await Search.withLibrary { root, cache in
      let tmux = try await Search.launch(root, cache: cache)
      defer { tmux.kill() }
      try await tmux.waitUntil(deadline: .seconds(20), "every picture") {
        Search.shown($0) == Search.names(1, 2, 3, 4, 5, 6)
      }
      // IMG_0001 three stars, IMG_0002 rejected, IMG_0003 the red label.
      try await tmux.sendKeys("3", "Right", "X", "Right", "6")
      let decided = try await tmux.waitUntil("the decisions on the tiles") {
        $0.contains(" ★★★ ") && $0.contains("✗") && $0.contains("●")
          && E2E.statusLine($0).contains("red label on")
      }
      let edges = decided.split(separator: "\n").filter { $0.contains("╮") || $0.contains("★") }
      #expect(
        edges.contains { $0.contains("★★★") && $0.contains("✗") && $0.contains("●") },
        "the three on one row of tiles' top edges:\n\(decided)")
      try await tmux.type("/is:rejected")
      let rejected = try await tmux.waitUntil("the rejected picture alone") {
        Search.shown($0) == Search.names(2)
      }
      #expect(E2E.statusLine(rejected).contains("1 of 6 pictures"), "screen:\n\(rejected)")
      try await tmux.sendKeys("C-u")
      try await tmux.type("rating>=3")
      try await tmux.waitUntil("the three stars alone") { Search.shown($0) == Search.names(1) }
      try await tmux.sendKeys("Escape")
      try await tmux.waitUntil("every picture again") {
        Search.shown($0) == Search.names(1, 2, 3, 4, 5, 6)
      }
      // The label was the last decision: U takes it off, the rest stay.
      try await tmux.sendKeys("U")
      let undone = try await tmux.waitUntil("the label taken back") {
        !$0.contains("●") && E2E.statusLine($0).contains("undone")
      }
      #expect(undone.contains(" ★★★ ") && undone.contains("✗"), "screen:\n\(undone)")
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
    }
  }

  /// `--print` says which sidecar it could not read, once, and nothing of the XMP
  /// library's own line for it.
  @Test func aSidecarThatCannotBeReadIsNamedOnceByPrint() async throws {
    let files = FolderFixture()
    let asset = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office/office-1.jpg")
    _ = files.file("card/a.jpg", [UInt8](try Data(contentsOf: asset)))
    _ = files.file("card/a.jpg.xmp", Array("<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"><rdf".utf8))
    let printed = try await GalleryCommandTests.run([
      "--print", "--format", "json", files.path("card"),
    ])
    #expect(printed.status == 0, "\(printed.errors)")
    let lines = printed.errors.split(separator: "\n")
    #expect(lines.count == 1, "\(printed.errors)")
    #expect(lines.first?.hasPrefix("a.jpg.xmp: decision not read") == true, "\(printed.errors)")
  }

  /// With nothing marked, `-o` prints what the search shows: the picks, every file of a
  /// pair, for the script after it.
  @Test func outputPrintsWhatASearchForThePicksShows() async throws {
    let folder = try await PairsEndToEndTests.card()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try await PairsEndToEndTests.launchPrinting(folder, into: "picked.txt")
    defer { tmux.kill() }
    try await tmux.waitUntil("the pairs") { $0.contains("3 pictures") && $0.contains("RAW+JPG") }
    try await tmux.sendKeys("P")
    try await tmux.waitUntil("the pick") { E2E.statusLine($0).contains("picked") }
    try await tmux.type("/is:picked")
    try await tmux.sendKeys("Enter")
    try await tmux.waitUntil("the picks alone") { E2E.statusLine($0).contains("1 of 3") }
    try await tmux.sendKeys("q")
    try await tmux.waitUntilProgramExits()
    let picked = try String(
      contentsOf: tmux.directory.appendingPathComponent("picked.txt"), encoding: .utf8)
    #expect(picked == "\(folder)/IMG_0001.JPG\n\(folder)/IMG_0001.DNG\n", "\(picked)")
  }

  /// What exiftool reads of `sidecar`'s `xmp:Rating` and `xmp:Label`, `Rating=…` and
  /// `Label=…` a line each (nothing for a field it lacks).
  static func xmpFields(_ sidecar: String) async throws -> String {
    let read = try await Subprocess.run([
      "exiftool", "-s", "-s", "-XMP:Rating", "-XMP:Label", sidecar,
    ])
    try #require(read.status == 0, "exiftool on \(sidecar): \(read.errors)")
    return read.output.replacingOccurrences(of: ": ", with: "=")
  }

  @Test func decisionsAreKeptInSidecarsThatEditorsReadAndShownAgainAtTheNextStart()
    async throws
  {
    try await Search.withLibrary { root, cache in
      let tmux = try await Search.launch(root, cache: cache)
      defer { tmux.kill() }
      try await tmux.waitUntil(deadline: .seconds(20), "every picture") {
        Search.shown($0) == Search.names(1, 2, 3, 4, 5, 6)
      }
      // IMG_0001 three stars, IMG_0002 rejected, IMG_0003 the red label.
      try await tmux.sendKeys("3", "Right", "X", "Right", "6")
      try await tmux.waitUntil("the decisions on the tiles") {
        $0.contains(" ★★★ ") && $0.contains("✗") && $0.contains("●")
          && E2E.statusLine($0).contains("red label on")
      }
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
      let shots = root + "/shots/"
      #expect(try await Self.xmpFields(shots + "IMG_0001.jpg.xmp") == "Rating=3\n")
      #expect(try await Self.xmpFields(shots + "IMG_0002.jpg.xmp") == "Rating=-1\n")
      #expect(try await Self.xmpFields(shots + "IMG_0003.jpg.xmp") == "Rating=0\nLabel=Red\n")
      // A JPEG's sidecar has darktable's and digiKam's name only; undecided pictures none.
      #expect(!FileManager.default.fileExists(atPath: shots + "IMG_0001.xmp"))
      #expect(!FileManager.default.fileExists(atPath: shots + "IMG_0004.jpg.xmp"))

      let again = try await Search.launch(root, cache: cache)
      defer { again.kill() }
      let shown = try await again.waitUntil(deadline: .seconds(20), "the decisions read back") {
        $0.contains(" ★★★ ") && $0.contains("✗") && $0.contains("●")
      }
      #expect(Search.shown(shown) == Search.names(1, 2, 3, 4, 5, 6), "screen:\n\(shown)")
      try await again.sendKeys("q")
      try await E2E.expectRestored(again, status: 0)
    }
  }

  /// The gallery on `root` in tmux as `Search.launch` starts it, with the configuration
  /// file in `config` (`XDG_CONFIG_HOME`).
  static func launch(_ root: String, cache: String, config: String) async throws -> Tmux {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: 130, height: 36)
    do {
      try await tmux.run("stty -g > stty.before")
      try await tmux.run(
        "LC_ALL= LANG=C.UTF-8 LC_TIME=en_GB.UTF-8 XDG_CACHE_HOME=\(cache) "
          + "XDG_CONFIG_HOME=\(config) TERM=xterm-256color "
          + "\(binary) --graphics cells --layout grid \(root)")
      try await tmux.waitUntil("the first frame") { E2E.isDrawn($0) }
    } catch {
      tmux.kill()
      throw error
    }
    return tmux
  }

  @Test func withXMPInFileTheDecisionGoesInsideTheJPEGAndComesBackAtTheNextStart()
    async throws
  {
    try await Search.withLibrary { root, cache in
      let config = root + "-config"
      try FileManager.default.createDirectory(
        atPath: config + "/gallery", withIntermediateDirectories: true)
      defer { try? FileManager.default.removeItem(atPath: config) }
      try "xmp-in-file = yes\n".write(
        toFile: config + "/gallery/config", atomically: true, encoding: .utf8)
      let tmux = try await Self.launch(root, cache: cache, config: config)
      defer { tmux.kill() }
      try await tmux.waitUntil(deadline: .seconds(20), "every picture") {
        Search.shown($0) == Search.names(1, 2, 3, 4, 5, 6)
      }
      try await tmux.sendKeys("3")
      try await tmux.waitUntil("the stars on the tile") { $0.contains(" ★★★ ") }
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
      let shots = root + "/shots/"
      #expect(try await Self.xmpFields(shots + "IMG_0001.jpg") == "Rating=3\n")
      #expect(!FileManager.default.fileExists(atPath: shots + "IMG_0001.jpg.xmp"))
      let names = try FileManager.default.contentsOfDirectory(atPath: root + "/shots")
      #expect(!names.contains { $0.hasPrefix(".") }, "no temporary file left: \(names)")

      let again = try await Search.launch(root, cache: cache)
      defer { again.kill() }
      try await again.waitUntil(deadline: .seconds(20), "the stars read back from the file") {
        $0.contains(" ★★★ ")
      }
      try await again.sendKeys("q")
      try await E2E.expectRestored(again, status: 0)
    }
  }

  /// The Trash's files as `trash-list` (trash-cli) lists them for the session's home: a
  /// line a file, `DATE TIME PATH`.
  static func trashList(home: URL) async throws -> String {
    var environment = ProcessInfo.processInfo.environment
    environment["HOME"] = home.path
    environment["XDG_DATA_HOME"] = nil
    let listed = try await Subprocess.run(["trash-list"], environment: environment)
    try #require(listed.status == 0, "trash-list: \(listed.errors)")
    return listed.output
  }

  @Test func theRejectsGoToTheTrashInOneConfirmedStepAndOneUndoBringsThemBack()
    async throws
  {
    let library = try await FileActionsEndToEndTests.library()
    let tmux = library.tmux
    defer { tmux.kill() }
    let cards = library.cards
    let files = library.trash.appendingPathComponent("files")
    // a.jpg and b.jpg rejected, their decisions kept in their sidecars.
    try await tmux.sendKeys("Right", "X", "Right", "X")
    try await library.waitFor("both sidecars written") {
      library.names(cards) == [
        "-two words.jpg", "a.jpg", "a.jpg.xmp", "b.jpg", "b.jpg.xmp", "c.jpg",
      ]
    }
    try await tmux.sendKeys("D")
    try await FileActionsEndToEndTests.status(
      tmux, "the question", "move 2 rejected pictures in the gallery to the Trash? y yes, n no")
    #expect(library.names(files).isEmpty, "nothing before the answer")
    try await tmux.sendKeys("y")
    try await FileActionsEndToEndTests.status(
      tmux, "the trash's summary", "2 pictures moved to the Trash · U undoes")
    try await library.waitFor("the rejects and their sidecars in the Trash") {
      library.names(files) == ["a.jpg", "a.jpg.xmp", "b.jpg", "b.jpg.xmp"]
    }
    #expect(library.names(cards) == ["-two words.jpg", "c.jpg"])
    try await tmux.waitUntil("two pictures left") { $0.contains("Cards  2 pictures") }
    let listed = try await Self.trashList(home: library.home)
    for name in ["a.jpg", "b.jpg"] {
      #expect(listed.contains(cards.appendingPathComponent(name).path), "trash-list:\n\(listed)")
    }

    try await tmux.sendKeys("U")
    try await FileActionsEndToEndTests.status(tmux, "the undo", "undone:")
    try await library.waitFor("both back with their sidecars") {
      library.names(cards) == [
        "-two words.jpg", "a.jpg", "a.jpg.xmp", "b.jpg", "b.jpg.xmp", "c.jpg",
      ] && library.names(files).isEmpty
    }
    try await tmux.waitUntil("four pictures again") { $0.contains("Cards  4 pictures") }
    #expect(try await Self.trashList(home: library.home).isEmpty)
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }
}
