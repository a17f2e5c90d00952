import Foundation
import Pictures
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

@Suite struct NaturalOrderTests {
  @Test func numbersCompareByValueAndLettersIgnoreCase() {
    let names = ["img10", "img2", "Img1", "b", "A", "img2b", "img02a", "x100", "x99"]
    let sorted = names.sorted(by: NaturalOrder.areInIncreasingOrder)
    #expect(sorted == ["A", "b", "Img1", "img2", "img02a", "img2b", "img10", "x99", "x100"])
  }

  @Test func equalNamesUnderTheRulesStillHaveADeterministicOrder() {
    #expect(NaturalOrder.areInIncreasingOrder("A", "a"))
    #expect(!NaturalOrder.areInIncreasingOrder("a", "A"))
    #expect(NaturalOrder.areInIncreasingOrder("01", "1"))
    #expect(!NaturalOrder.areInIncreasingOrder("same", "same"))
  }

  @Test func nonAsciiLettersFoldCase() {
    // Case folds; accented letters then order by their UTF-8 bytes (after ASCII).
    let sorted = ["Été", "ébauche", "Zoo", "zèbre"].sorted(by: NaturalOrder.areInIncreasingOrder)
    #expect(sorted == ["Zoo", "zèbre", "ébauche", "Été"])
  }

  @Test func longDigitRunsDoNotOverflow() {
    #expect(NaturalOrder.areInIncreasingOrder("a99999999999999999999", "a100000000000000000000"))
  }
}

@Suite struct PictureFormatTests {
  @Test func sniffsJpegAndPngSignatures() {
    #expect(ImageFormat.sniff(FolderFixture.jpegBytes) == .jpeg)
    #expect(ImageFormat.sniff(FolderFixture.pngBytes) == .png)
    #expect(ImageFormat.sniff([0xFF, 0xD8, 0xFF]) == .jpeg)
    #expect(ImageFormat.sniff(Array("GIF89a".utf8)) == .gif)
    #expect(ImageFormat.sniff(Array("GIF8".utf8)) == nil)
    #expect(ImageFormat.sniff([0xFF, 0xD8]) == nil)
    #expect(ImageFormat.sniff([UInt8]()) == nil)
  }
}

@Suite struct LibraryScanTests {
  /// root/        a.png, notes.txt, .hidden.jpg
  /// root/img10/  1.jpg          root/img2/  b.jpg, a.jpg, fake.jpg (text)
  /// root/img2/deep/ c.png      root/img2/deep/loop -> ..   root/.secret/ s.jpg
  /// root/empty/  (nothing)     root/docs/  readme.md
  func makeTree() -> FolderFixture {
    let fixture = FolderFixture()
    fixture.png("a.png")
    fixture.text("notes.txt")
    fixture.jpeg(".hidden.jpg")
    fixture.jpeg("img10/1.jpg")
    fixture.jpeg("img2/b.jpg")
    fixture.jpeg("img2/a.jpg")
    fixture.text("img2/fake.jpg")
    fixture.png("img2/deep/c.png")
    fixture.link("img2/deep/loop", to: "..")
    fixture.jpeg(".secret/s.jpg")
    fixture.folder("empty")
    fixture.text("docs/readme.md")
    return fixture
  }

