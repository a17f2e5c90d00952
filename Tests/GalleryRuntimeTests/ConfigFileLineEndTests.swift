import Testing

@testable import GalleryRuntime

@Suite struct ConfigFileLineEndTests {
  /// Found by the config fuzz target: with CR LF line ends the whole file was one line,
  /// which started with a comment, so every setting was silently ignored.
  @Test func crlfLineEndsReadAsLines() {
    let file = ConfigFile(text: "# mine\r\nlayout = grid\r\ncolour = sometimes\r\n")
    #expect(file.options.layout == .grid)
    #expect(file.problems.map(\.line) == [3])
  }
}
