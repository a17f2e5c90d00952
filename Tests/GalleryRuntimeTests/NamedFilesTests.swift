import Foundation
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

/// Pictures named one by one: on the command line, and in a list from a file or
/// standard input.
@Suite struct NamedFilesTests {
  @Test func filesComeFirstInTheOrderGivenBeforeTheFolders() throws {
    let fixture = FolderFixture()
    fixture.jpeg("shots/b.jpg")
    fixture.png("shots/a.png")
    fixture.jpeg("album/x.jpg")
    let scanner = try LibraryScanner(
      paths: ["shots/b.jpg", "album", "shots/a.png"], currentDirectory: fixture.root)
    let library = scanner.library()
    #expect(library.sections.map(\.name) == ["shots", "album"])
    let named = try #require(library.sections.first)
    #expect(named.id == LibrarySection.namedFilesID)
    #expect(named.pictures.map(\.fileName) == ["b.jpg", "a.png"], "the order given")
    #expect(named.pictures.map(\.format) == [.jpeg, .png])
    #expect(library.stats?.pictures == 3)
  }

  @Test func missingAndNonPictureFilesAreListedNeverFatal() throws {
    let fixture = FolderFixture()
    fixture.jpeg("one/a.jpg")
    fixture.text("two/notes.txt")
    let scanner = try LibraryScanner(
      paths: ["one/a.jpg", "gone.heic", "two/notes.txt", "one/a.jpg"],
      currentDirectory: fixture.root)
    let named = try #require(scanner.library().sections.first)
    #expect(named.name == "Files", "named after no folder when they lie in several")
    #expect(named.pictures.map(\.fileName) == ["a.jpg", "gone.heic", "notes.txt"])
    #expect(named.pictures[1].format == nil, "no format: nothing was read")
    #expect(named.pictures[1].byteSize == 0)
  }

  @Test func aMissingPathNotNamedLikeAPictureIsAnError() {
    let fixture = FolderFixture()
    #expect(throws: LibraryError.folderNotFound(path: "Pictrues")) {
      try LibraryScanner(paths: ["Pictrues"], currentDirectory: fixture.root)
    }
  }

  @Test func listsSplitOnNewlinesOrNULs() {
    let lines = Array("a.jpg\r\nb c.png\n\n./d.gif".utf8)
    #expect(PathList.paths(in: lines, nulSeparated: false) == ["a.jpg", "b c.png", "./d.gif"])
    let nuls = Array("one\ntwo.jpg\u{0}three.png\u{0}".utf8)
    #expect(PathList.paths(in: nuls, nulSeparated: true) == ["one\ntwo.jpg", "three.png"])
  }

  @Test func aListedFolderIsLeftOutAndAListFileIsRead() throws {
    let fixture = FolderFixture()
    fixture.jpeg("pics/a.jpg")
    fixture.jpeg("pics/b.jpg")
    let list = fixture.file(
      "list", Array("\(fixture.path("pics"))\u{0}\(fixture.path("pics/b.jpg"))\u{0}pics/a.jpg".utf8)
    )
    let listed = try PathList.paths(from: list, nulSeparated: true)
    let library = try LibraryScanner(paths: [], listed: listed, currentDirectory: fixture.root)
      .library()
    #expect(library.sections.count == 1)
    #expect(library.sections.first?.name == "pics")
    #expect(library.sections.first?.pictures.map(\.fileName) == ["b.jpg", "a.jpg"])
    #expect(throws: LibraryError.self) {
      try PathList.paths(from: fixture.path("no-such-list"), nulSeparated: false)
    }
  }

  @Test func namedPicturesAlsoInAShownFolderShowOnceInTheNamedSection() throws {
    let fixture = FolderFixture()
    fixture.jpeg("pics/a.jpg")
    fixture.jpeg("pics/b.jpg")
    let library = try LibraryScanner(
      paths: ["pics/b.jpg", "pics"], currentDirectory: fixture.root
    ).library()
    let state = GalleryState(library: library, width: 80, height: 24)
    #expect(state.sections.map { $0.pictures.map(\.fileName) } == [["b.jpg"], ["a.jpg"]])
  }
}