  @Test func sectionsFollowTheFolderTreeInNaturalOrder() throws {
    let fixture = makeTree()
    let library = try LibraryScanner(folders: [fixture.root]).library()
    let rootName = (fixture.root as NSString).lastPathComponent
    #expect(library.sections.map(\.name) == [rootName, "img2", "img2/deep", "img10"])
    // fake.jpg holds text: named like a picture, it is one, broken (no format).
    #expect(
      library.sections.map { $0.pictures.map(\.fileName) } == [
        ["a.png"], ["a.jpg", "b.jpg", "fake.jpg"], ["c.png"], ["1.jpg"],
      ])
    #expect(library.sections[1].pictures.map(\.format) == [.jpeg, .jpeg, nil])
    #expect(library.sections[1].folder.path == fixture.path("img2"))
    #expect(library.warnings == [.symlinkLoop(path: fixture.path("img2/deep/loop"))])
    let stats = try #require(library.stats)
    #expect(stats.pictures == 6)
    #expect(stats.ignoredFiles == 2)  // notes.txt, readme.md
    #expect(stats.skipped.summary == "2 text files")
    #expect(library.sections[0].skipped.summary == "1 text file", "the root's notes.txt")
    #expect(stats.hiddenSkipped == 2)
    #expect(!stats.cancelled)
  }

  @Test func picturesCarryPathSizeDateAndFormat() throws {
    let fixture = FolderFixture()
    let before = Date().addingTimeInterval(-5)
    let path = fixture.png("shots/one.png")
    let library = try LibraryScanner(folders: [fixture.path("shots")]).library()
    let picture = try #require(library.sections.first?.pictures.first)
    #expect(picture.path == path)
    #expect(picture.id == path)
    #expect(picture.fileName == "one.png")
    #expect(picture.byteSize == Int64(FolderFixture.pngBytes.count))
    #expect(picture.format == .png)
    let modified = try #require(picture.modificationDate)
    #expect(modified > before && modified < Date().addingTimeInterval(5))
    #expect(library.sections.first?.name == "shots")
  }

  @Test func hiddenEntriesAppearWhenAskedFor() throws {
    let fixture = makeTree()
    let library = try LibraryScanner(folders: [fixture.root], includeHidden: true).library()
    let names = library.sections.map(\.name)
    #expect(names.contains(".secret"))
    #expect(library.sections.first?.pictures.map(\.fileName) == [".hidden.jpg", "a.png"])
    #expect(library.stats?.hiddenSkipped == 0)
  }

  @Test func relativeFoldersResolveAgainstTheCurrentDirectory() throws {
    let fixture = makeTree()
    let scanner = try LibraryScanner(folders: ["img2", "./img10"], currentDirectory: fixture.root)
    #expect(scanner.roots.map(\.path) == [fixture.path("img2"), fixture.path("img10")])
    let library = scanner.library()
    #expect(library.sections.map(\.name) == ["img2", "deep", "img10"])
  }

  @Test func symbolicLinksToFoldersAreFollowedOnce() throws {
    let fixture = FolderFixture()
    fixture.jpeg("elsewhere/x.jpg")
    fixture.jpeg("shown/own.jpg")
    fixture.link("shown/alias", to: fixture.path("elsewhere"))
    fixture.link("shown/second", to: "../elsewhere")
    fixture.link("shown/dangling.jpg", to: "nowhere.jpg")
    fixture.link("shown/picture-link.jpg", to: fixture.path("elsewhere/x.jpg"))
    let library = try LibraryScanner(folders: [fixture.path("shown")]).library()
    #expect(library.sections.map(\.name) == ["shown", "alias"])
    // A dangling link named like a picture shows, broken ("No such file").
    #expect(
      library.sections[0].pictures.map(\.fileName) == [
        "dangling.jpg", "own.jpg", "picture-link.jpg",
      ])
    #expect(library.sections[0].pictures.first?.format == nil)
    #expect(library.sections[1].pictures.map(\.path) == [fixture.path("shown/alias/x.jpg")])
    #expect(
      library.warnings == [
        .duplicateFolder(path: fixture.path("shown/second"), shownAs: fixture.path("shown/alias"))
      ])
    #expect(library.stats?.ignoredFiles == 0)
  }

  /// A pipe is never opened; named like a picture it shows, broken, and otherwise it is
  /// counted as skipped.
  @Test func specialFilesAreNotOpened() throws {
    let fixture = FolderFixture()
    fixture.jpeg("pipes/a.jpg")
    #expect(mkfifo(fixture.path("pipes/fifo.jpg"), 0o644) == 0)
    #expect(mkfifo(fixture.path("pipes/queue"), 0o644) == 0)
    let library = try LibraryScanner(folders: [fixture.path("pipes")]).library()
    #expect(library.pictureCount == 2)
    #expect(library.sections.first?.pictures.map(\.format) == [.jpeg, nil])
    #expect(library.stats?.ignoredFiles == 1)
    #expect(library.stats?.skipped.summary == "1 other file")
  }

  /// A pipe named like a picture has its own time, read without opening it; a dangling
  /// link named like one has none (never the epoch).
  @Test func aPipeKeepsItsOwnTimeAndADanglingLinkHasNone() throws {
    let fixture = FolderFixture()
    let before = Date().addingTimeInterval(-5)
    let folder = fixture.folder("pipes")
    #expect(mkfifo(folder + "/fifo.png", 0o644) == 0)
    fixture.link("pipes/gone.jpg", to: folder + "/nowhere")
    let library = try LibraryScanner(folders: [fixture.path("pipes")]).library()
    let pictures = try #require(library.sections.first?.pictures)
    #expect(pictures.map(\.fileName) == ["fifo.png", "gone.jpg"])
    let pipe = try #require(pictures.first?.modificationDate)
    #expect(pipe > before && pipe < Date().addingTimeInterval(5), "\(pipe)")
    #expect(pictures.last?.modificationDate == nil)
  }

  /// Every file is accounted for: a text file named like a picture (a raw file's, a
  /// video's), an empty one, the rest counted by kind.
  @Test func filesThatAreNotPicturesAreShownBrokenOrCountedByKind() throws {
    let fixture = FolderFixture()
    fixture.jpeg("card/IMG_1.jpg")
    fixture.text("card/photo.jpg")
    fixture.text("card/empty.jpg", "")
    for name in ["clip.mp4", "clip2.MOV", "IMG_2.CR3", "README.txt", "thumbs.db"] {
      fixture.text("card/" + name)
    }
    let library = try LibraryScanner(folders: [fixture.path("card")]).library()
    let section = try #require(library.sections.first)
    // A raw file's or a video's name makes it a picture: broken, since it holds text.
    #expect(
      section.pictures.map(\.fileName) == [
        "clip.mp4", "clip2.MOV", "empty.jpg", "IMG_1.jpg", "IMG_2.CR3", "photo.jpg",
      ])
    #expect(section.pictures.map(\.format) == [nil, nil, nil, .jpeg, nil, nil])
    #expect(section.skipped.summary == "1 text file, 1 other file")
    #expect(library.stats?.skipped.total == 2)
  }

  /// A picture's XMP sidecars, which culling writes, are part of it: never counted as
  /// files not shown, whichever name they have.
  @Test func sidecarsAreNotCountedAsFilesNotShown() throws {
    let fixture = FolderFixture()
    fixture.jpeg("card/IMG_1.jpg")
    fixture.text("card/IMG_1.jpg.xmp", "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>")
    fixture.text("card/IMG_2.CR3", "raw")
    fixture.text("card/IMG_2.XMP", "<x:xmpmeta xmlns:x=\"adobe:ns:meta/\"/>")
    fixture.text("card/README.txt")
    let library = try LibraryScanner(folders: [fixture.path("card")]).library()
    let section = try #require(library.sections.first)
    #expect(section.pictures.map(\.fileName) == ["IMG_1.jpg", "IMG_2.CR3"])
    #expect(section.skipped.summary == "1 text file")
  }

  @Test func aFolderThatVanishesDuringTheScanIsAWarning() throws {
    let fixture = FolderFixture()
    fixture.jpeg("a/1.jpg")
    fixture.jpeg("b/2.jpg")
    fixture.jpeg("c/3.jpg")
    var library = Library()
    try LibraryScanner(folders: [fixture.root]).scan { event in
      library.apply(event)
      if case .section(let section) = event, section.name == "a" {
        try? FileManager.default.removeItem(atPath: fixture.path("b"))
      }
    }
    #expect(library.sections.map(\.name) == ["a", "c"])
    guard case .unreadableFolder(let path, let reason)? = library.warnings.first else {
      Issue.record("expected an unreadable folder warning, got \(library.warnings)")
      return
    }
    #expect(path == fixture.path("b"))
    #expect(!reason.isEmpty)
    #expect(library.warnings.first?.description.contains(fixture.path("b")) == true)
  }

  @Test func aFolderWithoutPermissionIsAWarning() throws {
    // The superuser reads every folder, so there is nothing to deny it.
    guard geteuid() != 0 else { return }
    let fixture = FolderFixture()
    fixture.jpeg("open/1.jpg")
    fixture.jpeg("closed/2.jpg")
    fixture.setMode("closed", 0)
    let library = try LibraryScanner(folders: [fixture.root]).library()
    #expect(library.sections.map(\.name) == ["open"])
    #expect(library.warnings.count == 1)
  }

  @Test func missingOrNonFolderArgumentsAreTypedErrors() {
    let fixture = FolderFixture()
    let file = fixture.text("file.txt")
    #expect(throws: LibraryError.folderNotFound(path: fixture.path("nope"))) {
      try LibraryScanner(folders: [fixture.path("nope")])
    }
    #expect(throws: LibraryError.notAFolder(path: file)) {
      try LibraryScanner(folders: [file])
    }
    #expect(throws: LibraryError.notAFolder(path: file + "/below")) {
      try LibraryScanner(folders: [file + "/below"])
    }
    #expect(LibraryError.folderNotFound(path: "/x/y").description.contains("/x/y"))
    #expect(LibraryError.notAFolder(path: "/etc/passwd").description.contains("not a folder"))
  }

  @Test func chosenSubfoldersComeInTheGivenOrder() throws {
    let fixture = FolderFixture()
    fixture.jpeg("Assets/loose.jpg")
    fixture.jpeg("Assets/Office/o.jpg")
    fixture.jpeg("Assets/Kitchen/k.jpg")
    fixture.jpeg("Assets/Doodles/d.png")
    let root = try ScanRoot(
      resolving: fixture.path("Assets"), subfolders: ["Office", "Kitchen", "MacBook"])
    let library = LibraryScanner(roots: [root]).library()
    #expect(library.sections.map(\.name) == ["Office", "Kitchen"])
    #expect(library.warnings == [.missingFolder(path: fixture.path("Assets/MacBook"))])
  }

  @Test func severalFoldersGiveTheirSectionsInArgumentOrder() throws {
    let fixture = FolderFixture()
    fixture.jpeg("z/1.jpg")
    fixture.jpeg("a/2.jpg")
    let library = try LibraryScanner(folders: [fixture.path("z"), fixture.path("a")]).library()
    #expect(library.sections.map(\.name) == ["z", "a"])
  }

  @Test func eventsStreamDeliversTheSameLibraryInTheBackground() async throws {
    let fixture = makeTree()
    let scanner = try LibraryScanner(folders: [fixture.root])
    var streamed = Library()
    var finishedCount = 0
    for await event in scanner.events() {
      if case .finished = event { finishedCount += 1 }
      streamed.apply(event)
    }
    #expect(finishedCount == 1)
    #expect(streamed == scanner.library())
  }

  @Test func startCallsBackOnTheQueueAndFinishesOnce() async throws {
    let fixture = makeTree()
    let scanner = try LibraryScanner(folders: [fixture.root])
    let events = await withCheckedContinuation { continuation in
      let collected = EventBox()
      scanner.start { event in
        collected.append(event)
        if case .finished = event { continuation.resume(returning: collected.events) }
      }
    }
    #expect(events.count == 6)  // four sections, one warning, finished
    guard case .finished? = events.last else {
      Issue.record("last event is not finished")
      return
    }
  }

  @Test func aCancelledScanStopsAndSaysSo() throws {
    let fixture = makeTree()
    let cancellation = ScanCancellation()
    cancellation.cancel()
    let library = try LibraryScanner(folders: [fixture.root]).library(cancellation: cancellation)
    #expect(library.sections.isEmpty)
    #expect(library.stats?.cancelled == true)
  }
}

