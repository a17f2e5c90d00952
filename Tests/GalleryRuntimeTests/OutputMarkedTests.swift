import TerminalKit
import Testing

@testable import GalleryRuntime

/// `-o` and `-0`: the marked paths on standard output at quit.
extension OptionsTests {
  @Test func outputMarkedShortLongAndTogether() throws {
    for arguments in [["-o"], ["--output-marked"]] {
      let parsed = try options(arguments)
      #expect(parsed.outputMarked && !parsed.nulSeparated)
    }
    for arguments in [["-o", "-0"], ["--output-marked", "--null"], ["-o0"], ["-0o"]] {
      let parsed = try options(arguments + ["photos"])
      #expect(parsed.outputMarked && parsed.nulSeparated, "\(arguments)")
      #expect(parsed.paths == ["photos"])
    }
  }

  @Test func outputWithPrintIsAUsageError() {
    #expect(throws: OptionsError.conflict(option: "-o", other: "--print")) {
      try GalleryOptions.parse(["-o", "--print"])
    }
    #expect(throws: OptionsError.unknownOption("-ox", suggestion: nil)) {
      try GalleryOptions.parse(["-ox"])
    }
  }

  @Test func pathsAreEndedByNewlinesOrNulAndNothingWithoutMarks() throws {
    let paths = ["/p/a b.jpg", "/p/c\nd.jpg"]
    var options = try options(["-o"])
    #expect(options.markedOutput(paths) == Array("/p/a b.jpg\n/p/c\nd.jpg\n".utf8))
    options.nulSeparated = true
    #expect(options.markedOutput(paths) == Array("/p/a b.jpg\u{0}/p/c\nd.jpg\u{0}".utf8))
    #expect(options.markedOutput([]).isEmpty)
    #expect(GalleryOptions().markedOutput(paths).isEmpty, "without -o nothing is printed")
  }

  /// On a terminal the paths are shown as the screen shows names: no escape sequence, C1
  /// control, bidirectional or other format character or stray byte reaches it raw; one
  /// path a line still, since a newline in a name shows as `^J`.
  @Test func onATerminalThePathsAreEscaped() throws {
    let latin1 = PathBytes.string(
      fileSystemBytes: Array("/p/caf".utf8) + [0xE9] + Array(".jpg".utf8))
    let paths = [
      "/p/\u{1B}]52;c;eA==\u{07}\u{1B}[2J.jpg", "/p/c\nd\u{7F}.jpg", "/p/\u{9B}2J\u{9D}\u{9C}.jpg",
      "/p/\u{202E}gpj\u{2066}.jpg", "/p/\u{200E}\u{200B}\u{FEFF}.jpg", latin1,
    ]
    let options = try options(["-o"])
    let shown = String(decoding: options.markedOutput(paths, forTerminal: true), as: UTF8.self)
    #expect(
      shown == """
        /p/^[]52;c;eA==^G^[[2J.jpg
        /p/c^Jd^?.jpg
        /p/\\u{9B}2J\\u{9D}\\u{9C}.jpg
        /p/\\u{202E}gpj\\u{2066}.jpg
        /p/\\u{200E}\\u{200B}\\u{FEFF}.jpg
        /p/caf\\xE9.jpg

        """)
    #expect(
      options.markedOutput(paths, forTerminal: false)
        == paths.flatMap {
          PathBytes.fileSystemBytes($0) + [0x0A]
        })
  }
}
