import Foundation
import TestSupport
import Testing

/// `--diagnose` says when it could not look for leftovers, rather than "none found".
@Suite struct DiagnoseLeftoversEndToEndTests {
  @Test func aFolderThatCannotBeReadIsSaidNotCountedAsClean() async throws {
    let tmux = try await Tmux.start(width: 200, height: 30)
    defer { tmux.kill() }
    let missing = tmux.directory.appendingPathComponent("missing").path
    let binary = try BuiltProduct.path("gallery")
    try await tmux.runToCompletion(
      "TERM=xterm-256color \(binary) --diagnose --graphics cells --theme dark \(missing)")
    let screen = try await tmux.capture()
    #expect(screen.contains("leftovers: could not read \(missing): no such folder"), "\(screen)")
  }
}
