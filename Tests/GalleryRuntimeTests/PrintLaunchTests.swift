import Foundation
import TestSupport
import Testing

@testable import GalleryRuntime

#if canImport(Glibc)
  import Glibc
#endif

/// `gallery --print` put together from its command line (`GalleryLaunch.print`): the
/// document says what the screen would, in every format.
@Suite struct PrintLaunchTests {
  /// What `--print` with `arguments` writes to standard output, and to standard error.
  static func print(_ arguments: [String]) throws -> (output: String, errors: [String]) {
    guard case .run(let options) = try GalleryOptions.parse(["--print", "--no-cache"] + arguments)
    else {
      Issue.record("expected options for \(arguments)")
      return ("", [])
    }
    var bytes: [UInt8] = []
    var errors: [String] = []
    try GalleryLaunch(options: options, unicode: true, environment: ["NO_COLOR": "1"]).print(
      to: { bytes += $0 }, diagnostics: { errors.append($0) })
    return (String(decoding: bytes, as: UTF8.self), errors)
  }

  /// An empty file and a pipe named like pictures, in a folder of their own.
  static func brokenFolder(_ fixture: FolderFixture) -> String {
    fixture.text("broken/empty.jpg", "")
    let folder = fixture.path("broken")
    #expect(mkfifo(folder + "/fifo.png", 0o644) == 0)
    return folder
  }

  /// The list gives a broken file's reason, as the screen's list does, in plain text
  /// (from its first bytes) and in ANSI (from its thumbnail); never a date of 1970.
  @Test(arguments: ["plain", "ansi"])
  func theListGivesTheReasonsTheScreenGives(format: String) throws {
    let fixture = FolderFixture()
    let folder = Self.brokenFolder(fixture)
    let printed = try Self.print([
      "--format", format, "--layout", "list", "--size", "120x40", folder,
    ]).output
    #expect(printed.contains("✗ The file is empty"), "\(printed)")
    #expect(
      printed.contains("✗ \(folder)/fifo.png is not a regular file (a pipe, socket or device)"),
      "\(printed)")
    #expect(!printed.contains("not a picture ·"), "\(printed)")
    #expect(!printed.contains("1970"), "\(printed)")
  }

  /// A folder with no picture prints the status line's `no pictures found` and what it
  /// did find, in plain text and in ANSI; standard error names what was not shown, folder
  /// by folder, and JSON is a document with no sections.
  @Test func aGalleryWithNoPictureSaysSo() throws {
    let fixture = FolderFixture()
    fixture.text("sounds/a.mp3")
    fixture.text("sounds/notes.txt")
    let folder = fixture.path("sounds")
    let plain = try Self.print(["--format", "plain", folder])
    #expect(plain.output == "no pictures found  1 text file, 1 other file not shown\n")
    #expect(
      plain.errors == ["gallery: not shown in sounds (no pictures): 1 text file, 1 other file"])
    let ansi = try Self.print(["--format", "ansi", folder]).output
    #expect(ansi.contains("no pictures found  1 text file, 1 other file not shown"), "\(ansi)")
    #expect(ansi.hasSuffix("\n"), "\(ansi)")
    let json = try Self.print(["--format", "json", folder]).output
    let document = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
    #expect((document?["sections"] as? [Any])?.isEmpty == true, "\(json)")
    #expect((document?["elements"] as? [Any])?.isEmpty == true, "\(json)")
  }

  /// An empty list (`printf '' | gallery --print -`, here `--files-from`) finds nothing,
  /// and says so; a narrow screen shortens the line as the status line would.
  @Test func anEmptyListSaysNoPicturesFound() throws {
    let fixture = FolderFixture()
    let list = fixture.text("list.txt", "")
    #expect(
      try Self.print(["--format", "plain", "--files-from", list]).output == "no pictures found\n")
    let narrow = try Self.print(["--format", "plain", "--size", "10x5", "--files-from", list])
    #expect(narrow.output == "no pictur…\n", "\(narrow.output)")
  }
}