/// Collects events from a background queue; the scan calls back serially.
private final class EventBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [ScanEvent] = []

  func append(_ event: ScanEvent) { lock.withLock { stored.append(event) } }
  var events: [ScanEvent] { lock.withLock { stored } }
}

@Suite struct DefaultAssetsTests {
  @Test func aCheckoutIsFoundAboveTheExecutable() throws {
    let fixture = FolderFixture()
    fixture.text("pkg/Package.swift", "// manifest\n")
    fixture.folder("pkg/Assets/Office")
    fixture.folder("pkg/.build/x86_64/release")
    let executable = fixture.path("pkg/.build/x86_64/release/gallery")
    let found = try DefaultAssets.locate(
      executablePath: executable, sourceFile: "/nonexistent/x.swift")
    #expect(found == fixture.path("pkg/Assets"))
  }

  @Test func anInstalledCopyWinsOverTheCheckout() throws {
    let fixture = FolderFixture()
    fixture.folder("prefix/bin")
    fixture.folder("prefix/share/gallery/Assets")
    fixture.text("pkg/Package.swift", "// manifest\n")
    fixture.folder("pkg/Assets")
    let found = try DefaultAssets.locate(
      executablePath: fixture.path("prefix/bin/gallery"),
      sourceFile: fixture.path("pkg/Sources/G/f.swift"))
    #expect(found == fixture.path("prefix/share/gallery/Assets"))
  }

