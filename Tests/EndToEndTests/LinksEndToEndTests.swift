import Foundation
import TestSupport
import Testing

/// Symbolic links as a user meets them: a folder opened through a link, and a link to a
/// picture that is gone.
@Suite struct LinksEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// In the session's folder: `shots-2024/` with `one.jpg` and `gone.jpg`, a link to
  /// `nowhere.jpg`, and `Holiday`, a link to `shots-2024`. The gallery runs on `Holiday`
  /// as a list, where each row gives its picture's reason. The files live as long as the
  /// fixture returned.
  static func launch() async throws -> (Tmux, FolderFixture) {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: 100, height: 30)
    let files = FolderFixture(in: tmux.directory.path)
    do {
      files.jpeg("shots-2024/one.jpg")
      files.link("shots-2024/gone.jpg", to: "nowhere.jpg")
      let holiday = tmux.directory.appendingPathComponent("Holiday").path
      try FileManager.default.createSymbolicLink(
        atPath: holiday, withDestinationPath: "\(files.root)/shots-2024")
      try await tmux.run("stty -g > stty.before")
      try await tmux.run("TERM=xterm-256color \(binary) --no-cache --layout list Holiday")
      try await tmux.waitUntil("the first frame") { E2E.isDrawn($0) }
    } catch {
      tmux.kill()
      throw error
    }
    return (tmux, files)
  }

  @Test func aFolderOpenedThroughALinkIsTitledByTheLinksName() async throws {
    let (tmux, files) = try await Self.launch()
    defer { withExtendedLifetime(files) { tmux.kill() } }
    let screen = try await tmux.waitUntil("the section's title") { $0.contains("2 pictures") }
    #expect(screen.contains("Holiday  2 pictures"), "screen:\n\(screen)")
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func aDanglingLinkSaysItsTargetIsMissing() async throws {
    let (tmux, files) = try await Self.launch()
    defer { withExtendedLifetime(files) { tmux.kill() } }
    let screen = try await tmux.waitUntil("the broken link's reason") {
      $0.contains("target is missing")
    }
    #expect(screen.contains("A link whose target is missing: nowhere.jpg"), "screen:\n\(screen)")
    #expect(!screen.contains("No such file"), "screen:\n\(screen)")
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }
}
