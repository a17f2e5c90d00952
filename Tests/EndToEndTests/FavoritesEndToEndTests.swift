import Foundation
import TestSupport
import Testing

/// Favourites (picks, in the pictures' sidecars), the list and folding sections in the
/// real binary under tmux. Each test has its own `XDG_STATE_HOME` and `XDG_CACHE_HOME`
/// inside its tmux scratch folder, and its own copy of two built-in folders (a pick writes
/// a sidecar beside its picture), `$PICTURES`.
@Suite struct FavoritesEndToEndTests {
  /// A session whose shell has private state and cache folders and a copy of the
  /// built-in Office and Kitchen in `$PICTURES`, opened in that order as the built-in ones
  /// are.
  static func session(width: Int, height: Int) async throws -> Tmux {
    let scratch = FileManager.default.temporaryDirectory
      .appendingPathComponent("gallery-fav-\(getpid())-\(UUID().uuidString.prefix(8))")
    let pictures = scratch.appendingPathComponent("pictures")
    try FileManager.default.createDirectory(at: pictures, withIntermediateDirectories: true)
    let assets = BuiltProduct.packageRoot().appendingPathComponent("Assets")
    for folder in ["Office", "Kitchen"] {
      try FileManager.default.copyItem(
        at: assets.appendingPathComponent(folder), to: pictures.appendingPathComponent(folder))
    }
    let tmux = try await Tmux.start(
      width: width, height: height,
      environment: [
        "XDG_STATE_HOME": scratch.appendingPathComponent("state").path,
        "XDG_CACHE_HOME": scratch.appendingPathComponent("cache").path,
        "PICTURES": pictures.path,
      ])
    return tmux
  }

  /// Starts the gallery in `tmux` and waits for its first frame.
  static func launch(_ tmux: Tmux, width: Int, height: Int, arguments: String = "") async throws {
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run(
      "clear; TERM=xterm-256color \(binary) \(arguments) \"$PICTURES/Office\" \"$PICTURES/Kitchen\""
    )
    try await tmux.waitUntil("the first frame") { GalleryEndToEndTests.isDrawn($0) }
  }

  static func quit(_ tmux: Tmux) async throws {
    try await tmux.sendKeys("q")
    try await tmux.waitUntilProgramExits()
  }

  /// Runs `command` in the shell and returns what it printed between markers.
  static func shell(_ tmux: Tmux, _ command: String) async throws -> String {
    let marker = "OUT\(UUID().uuidString.prefix(6))"
    // The blank echo ends a last line that has no newline of its own.
    try await tmux.run("clear; echo \(marker)-begin; \(command); echo; echo \(marker)-end")
    let screen = try await tmux.waitUntil("\(command)") {
      $0.split(separator: "\n").contains { $0.hasPrefix("\(marker)-end") }
    }
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    guard let begin = lines.firstIndex(where: { $0.hasPrefix("\(marker)-begin") }),
      let end = lines.firstIndex(where: { $0.hasPrefix("\(marker)-end") }), begin < end
    else { return "" }
    return lines[(begin + 1)..<end].joined(separator: "\n")
  }

  /// What exiftool reads of the digiKam pick label in `sidecar` (under `$PICTURES`):
  /// `PickLabel=3` for a pick, nothing without one.
  static func pickLabel(_ tmux: Tmux, _ sidecar: String) async throws -> String {
    try await shell(tmux, "exiftool -s -s -XMP-digiKam:PickLabel \"$PICTURES/\(sidecar)\"")
      .replacingOccurrences(of: ": ", with: "=").trimmingCharacters(in: .whitespacesAndNewlines)
  }

