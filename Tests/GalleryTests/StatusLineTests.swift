import CompositionalLayout
import Foundation
import TerminalKit
import Testing

@testable import Gallery

/// What the status line and the `!` report say, and what stays when the row is short.
@Suite struct StatusLineTests {
  static func picture(_ folder: String, _ name: String) -> Picture {
    Picture(
      path: folder + "/" + name, fileName: name, byteSize: 1000,
      modificationDate: Date(timeIntervalSince1970: 0), format: .png)
  }

  static func status(_ state: GalleryState) -> String {
    GalleryView.render(state).text.split(separator: "\n", omittingEmptySubsequences: false)
      .last.map(String.init) ?? ""
  }

  static func library(_ names: [String], skipped: SkippedFiles = SkippedFiles()) -> Library {
    let folder = "/shots"
    return Library(sections: [
      LibrarySection(
        name: "Shots", folder: URL(fileURLWithPath: folder),
        pictures: names.map { picture(folder, $0) }, skipped: skipped)
    ])
  }

  /// Pictures named one by one keep the order given, so a saved order that leaves them
  /// alone is not shown; once the user sorts, the order shows.
  @Test func theOrderShowsOnlyWhereItMovesSomething() {
    let named = LibrarySection(
      name: "given", folder: URL(fileURLWithPath: "/given"),
      pictures: ["b.png", "a.png"].map { Self.picture("/given", $0) },
      id: LibrarySection.namedFilesID)
    var state = GalleryState(width: 80, height: 24)
    _ = state.update(.orderLoaded(PictureOrder(key: .dateTaken)))
    _ = state.update(.scan(.section(named)))
    _ = state.update(.scan(.finished(ScanStats())))
    #expect(!Self.status(state).contains("date taken"), "\(Self.status(state))")
    _ = state.update(.key(.character("s")))  // date taken → modified time
    #expect(Self.status(state).contains("modified ↑"), "\(Self.status(state))")
    // A folder beside them follows the saved order: it shows.
    var mixed = GalleryState(width: 80, height: 24)
    _ = mixed.update(.orderLoaded(PictureOrder(key: .size)))
    _ = mixed.update(.scan(.section(named)))
    _ = mixed.update(.scan(.section(Self.library(["c.png"]).sections[0])))
    #expect(Self.status(mixed).contains("size ↑"), "\(Self.status(mixed))")
  }

