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

  /// A file that starts with a UTF-8 byte-order mark (as Notepad saves one): the mark is
  /// no part of the first setting's name, which said `unknown setting 'layout'`.
  @Test func aByteOrderMarkFirstIsSkipped() {
    let file = ConfigFile(text: "\u{FEFF}layout = grid\nhidden = yes\n")
    #expect(file.options.layout == .grid && file.options.includeHidden)
    #expect(file.problems.isEmpty, "\(file.problems)")
    let crlf = ConfigFile(text: "\u{FEFF}# mine\r\nlayout = list\r\n")
    #expect(crlf.options.layout == .list && crlf.problems.isEmpty)
    // Only at the very start: anywhere else it is the setting's own text, and said so.
    #expect(ConfigFile(text: "layout = grid\n\u{FEFF}layout = list\n").problems.map(\.line) == [2])
  }
}
