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
}
