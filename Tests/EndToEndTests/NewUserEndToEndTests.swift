import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// What a new user meets in the first minutes, the real binary in tmux: a plain folder
/// of photos as a grid, every launch at the first picture, every file accounted for,
/// favourites of the folders opened, names that stay apart, dates in the locale.
@Suite struct NewUserEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// A folder of `count` phone-named copies of the built-in JPEGs (`IMG_0001.jpg` …).
  static func photos(_ count: Int, in fixture: FolderFixture, folder: String = "photos") throws
    -> String
  {
    let root = fixture.folder(folder)
    let office = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office").path
    let sources = try FileManager.default.contentsOfDirectory(atPath: office).sorted()
      .filter { $0.hasSuffix(".jpg") }
    for index in 1...count {
      let name = String(format: "IMG_%04d.jpg", index)
      try FileManager.default.copyItem(
        atPath: office + "/" + sources[index % sources.count], toPath: root + "/" + name)
    }
    return root
  }

  /// A plain folder of photos is a grid in the default layout, not a sideways row of
  /// two, and `--print` lists every one of them.
  @Test func aPlainFolderOfPhotosOpensAsAGrid() async throws {
    let fixture = FolderFixture()
    let folder = try Self.photos(70, in: fixture)
    let tmux = try await E2E.launch(width: 120, height: 40, arguments: folder)
    defer { tmux.kill() }
    let screen = try await tmux.waitUntil("a grid of photos") {
      $0.contains("IMG_0006.jpg") && $0.contains("IMG_0007.jpg")
    }
    let firstRow = screen.split(separator: "\n").first { $0.contains("IMG_0001.jpg") } ?? ""
    #expect(firstRow.components(separatedBy: "IMG_").count - 1 == 6, "six a row:\n\(screen)")
    #expect(E2E.statusLine(screen).contains("1/70"))
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)

    let printed = try await GalleryCommandTests.run([
      "--print", "--format", "plain", "--size", "120x40", folder,
    ])
    #expect(printed.status == 0, "\(printed.errors)")
    for index in 1...70 {
      #expect(printed.output.contains(String(format: "IMG_%04d.jpg", index)), "\(index)")
    }
  }

  /// Marked favourites and a saved order never move where a launch starts: the first
  /// picture of the first folder; with `-o`, m Right m Tab M marks in the folders.
  @Test func everyLaunchStartsAtTheFirstPicture() async throws {
    let tmux = try await E2E.launch(width: 120, height: 40)
    defer { tmux.kill() }
    try await tmux.sendKeys("Tab", "Right", "f", "s")
    try await tmux.waitUntil("a favourite, sorted") {
      E2E.statusLine($0).contains("♥ kitchen-2.jpg") && E2E.statusLine($0).contains("date taken")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run("TERM=xterm-256color \(binary) --no-cache -o > marked.txt")
    let again = try await tmux.waitUntil("the first frame") { E2E.isDrawn($0) }
    // The first picture of the first folder, in the order saved (by date taken).
    #expect(E2E.statusLine(again).contains("1/15  Office"), "screen:\n\(again)")
    #expect(!E2E.statusLine(again).contains("Favourites"))
    try await tmux.sendKeys("m", "Right", "m", "Tab", "M")
    try await tmux.waitUntil("27 marked") { E2E.statusLine($0).contains("27 marked") }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
    let marked = try String(
      contentsOf: tmux.directory.appendingPathComponent("marked.txt"), encoding: .utf8
    ).split(separator: "\n")
    #expect(marked.count == 27)
    #expect(marked.filter { $0.contains("/Office/") }.count == 2)
    #expect(marked.filter { $0.contains("/Kitchen/") }.count == 25)
  }

  /// A text file named like a JPEG, an empty one and a pipe are shown broken with their
  /// reason; other files and text are counted; `!` lists what is not shown; `--print` gives the
  /// same reasons, says what is not shown on standard error (`no pictures found` where
  /// nothing is) and its JSON gives each picture's path, real format and reason.
  @Test func everyFileIsAccountedFor() async throws {
    let fixture = FolderFixture()
    let card = try Self.photos(2, in: fixture, folder: "card")
    fixture.text("card/photo.jpg")
    fixture.text("card/empty.jpg", "")
    #expect(mkfifo(fixture.path("card/fifo.png"), 0o644) == 0)
    for name in ["song.mp3", "tune.flac", "README.txt"] { fixture.text("card/" + name) }
    fixture.text("sounds/a.mp3")
    fixture.text("sounds/b.mp3")
    let tmux = try await E2E.launch(
      width: 120, height: 40, arguments: "--layout list \(fixture.path(""))")
    defer { tmux.kill() }
    let screen = try await tmux.waitUntil("the broken files listed with their reasons") {
      $0.contains("empty.jpg") && $0.contains("photo.jpg") && $0.contains("fifo.png")
        && $0.contains("The file is empty")
    }
    #expect(screen.contains("Not a picture format"), "screen:\n\(screen)")
    #expect(screen.contains("not a regular file"), "screen:\n\(screen)")
    #expect(!screen.contains("song.mp3"))
    #expect(E2E.statusLine(screen).contains("5 not shown"), "screen:\n\(screen)")
    try await tmux.sendKeys("!")
    let report = try await tmux.waitUntil("the report") { $0.contains(" Not shown ") }
    #expect(report.contains("1 text file, 2 other files"), "report:\n\(report)")
    #expect(report.contains("sounds (no pictures)") && report.contains("2 other files"))
    try await tmux.sendKeys("Escape", "q")
    try await E2E.expectRestored(tmux, status: 0)

    // `--print` gives the screen's reasons, and no date it does not know.
    let list = try await GalleryCommandTests.run([
      "--print", "--format", "plain", "--layout", "list", "--size", "120x40", card,
    ])
    #expect(list.output.contains("✗ The file is empty"), "\(list.output)")
    #expect(list.output.contains("fifo.png is not a regular file"), "\(list.output)")
    #expect(!list.output.contains("1970"), "\(list.output)")
    let only = try await GalleryCommandTests.run([
      "--print", "--format", "plain", fixture.path("sounds"),
    ])
    #expect(
      only.errors.contains("not shown in sounds (no pictures): 2 other files"), "\(only.errors)")
    #expect(only.output == "no pictures found  2 other files not shown\n", "\(only.output)")
    #expect(only.status == 0)
    // An empty list on standard input (here /dev/null) finds nothing and says so.
    let none = try await GalleryCommandTests.run(["--print", "--format", "plain", "-"])
    #expect(none.output == "no pictures found\n" && none.status == 0, "\(none)")
    let json = try await GalleryCommandTests.run(["--print", "--format", "json", card])
    let document = try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any]
    let items = (document?["elements"] as? [[String: Any]] ?? []).filter {
      $0["kind"] as? String == "item"
    }
    let byName = Dictionary(uniqueKeysWithValues: items.map { ($0["name"] as? String ?? "", $0) })
    #expect(byName["IMG_0001.jpg"]?["format"] as? String == "jpeg")
    #expect(byName["IMG_0001.jpg"]?["path"] as? String == card + "/IMG_0001.jpg")
    #expect(byName["IMG_0001.jpg"]?["broken"] is NSNull)
    #expect(byName["photo.jpg"]?["format"] is NSNull, "\(byName["photo.jpg"] ?? [:])")
    #expect((byName["photo.jpg"]?["broken"] as? String)?.contains("Not a picture") == true)
    #expect((byName["empty.jpg"]?["broken"] as? String) == "The file is empty")
    #expect(byName["song.mp3"] == nil)
    #expect(
      json.errors.contains("not shown in card: 1 text file, 2 other files"), "\(json.errors)")
  }

  /// A favourite is a pick in the sidecar beside its picture: another folder's gallery
  /// does not show it, and `favorites = all`, which older versions took, is a line saying
  /// why it is no longer read.
  @Test func favouritesOfOtherFoldersStayInTheirGalleries() async throws {
    let fixture = FolderFixture()
    let trips = try Self.photos(3, in: fixture, folder: "trips")
    let tmux = try await E2E.launch(width: 120, height: 40, arguments: trips)
    defer { tmux.kill() }
    try await tmux.sendKeys("f")
    try await tmux.waitUntil("a favourite") { E2E.statusLine($0).contains("♥ IMG_0001.jpg") }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
    #expect(FileManager.default.fileExists(atPath: trips + "/IMG_0001.jpg.xmp"), "its sidecar")
    let binary = try BuiltProduct.path("gallery")
    let other = fixture.folder("other")
    try FileManager.default.copyItem(atPath: trips + "/IMG_0002.jpg", toPath: other + "/a.jpg")
    let config = tmux.directory.appendingPathComponent(".config/gallery")
    try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
    try Data("favorites = all\n".utf8).write(to: config.appendingPathComponent("config"))
    try await tmux.run("TERM=xterm-256color \(binary) --no-cache \(other)")
    let shown = try await tmux.waitUntil("the other folder and the retired setting") {
      E2E.isDrawn($0) && E2E.statusLine($0).contains("'all' is retired")
    }
    #expect(!shown.contains("Favourites"), "the trips' favourite is not this gallery's:\n\(shown)")
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
    // Back in the trips, without the line, the favourite is read from its sidecar.
    try FileManager.default.removeItem(at: config.appendingPathComponent("config"))
    try await tmux.run("TERM=xterm-256color \(binary) --no-cache \(trips)")
    try await tmux.waitUntil("the first frame") { E2E.isDrawn($0) }
    try await tmux.sendKeys("G")
    try await tmux.waitUntil("the trips' favourite, read again") {
      let status = E2E.statusLine($0)
      return status.contains("♥ IMG_0001.jpg") && status.contains("1/1  Favourites")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  /// Names alike at the start stay apart, shortened in the middle; a long name never
  /// pushes the position off the status line, which no longer names size classes.
  @Test func namesStayApartAndTheStatusLineKeepsThePosition() async throws {
    let fixture = FolderFixture()
    let shots = fixture.folder("shots")
    let office = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office").path
    let long = "Screenshot 2025-01-01 at 10.00.00 taken on a very long afternoon by the sea.png"
    for name in ["Screenshot 2025-01-01 at 10.00.00.png", "Screenshot 2025-02-14.png", long] {
      try FileManager.default.copyItem(atPath: office + "/office-1.jpg", toPath: shots + "/" + name)
    }
    let tmux = try await E2E.launch(width: 80, height: 24, arguments: shots)
    defer { tmux.kill() }
    let screen = try await tmux.waitUntil("the names") { $0.contains("02-14.png") }
    #expect(screen.contains("0.00.png"), "screen:\n\(screen)")
    #expect(!E2E.statusLine(screen).contains("compact"), "no size classes")
    try await tmux.sendKeys("/")
    try await tmux.type("sea")
    try await tmux.sendKeys("Enter")
    let last = try await tmux.waitUntil("the long name focused") {
      E2E.statusLine($0).contains("1/1")
    }
    #expect(E2E.statusLine(last).contains("by the sea.png"), "its end shows:\n\(last)")
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  /// `/osaka` finds `Ōsaka-café.jpg`; the detail view writes the EXIF date in the locale;
  /// named pictures keep the order given whatever order was saved; `gallery ""` is an
  /// error; `--help` names the configuration file where it is.
  @Test func filtersDatesOrderAndSmallThings() async throws {
    let fixture = FolderFixture()
    let folder = try Self.photos(3, in: fixture, folder: "trip")
    try FileManager.default.moveItem(
      atPath: folder + "/IMG_0002.jpg", toPath: folder + "/Ōsaka-café.jpg")
    let tagged = try await Subprocess.run([
      "exiftool", "-q", "-overwrite_original", "-DateTimeOriginal=2025:07:14 18:30:00",
      folder + "/Ōsaka-café.jpg",
    ])
    #expect(tagged.status == 0, "\(tagged.errors)")
    // British English from a locale of the test's own: dates take the C library's words.
    let locales = try await TestLocales.folder(["en_GB.UTF-8"])
    let tmux = try await E2E.launch(
      width: 100, height: 30, arguments: folder,
      environment: "LC_ALL= LC_TIME=en_GB.UTF-8 LOCPATH=\(locales)")
    defer { tmux.kill() }
    try await tmux.sendKeys("/")
    try await tmux.type("osaka")
    try await tmux.sendKeys("Enter")
    try await tmux.waitUntil("the filtered picture") {
      E2E.statusLine($0).contains("Ōsaka-café.jpg") && E2E.statusLine($0).contains("1/1")
    }
    try await tmux.sendKeys("Enter")
    let detail = try await tmux.waitUntil("the EXIF date") { $0.contains("taken ") }
    #expect(detail.contains("14 Jul 2025"), "detail:\n\(detail)")
    #expect(!detail.contains("2025:07:14"))
    try await tmux.sendKeys("Escape", "Escape", "S")  // a saved order: name, reversed
    try await tmux.waitUntil("sorted") { E2E.statusLine($0).contains("name ↓") }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run(
      "TERM=xterm-256color \(binary) --no-cache \(folder)/IMG_0001.jpg \(folder)/IMG_0003.jpg")
    let named = try await tmux.waitUntil("the named pictures") { E2E.isDrawn($0) }
    let status = E2E.statusLine(named)
    #expect(status.contains("IMG_0001.jpg") && status.contains("1/2"), "as given:\n\(named)")
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)

    let empty = try await GalleryCommandTests.run([""])
    #expect(empty.status == 2 && empty.errors.contains("empty path"), "\(empty.errors)")
    let help = try await GalleryCommandTests.run(
      ["--help"], environment: ["XDG_CONFIG_HOME": "/opt/conf"])
    #expect(help.output.contains("/opt/conf/gallery/config"))
  }
}