  @Test func theSourceFileLeadsToTheCheckoutWhenTheExecutableIsElsewhere() throws {
    let fixture = FolderFixture()
    fixture.folder("bin")
    fixture.text("pkg/Package.swift", "// manifest\n")
    fixture.folder("pkg/Assets")
    let found = try DefaultAssets.locate(
      executablePath: fixture.path("bin/gallery"), sourceFile: fixture.path("pkg/Sources/G/f.swift")
    )
    #expect(found == fixture.path("pkg/Assets"))
  }

  @Test func missingAssetsNameThePlacesSearched() {
    let fixture = FolderFixture()
    fixture.folder("bin")
    #expect {
      try DefaultAssets.locate(
        executablePath: fixture.path("bin/gallery"), sourceFile: "/nonexistent/f.swift")
    } throws: { error in
      guard case .assetsNotFound(let places) = error as? LibraryError else { return false }
      return places == [fixture.path("share/gallery/Assets")]
    }
  }

  @Test func theDefaultScannerShowsOfficeKitchenMacBookInOrder() throws {
    let fixture = FolderFixture()
    fixture.folder("prefix/bin")
    for name in ["MacBook", "Doodles", "Kitchen", "Office"] {
      fixture.jpeg("prefix/share/gallery/Assets/\(name)/1.jpg")
    }
    let executable = fixture.path("prefix/bin/gallery")
    let library = try DefaultAssets.scanner(executablePath: executable, sourceFile: "/x").library()
    #expect(library.sections.map(\.name) == ["Office", "Kitchen", "MacBook"])
    let flow = try DefaultAssets.scanner(
      sections: DefaultAssets.flowSectionNames, executablePath: executable, sourceFile: "/x"
    ).library()
    #expect(flow.sections.map(\.name) == ["Doodles"])
  }
}
