import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// A picture whose name is not UTF-8 (Latin-1 `café.jpg`, byte 0xE9), in the real binary
/// under tmux: shown as `caf\xE9.jpg`, decoded, marked and printed with its real bytes,
/// copied, kept as a favourite across a restart, and followed by the watcher.
@Suite struct FileNamesEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// The name's bytes, as `printf 'caf\351.jpg'` writes them.
  static let latin1: [UInt8] = Array("caf".utf8) + [0xE9] + Array(".jpg".utf8)

  /// Reads the file at `path` whole (its name is plain ASCII).
  static func bytes(_ path: URL) throws -> [UInt8] { [UInt8](try Data(contentsOf: path)) }

  /// Block elements in the cells of the tile whose caption (on the focus ring's bottom
  /// edge, `╰─ name ─╯`) holds `caption`: the picture drawn as cell art, not a box.
  static func drawnCells(_ screen: String, caption: String) -> Int {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(Array.init)
    guard
      let row = lines.firstIndex(where: { String($0).contains(caption) && $0.contains("╰") }),
      let left = lines[row].firstIndex(of: "╰"),
      let right = lines[row][left...].firstIndex(of: "╯")
    else { return 0 }
    var count = 0
    for line in lines[max(0, row - 20)..<row] where line.count > right {
      count += line[(left + 1)..<right].filter { ("\u{2580}"..."\u{259F}").contains($0) }.count
    }
    return count
  }

  @Test func aLatin1NameIsShownEscapedAndWorksInEveryAction() async throws {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: 100, height: 30)
    defer { tmux.kill() }
    let office = BuiltProduct.packageRoot().appendingPathComponent("Assets/Office").path
    // The name's real bytes, made by the shell: printf writes \351 as the byte 0xE9.
    try await tmux.runToCompletion(
      "mkdir pics && cp '\(office)/office-1.jpg' \"pics/$(printf 'caf\\351.jpg')\""
        + " && cp '\(office)/office-2.jpg' pics/plain.jpg")
    try await tmux.runToCompletion("ls -b pics | sed 's/^/LS:/'")
    let listing = try await tmux.capture()
    try #require(
      listing.contains("LS:caf\\351.jpg") && listing.contains("LS:plain.jpg"),
      "the folder:\n\(listing)")
    let folder = tmux.directory.resolvingSymlinksInPath().appendingPathComponent("pics").path
    let gallery = "XDG_STATE_HOME=\"$PWD/state\" TERM=xterm-256color \(binary) --no-cache"
    try await tmux.tmux(["set-option", "-g", "set-clipboard", "on"])
    try await tmux.run("clear; \(gallery) -o pics > marked.txt")

    // Both pictures; the first, focused, named with its byte in hex, decoded (the status
    // line gives its size) and drawn.
    let screen = try await tmux.waitUntil(deadline: .seconds(20), "both pictures, drawn") {
      let status = E2E.statusLine($0)
      return status.contains("caf\\xE9.jpg") && status.contains("1024×683")
        && status.contains("1/2") && $0.contains("plain.jpg")
        && Self.drawnCells($0, caption: "caf\\xE9.jpg") > 20
    }
    #expect(!screen.contains("✗"), "no picture is broken:\n\(screen)")
    #expect(!E2E.statusLine(screen).contains("warning"), "no scan warning:\n\(screen)")

    // y: the clipboard (tmux's buffer, through OSC 52) gets the real bytes.
    try await tmux.sendKeys("y")
    try await tmux.waitUntil("the copy") {
      E2E.statusLine($0).contains("path copied to the clipboard")
    }
    let copied = tmux.directory.appendingPathComponent("copied.bin")
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(10)
    while (try? Self.bytes(copied)) != Array((folder + "/").utf8) + Self.latin1 {
      try #require(
        clock.now < deadline, "tmux's buffer: \(String(describing: try? Self.bytes(copied)))")
      _ = try? await tmux.tmux(["save-buffer", copied.path])
      try await Task.sleep(for: .milliseconds(40))
    }

    // m and f, then q: -o prints the real bytes; the favourite is saved.
    try await tmux.sendKeys("m")
    try await tmux.waitUntil("marked") { E2E.statusLine($0).contains("✓ caf\\xE9.jpg") }
    try await tmux.sendKeys("f")
    try await tmux.waitUntil("a favourite") { E2E.statusLine($0).contains("♥ ✓ caf\\xE9.jpg") }
    try await tmux.sendKeys("q")
    try await tmux.waitUntilProgramExits()
    let marked = try Self.bytes(tmux.directory.appendingPathComponent("marked.txt"))
    #expect(marked == Array((folder + "/").utf8) + Self.latin1 + [0x0A], "\(marked)")

    // After a restart the favourite is there, shown in its folder and in Favourites.
    try await tmux.run("clear; \(gallery) pics")
    let again = try await tmux.waitUntil("the favourite after a restart") {
      E2E.statusLine($0).contains("♥ caf\\xE9.jpg") && $0.contains("Favourites  1 picture")
    }
    #expect(again.contains("pics  2 pictures"), "screen:\n\(again)")

    // The watcher: a second such name added while running appears; removed, it goes.
    let added = Array((folder + "/").utf8) + [0x6E, 0xFF, 0x2E, 0x6A, 0x70, 0x67]  // n\xFF.jpg
    let jpeg = try Self.bytes(URL(fileURLWithPath: office + "/office-3.jpg"))
    let path = added.map { CChar(bitPattern: $0) } + [0]
    let file = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
    try #require(file >= 0)
    #expect(jpeg.withUnsafeBytes { write(file, $0.baseAddress, $0.count) } == jpeg.count)
    close(file)
    try await tmux.waitUntil(deadline: .seconds(10), "the new picture") {
      $0.contains("pics  3 pictures") && $0.contains("n\\xFF.jpg")
    }
    #expect(unlink(path) == 0)
    try await tmux.waitUntil(deadline: .seconds(10), "the picture gone") {
      $0.contains("pics  2 pictures") && !$0.contains("n\\xFF.jpg")
    }
    try await tmux.sendKeys("q")
    try await tmux.waitUntilProgramExits()
  }
}