  @Test func twoFavouritesArePicksThatSurviveARestartAndAreListed() async throws {
    let tmux = try await Self.session(width: 100, height: 30)
    defer { tmux.kill() }
    try await Self.launch(tmux, width: 100, height: 30)
    try await tmux.sendKeys("f")
    try await tmux.waitUntil("office-1 marked") {
      GalleryEndToEndTests.statusLine($0).contains("♥ office-1.jpg")
    }
    try await tmux.sendKeys("Down", "Space")
    try await tmux.waitUntil("kitchen-1 marked") {
      GalleryEndToEndTests.statusLine($0).contains("♥ kitchen-1.jpg")
    }
    try await Self.quit(tmux)
    // Picks, in the sidecars editors read; no list of the gallery's own.
    #expect(try await Self.pickLabel(tmux, "Office/office-1.jpg.xmp") == "PickLabel=3")
    #expect(try await Self.pickLabel(tmux, "Kitchen/kitchen-1.jpg.xmp") == "PickLabel=3")
    let state = try await Self.shell(tmux, "ls -1 \"$XDG_STATE_HOME/gallery\"")
    #expect(!state.contains("favorites.json"), "\(state)")

    try await Self.launch(tmux, width: 100, height: 30)
    // Both are still marked where they are (once their sidecars are read, in the
    // background), and the Favourites section lists them.
    try await tmux.waitUntil("office-1 a favourite again") {
      GalleryEndToEndTests.statusLine($0).contains("♥ office-1.jpg")
    }
    try await tmux.sendKeys("G")
    let end = try await tmux.waitUntil("the last favourite") {
      GalleryEndToEndTests.statusLine($0).contains("♥ kitchen-1.jpg  ")
        && GalleryEndToEndTests.statusLine($0).contains("2/2  Favourites")
    }
    #expect(end.contains("Favourites  2 pictures"), "screen:\n\(end)")
    try await tmux.sendKeys("v")
    func favoriteRows(_ screen: String) -> [Substring] {
      screen.split(separator: "\n").filter { $0.contains("♥") && $0.contains("›") }
    }
    let list = try await tmux.waitUntil("both favourites in the list") {
      favoriteRows($0).count == 2 && $0.contains("▾ Favourites  2 pictures")
    }
    let rows = favoriteRows(list)
    #expect(rows.first?.contains("office-1.jpg") == true, "screen:\n\(list)")
    #expect(rows.last?.contains("kitchen-1.jpg") == true, "screen:\n\(list)")
    // The mat: a coloured background behind the favourite's row.
    let colours = try await tmux.captureWithEscapes()
    #expect(colours.contains("48;2;96;28;64") || colours.contains("48;5;"), "a background colour")
    try await Self.quit(tmux)
  }

  @Test func aDamagedFileIsSetAsideWithAWarning() async throws {
    let tmux = try await Self.session(width: 160, height: 30)
    defer { tmux.kill() }
    let garbage = "{not json at all"
    try await tmux.run(
      "mkdir -p \"$XDG_STATE_HOME/gallery\" && printf '%s' '\(garbage)' > \"$XDG_STATE_HOME/gallery/favorites.json\""
    )
    try await Self.launch(tmux, width: 160, height: 30)
    let screen = try await tmux.waitUntil("the warning") {
      GalleryEndToEndTests.statusLine($0).contains("set aside as favorites.json.bak")
    }
    #expect(GalleryEndToEndTests.statusLine(screen).contains("⚠ favorites.json"), "\(screen)")
    // A favourite is a pick now; the damaged file stays as it was in the .bak.
    try await tmux.sendKeys("f")
    try await tmux.waitUntil("marked") {
      GalleryEndToEndTests.statusLine($0).contains("♥ office-1.jpg")
    }
    try await Self.quit(tmux)
    let backup = try await Self.shell(
      tmux, "cat \"$XDG_STATE_HOME/gallery/favorites.json.bak\"")
    #expect(backup.contains(garbage), "\(backup)")
    let state = try await Self.shell(tmux, "ls -1 \"$XDG_STATE_HOME/gallery\"")
    #expect(state.split(separator: "\n").map(String.init) == ["favorites.json.bak"], "\(state)")
  }

  @Test func theListAtTwoSizes() async throws {
    let tmux = try await Self.session(width: 80, height: 24)
    defer { tmux.kill() }
    try await Self.launch(tmux, width: 80, height: 24, arguments: "--layout list")
    let small = try await tmux.waitUntil("the list at 80×24") {
      $0.contains("▾ Office  15 pictures") && $0.contains("office-1.jpg") && $0.contains("›")
        && $0.contains(" KB · ")
    }
    let smallRows = small.split(separator: "\n").filter { $0.hasSuffix("›") }.count
    #expect(smallRows >= 8, "screen:\n\(small)")
    // Same keys: down twice is the third picture; Enter opens it, Esc comes back.
    try await tmux.sendKeys("Down", "Down")
    try await tmux.waitUntil("office-3 focused") {
      GalleryEndToEndTests.statusLine($0).contains("office-3.jpg  ")
    }
    try await tmux.sendKeys("Enter")
    try await tmux.waitUntil("the detail view") { $0.contains("[ f ♡ Favourite ]") }
    try await tmux.sendKeys("Escape")
    try await tmux.waitUntil("the list again") { $0.contains("›") }
    try await tmux.resize(width: 140, height: 44)
    try await GalleryEndToEndTests.waitForSize(tmux, width: 140, height: 44)
    let large = try await tmux.waitUntil("the list at 140×44") { $0.contains("›") }
    let largeRows = large.split(separator: "\n").filter { $0.hasSuffix("›") }.count
    #expect(largeRows > smallRows, "screen:\n\(large)")
    #expect(GalleryEndToEndTests.statusLine(large).contains("office-3.jpg"), "the focus kept")
    let focusRow = large.split(separator: "\n").first { $0.contains("office-3.jpg") }
    #expect(focusRow.map { $0.hasSuffix("›") && $0.count <= 140 } == true)
    // v goes back to the grid, with the rounded focus frame.
    try await tmux.sendKeys("v")
    try await tmux.waitUntil("the grid") { $0.contains("╭") && !$0.contains("›") }
    try await Self.quit(tmux)
  }

