import Foundation
import SystemSupport
import TerminalKit
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// Names that are not UTF-8, from the system to the system: found by the scan, named on
/// the command line or in a list, printed by `-o`, handed to the opener, kept as
/// favourites. Each keeps its bytes (`PathBytes`).
@Suite struct FileNamesTests {
  /// Latin-1 `café.jpg`, as a camera or an old zip names it.
  static let latin1Bytes = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)
  static let latin1 = FolderFixture.name(latin1Bytes)
  /// A folder named `d\xFCr`.
  static let folderName = FolderFixture.name([0x64, 0xFC, 0x72])

  /// The bytes of `path` as a C string hands them over: `path`'s file, read back.
  static func bytes(ofFileAt path: String) -> [UInt8]? {
    let file = PathBytes.withFileSystemRepresentation(path) { open($0, O_RDONLY | O_CLOEXEC) }
    guard file >= 0 else { return nil }
    defer { close(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = chunk.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
      guard count > 0 else { return bytes }
      bytes += chunk[..<count]
    }
  }

  @Test func theScanFindsAPictureAndAFolderNamedInLatin1() throws {
    let fixture = FolderFixture()
    let folder = "photos/" + Self.folderName
    fixture.jpeg(folder + "/" + Self.latin1)
    fixture.jpeg(folder + "/plain.jpg")
    fixture.png(folder + "/sub" + FolderFixture.name([0xFF]) + "/x.png")
    let library = try LibraryScanner(folders: [fixture.path("photos")]).library()
    #expect(library.warnings.isEmpty, "no scan warning: \(library.warnings)")
    let names = library.sections.map { TextSanitizer.sanitize($0.name) }
    #expect(names == ["d\\xFCr", "d\\xFCr/sub\\xFF"])
    let section = try #require(library.sections.first)
    #expect(section.id == fixture.path(folder), "the folder's path, escapes and all")
    #expect(section.pictures.map(\.fileName) == [Self.latin1, "plain.jpg"])
    let picture = try #require(section.pictures.first)
    #expect(picture.format == .jpeg, "sniffed: the file was opened")
    #expect(picture.byteSize == Int64(FolderFixture.jpegBytes.count))
    #expect(
      PathBytes.fileSystemBytes(picture.path)
        == Array(fixture.root.utf8) + Array("/photos/d".utf8) + [0xFC] + Array("r/".utf8)
        + Self.latin1Bytes)
    #expect(library.stats?.pictures == 3)
  }

  /// A real name holding one of the reserved scalars is found too, and keeps its bytes.
  @Test func aNameHoldingAReservedScalarKeepsItsBytes() throws {
    let fixture = FolderFixture()
    let bytes = Array("x\u{10FCE9}.jpg".utf8)
    fixture.jpeg("pics/" + FolderFixture.name(bytes))
    let library = try LibraryScanner(folders: [fixture.path("pics")]).library()
    let picture = try #require(library.sections.first?.pictures.first)
    #expect(PathBytes.fileSystemBytes(picture.fileName) == bytes)
    #expect(TextSanitizer.sanitize(picture.fileName) == "x\\xF4\\x8F\\xB3\\xA9.jpg")
    #expect(picture.format == .jpeg)
  }

  /// `gallery $'d\xfcr/caf\xe9.jpg'`: the argument's bytes, not Swift's lossy text of them,
  /// name the file, which opens (it is sniffed as a JPEG, not shown missing).
  @Test func aNameOnTheCommandLineOpensItsFile() throws {
    let fixture = FolderFixture()
    fixture.jpeg(Self.folderName + "/" + Self.latin1)
    let given = Array("d".utf8) + [0xFC] + Array("r/".utf8) + Self.latin1Bytes
    var storage = [Array("gallery".utf8), given].map { bytes in
      let string = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count + 1)
      for (index, byte) in bytes.enumerated() { string[index] = CChar(bitPattern: byte) }
      string[bytes.count] = 0
      return Optional(string)
    }
    storage.append(nil)
    defer { for string in storage { string?.deallocate() } }
    let arguments = storage.withUnsafeMutableBufferPointer { buffer in
      buffer.baseAddress.map { SystemPaths.arguments(count: 2, $0) } ?? []
    }
    #expect(arguments.count == 2)
    #expect(arguments.last.map { PathBytes.fileSystemBytes($0) } == given)
    guard case .run(let options) = try GalleryOptions.parse(Array(arguments.dropFirst())) else {
      Issue.record("not a run")
      return
    }
    let library = try LibraryScanner(paths: options.paths, currentDirectory: fixture.root)
      .library()
    let named = try #require(library.sections.first)
    #expect(named.pictures.map(\.fileName) == [Self.latin1])
    #expect(named.pictures.first?.format == .jpeg)
    #expect(TextSanitizer.sanitize(named.name) == "d\\xFCr", "named after its folder")
  }

  /// `find -print0 | gallery -0 -`: a listed name keeps its bytes too.
  @Test func aNameInAListOpensItsFile() throws {
    let fixture = FolderFixture()
    let path = fixture.jpeg("pics/" + Self.latin1)
    let list = Array("pics/".utf8) + Self.latin1Bytes + [0x0A] + Array("pics/other.jpg".utf8)
    let listed = PathList.paths(in: list, nulSeparated: false)
    #expect(
      listed.map { PathBytes.fileSystemBytes($0) }.first == Array("pics/".utf8) + Self.latin1Bytes)
    let listFile = fixture.file("list.txt", list)
    #expect(try PathList.paths(from: listFile, nulSeparated: false) == listed)
    let library = try LibraryScanner(paths: [], listed: listed, currentDirectory: fixture.root)
      .library()
    let pictures = try #require(library.sections.first?.pictures)
    #expect(pictures.first?.path == path)
    #expect(pictures.first?.format == .jpeg)
    #expect(pictures.last?.format == nil, "the missing one is listed, broken")
  }

  @Test func theMarkedPathsPrintedAreTheRealBytes() throws {
    let path = "/p/" + Self.folderName + "/" + Self.latin1
    let real = Array("/p/d".utf8) + [0xFC] + Array("r/".utf8) + Self.latin1Bytes
    guard case .run(var options) = try GalleryOptions.parse(["-o"]) else {
      Issue.record("not a run")
      return
    }
    #expect(options.markedOutput([path, "/p/a.jpg"]) == real + [0x0A] + Array("/p/a.jpg\n".utf8))
    options.nulSeparated = true
    #expect(options.markedOutput([path]) == real + [0])
    #expect(String(validating: options.markedOutput([path]), as: UTF8.self) == nil, "not UTF-8")
  }

  @Test func theOpenersArgumentsAreTheRealBytes() async throws {
    let files = FolderFixture()
    let record = files.path("args.txt")
    let script = ProcessOpenerTests.recorder(in: files, record: record)
    let opener = ProcessOpener(environment: ["GALLERY_OPENER": script])
    let path = "/p/" + Self.latin1
    // `open` waits for the program: on a thread of its own, not one of the cooperative pool.
    let outcome = await Waiting.onOwnThread { opener.open([path, "/p/b.jpg"], terminal: nil) }
    #expect(outcome == .opened(count: 2, program: "opener.sh"))
    let expected = Array("/p/".utf8) + Self.latin1Bytes + Array("\n/p/b.jpg\n".utf8)
    #expect(Self.bytes(ofFileAt: record) == expected)
    let vector = ShellRun.argumentVector(["sh", path])
    defer { for string in vector { string?.deallocate() } }
    #expect(vector.count == 3 && vector.last == .some(nil))
    #expect(vector[1].map { PathBytes.string(fileSystemCString: $0) } == path)
  }

  @Test func aFavouriteKeepsTheNameAcrossASaveAndALoad() throws {
    let fixture = FolderFixture()
    let store = FavoritesStore(path: fixture.path("state/favorites.json"))
    let path = fixture.path(Self.folderName + "/" + Self.latin1)
    try store.save(Favorites([path, "/p/b.jpg"]))
    let load = store.load()
    #expect(load.warnings.isEmpty)
    #expect(load.favorites.paths == [path, "/p/b.jpg"])
    let file = try #require(Self.bytes(ofFileAt: store.path))
    #expect(String(validating: file, as: UTF8.self) != nil, "the file is UTF-8 JSON")
    #expect((try? JSONSerialization.jsonObject(with: Data(file))) != nil)
  }

  /// The `!` report and `--print`'s standard error show a path's bytes as `\xE9`.
  @Test func warningsShowTheBytesAsHex() {
    let folder = "/p/" + Self.folderName
    var library = Library()
    library.apply(.warning(.unreadableFolder(path: folder, reason: "Permission denied")))
    let lines = GalleryLaunch.diagnostics(of: library)
    #expect(lines == ["gallery: warning: cannot read folder /p/d\\xFCr: Permission denied"])
  }
}
