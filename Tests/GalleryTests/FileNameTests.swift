import Foundation
import TerminalKit
import Testing

@testable import Gallery

/// Names that are not UTF-8 (`PathBytes`' escapes) in the state and on every surface the
/// user reads: shown as `\xE9`, carried as they are.
@Suite struct FileNameTests {
  /// `caf\xE9.jpg`, as the scan makes it of the Latin-1 bytes.
  static let latin1 = PathBytes.string(
    fileSystemBytes: Array("caf".utf8) + [0xE9] + Array(".jpg".utf8))
  /// A folder named `d\xFCr` (Latin-1 `dür`).
  static let folder = "/photos/" + PathBytes.string(fileSystemBytes: [0x64, 0xFC, 0x72])

  static func library() -> Library {
    let pictures = [latin1, "plain.jpg"].map { name in
      Picture(
        path: PathName.join(folder, name), fileName: name, byteSize: 2048,
        modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
    }
    return Library(sections: [
      LibrarySection(
        name: PathName.lastComponent(folder), folder: URL(fileURLWithPath: folder),
        pictures: pictures)
    ])
  }

  @Test func pathNamesTakeEscapedPathsApartExactly() {
    let path = PathName.join(Self.folder, Self.latin1)
    #expect(PathName.lastComponent(path).unicodeScalars.elementsEqual(Self.latin1.unicodeScalars))
    #expect(PathName.parent(path).unicodeScalars.elementsEqual(Self.folder.unicodeScalars))
    #expect(PathName.components(of: path, under: "/photos")?.count == 2)
    #expect(
      PathName.standardized(Self.folder + "/./x/../" + Self.latin1).unicodeScalars.elementsEqual(
        path.unicodeScalars))
    #expect(
      PathBytes.fileSystemBytes(path)
        == Array("/photos/d".utf8) + [0xFC] + Array("r/caf".utf8) + [0xE9] + Array(".jpg".utf8))
  }

  /// A name may start with a combining mark, which Swift joins to the slash before it into
  /// one character; slashes are found among scalars.
  @Test func aNameStartingWithACombiningMarkIsItsOwnComponent() {
    let path = "/a/\u{301}b.jpg"
    #expect(PathName.lastComponent(path) == "\u{301}b.jpg")
    #expect(PathName.parent(path) == "/a")
    #expect(PathName.components(of: path, under: "/a") == ["\u{301}b.jpg"])
  }

  @Test func standardizedResolvesDotsByNameOnly() {
    #expect(PathName.standardized("/a/./b//c/") == "/a/b/c")
    #expect(PathName.standardized("/a/b/../c") == "/a/c")
    #expect(PathName.standardized("/../a") == "/a")
    #expect(PathName.standardized("/") == "/")
    #expect(PathName.standardized("a/../../b") == "../b")
    #expect(PathName.standardized("./") == ".")
  }

  @Test func theStatusLineTheGridAndTheDetailViewShowTheByteAsHex() {
    var state = GalleryState(library: Self.library(), width: 80, height: 24)
    let grid = GalleryView.render(state).text
    let status = grid.split(separator: "\n").last.map(String.init) ?? ""
    #expect(status.contains("caf\\xE9.jpg"), "\(status)")
    #expect(status.contains("d\\xFCr"), "the section's name: \(status)")
    #expect(grid.contains("caf\\xE9.jpg"), "the item's caption")
    #expect(!grid.unicodeScalars.contains { PathBytes.escapes.contains($0.value) })
    _ = state.update(.key(.enter))
    let detail = GalleryView.render(state).text
    #expect(detail.contains("/photos/d\\xFCr/caf\\xE9.jpg"), "the detail view's path:\n\(detail)")
  }

  @Test func theListShowsTheByteAsHex() {
    let state = GalleryState(
      library: Self.library(), width: 100, height: 24, configuration: .init(layoutPreset: .list))
    let list = GalleryView.render(state).text
    #expect(list.contains("caf\\xE9.jpg") && list.contains("plain.jpg"), "\(list)")
  }

  @Test func printedTextShowsTheByteAsHexAndJSONStaysValid() throws {
    let state = GalleryPrinter.state(library: Self.library(), width: 80, height: 24)
    #expect(GalleryPrinter.plain(state).contains("caf\\xE9.jpg"))
    let json = GalleryPrinter.json(state)
    #expect(json.contains(#""name": "caf\\xE9.jpg""#), "\(json)")
    #expect(json.contains(#""path": "/photos/d\\xFCr/caf\\xE9.jpg""#), "\(json)")
    #expect(!json.unicodeScalars.contains { PathBytes.escapes.contains($0.value) })
    let document = try JSONDecoder().decode(PrintTests.Document.self, from: Data(json.utf8))
    let names = document.elements.filter { $0.kind == "item" }.map(\.name)
    #expect(names == ["caf\\xE9.jpg", "plain.jpg"])
    #expect(GalleryPrinter.quoted(Self.latin1) == #""caf\\xE9.jpg""#)
  }

  @Test func theFilterFindsANameByWhatIsShown() {
    #expect(NameFilter("caf").matches(Self.latin1))
    #expect(NameFilter("caf\\xe9").matches(Self.latin1))
    #expect(NameFilter("caf\\xE9").matches(Self.latin1))
    #expect(!NameFilter("café").matches(Self.latin1), "the byte is no letter")
  }

  /// Marks, favourites and the copy carry the path itself, escapes and all: the runtime
  /// turns them back into the real bytes.
  @Test func marksFavouritesAndTheCopyCarryThePath() {
    var state = GalleryState(library: Self.library(), width: 80, height: 24)
    let path = PathName.join(Self.folder, Self.latin1)
    _ = state.update(.key(.character("m")))
    #expect(state.markedPaths == [path])
    let commands = state.update(.key(.character("f")))
    #expect(state.isFavorite(path))
    #expect(commands.contains { if case .writeDecisions = $0 { true } else { false } })
    #expect(state.update(.key(.character("y"))).contains(.copy([path])))
  }
}