  /// Two screenshots of one day differ at the end: shortened in the middle, both ends show.
  @Test func namesAreShortenedInTheMiddleKeepingTheirEnds() {
    #expect(
      Frame.fit("Screenshot 2025-01-01 at 10.00.00.png", to: 25, truncation: .middle())
        == "Screenshot…t 10.00.00.png")
    #expect(Frame.fit("short.png", to: 25, truncation: .middle()) == "short.png")
    #expect(Frame.fit("写真写真写真写真.jpg", to: 10, truncation: .middle()).displayWidth == 10)
    let state = GalleryState(
      library: Self.library([
        "Screenshot 2025-01-01 at 10.00.00.png", "Screenshot 2025-02-14 at 09.30.00.png",
      ]), width: 80, height: 24)
    let text = GalleryView.render(state).text
    #expect(text.contains("…00.00.png") && text.contains("…30.00.png"), "\(text)")
  }

  /// A long name on a narrow screen is shortened; the position and the warnings stay.
  @Test func thePositionAndTheWarningsNeverGo() {
    let long = String(repeating: "holiday-", count: 12) + "beach.jpg"
    var state = GalleryState(library: Self.library([long, "b.jpg"]), width: 60, height: 20)
    _ = state.update(.scan(.warning(.unreadableFolder(path: "/shots/private", reason: "denied"))))
    let status = Self.status(state)
    #expect(status.contains("1/2"), "\(status)")
    #expect(status.contains("1 scan warning"), "\(status)")
    #expect(status.contains("beach.jpg"), "the name's end shows: \(status)")
    #expect(status.displayWidth <= 60)
  }

  /// A warning is shortened, never dropped, and the position still shows.
  @Test func aWarningStaysShortenedBesideThePosition() {
    var state = GalleryState(library: Self.library(["macbook-30.jpg"]), width: 60, height: 20)
    var migration = FavoritesMigration()
    migration.warning = .setAside(
      path: "/home/ana/.local/state/gallery/favorites.json",
      backup: "/home/ana/.local/state/gallery/favorites.json.bak", problem: "not JSON")
    _ = state.update(.favoritesMigrated(migration))
    let status = Self.status(state)
    #expect(status.contains("1/1"), "\(status)")
    #expect(status.contains("⚠ "), "the warning's start stays: \(status)")
    #expect(status.contains("30.jpg"), "the name's end stays: \(status)")
  }

  /// Every kind of message, however long, keeps its beginning (what happened) beside the
  /// position at 60, 80 and 100 columns, with marks and an order on the right: shortened
  /// at its end, never dropped. A keep-both's new names are told only there.
  @Test(arguments: [60, 80, 100])
  func aLongMessageIsShortenedNeverDropped(width: Int) {
    let names = (1...5).map { "IMG_41\(String(format: "%02d", $0)).JPG" }
    let keptBoth =
      "copied 3 pictures (6 files: 3 raw) to ~/Pictures/Albums/Summer 2025 · U undoes; "
      + "3 under new names: IMG_4101 (2) (JPG + DNG), …"
    let messages: [StatusMessage] = [
      .acted(keptBoth),
      .trashed(
        "moved 3 pictures (6 files: 3 raw) to the Trash · U undoes, some of them long",
        paths: []),
      .actionFailed(
        "IMG_4101.JPG could not be moved to ~/Pictures/Albums/Summer 2025: permission denied"),
      .sorted(PictureOrder(key: .size)),
      .acting("copying 3 pictures (6 files: 3 raw) to ~/Pictures/Albums/Summer 2025"),
    ]
    for message in messages {
      var state = GalleryState(library: Self.library(names), width: width, height: 20)
      _ = state.update(.key(.character("m")))
      state.status.say(message)
      let status = Self.status(state)
      let start = String(message.description.prefix(8))
      #expect(status.contains(start), "\(width) columns, the message's start: \(status)")
      #expect(status.contains("1/5"), "the position: \(status)")
      #expect(status.displayWidth <= width)
    }
  }

  /// A folder's files that are not pictures: on its header, in the status line on the
  /// header, in the report; a gallery with none says what it found.
  @Test func filesThatAreNotPicturesAreCountedAndListed() {
    var skipped = SkippedFiles()
    for name in ["song.mp3", "tune.flac", "notes.txt"] { skipped.add(fileName: name) }
    var state = GalleryState(
      library: Self.library(["a.jpg"], skipped: skipped), width: 90, height: 24)
    var stats = ScanStats()
    stats.skipped = skipped
    stats.foldersWithoutPictures = [SkippedFolder(name: "Clips", skipped: skipped)]
    _ = state.update(.scan(.finished(stats)))
    state.browsing.moveFocus(to: .header(0))
    #expect(
      Self.status(state).contains("1 text file, 2 other files not shown"), "\(Self.status(state))")
    #expect(Self.status(state).contains("3 not shown"))
    _ = state.update(.key(.character("!")))
    #expect(state.presentation.mode == .report)
    let report = GalleryView.render(state).text
    #expect(report.contains("Not shown") && report.contains("6 files not shown"), "\(report)")
    #expect(report.contains("Shots") && report.contains("Clips (no pictures)"))
    _ = state.update(.key(.escape))
    #expect(state.presentation.mode == .grid)

    var empty = GalleryState(library: Library(sections: []), width: 90, height: 24)
    _ = empty.update(.scan(.finished(stats)))
    #expect(Self.status(empty).contains("no pictures found  1 text file, 2 other files not shown"))
  }

  /// The report lists every scan warning; with nothing to say it says so.
  @Test func theReportListsTheScanWarnings() {
    var state = GalleryState(library: Self.library(["a.jpg"]), width: 100, height: 30)
    _ = state.update(.key(.character("!")))
    #expect(GalleryView.render(state).text.contains("Every file found is shown"))
    _ = state.update(.key(.character("!")))
    _ = state.update(.scan(.warning(.symlinkLoop(path: "/shots/loop"))))
    _ = state.update(.scan(.warning(.missingFolder(path: "/shots/gone"))))
    _ = state.update(.key(.character("!")))
    let text = GalleryView.render(state).text
    #expect(text.contains("2 scan warnings"))
    #expect(text.contains("symbolic link loop at /shots/loop"))
    #expect(text.contains("folder /shots/gone not found"))
  }
}