  @Test func foldingAndUnfoldingASection() async throws {
    let tmux = try await Self.session(width: 100, height: 30)
    defer { tmux.kill() }
    try await Self.launch(tmux, width: 100, height: 30)
    try await tmux.sendKeys("z")
    let folded = try await tmux.waitUntil("Office folded") {
      $0.contains("▸ Office  15 pictures") && !$0.contains("office-1.jpg")
    }
    #expect(GalleryEndToEndTests.statusLine(folded).contains("Office  15 pictures, folded"))
    #expect(folded.contains("▾ Kitchen"), "screen:\n\(folded)")
    // A resize and a trip through the list keep it folded.
    try await tmux.resize(width: 90, height: 40)
    try await GalleryEndToEndTests.waitForSize(tmux, width: 90, height: 40)
    try await tmux.waitUntil("resized, still folded") { $0.contains("▸ Office") }
    try await tmux.sendKeys("v")
    try await tmux.waitUntil("the list, Office folded") {
      $0.contains("▸ Office") && $0.contains("›") && !$0.contains("office-1.jpg")
    }
    try await tmux.sendKeys("v")
    try await tmux.waitUntil("the grid") { !$0.contains("›") }
    // Enter on the focused header opens it again.
    try await tmux.sendKeys("Enter")
    let open = try await tmux.waitUntil("Office open") {
      $0.contains("▾ Office  15 pictures") && $0.contains("office-1.jpg")
    }
    #expect(GalleryEndToEndTests.statusLine(open).contains("Office  15 pictures, open"))
    try await tmux.sendKeys("Down")
    try await tmux.waitUntil("office-1 focused") {
      GalleryEndToEndTests.statusLine($0).contains("office-1.jpg")
    }
    try await Self.quit(tmux)
  }

  /// The favourites an older gallery kept become picks at the first start: the one whose
  /// file is there is picked in its sidecar and shown, the one whose file is not waits in
  /// the file, the list as it was is kept aside, and the status line says so once.
  @Test func anOlderFavouritesFileBecomesPicksOnce() async throws {
    let tmux = try await Self.session(width: 160, height: 30)
    defer { tmux.kill() }
    try await tmux.run(
      "mkdir -p \"$XDG_STATE_HOME/gallery\" && printf '{\"version\":1,\"favorites\":[\"%s\",\"%s\"]}' "
        + "\"$PICTURES/Kitchen/kitchen-2.jpg\" /media/unplugged/away.jpg "
        + "> \"$XDG_STATE_HOME/gallery/favorites.json\"")
    try await Self.launch(tmux, width: 160, height: 30)
    let said = try await tmux.waitUntil("the migration's sentence") {
      GalleryEndToEndTests.statusLine($0).contains("1 favourite is now picked")
    }
    #expect(
      GalleryEndToEndTests.statusLine(said).contains(
        "(favorites.json kept as favorites.json.migrated) · 1 favourite of favorites.json"),
      "\(said)")
    try await tmux.sendKeys("G")
    let end = try await tmux.waitUntil("the picked favourite") {
      GalleryEndToEndTests.statusLine($0).contains("♥ kitchen-2.jpg")
        && GalleryEndToEndTests.statusLine($0).contains("1/1  Favourites")
    }
    #expect(end.contains("⚑"), "the pick on its tile:\n\(end)")
    try await Self.quit(tmux)
    #expect(try await Self.pickLabel(tmux, "Kitchen/kitchen-2.jpg.xmp") == "PickLabel=3")
    let waiting = try await Self.shell(tmux, "cat \"$XDG_STATE_HOME/gallery/favorites.json\"")
    #expect(waiting.contains("away.jpg") && !waiting.contains("kitchen-2"), "\(waiting)")
    let kept = try await Self.shell(
      tmux, "cat \"$XDG_STATE_HOME/gallery/favorites.json.migrated\"")
    #expect(kept.contains("away.jpg") && kept.contains("kitchen-2"), "\(kept)")
    // The next start migrates nothing again: no sentence, no other copy.
    try await Self.launch(tmux, width: 160, height: 30)
    try await tmux.waitUntil("the one still waiting") {
      GalleryEndToEndTests.statusLine($0).contains("1 favourite of favorites.json waits")
    }
    try await Self.quit(tmux)
    let names = try await Self.shell(tmux, "ls -1 \"$XDG_STATE_HOME/gallery\"")
    #expect(
      names.split(separator: "\n").map(String.init) == [
        "favorites.json", "favorites.json.migrated",
      ], "\(names)")
  }
}
