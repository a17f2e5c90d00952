import Foundation
import TestSupport
import Testing

/// Live updates seen on screen: a picture copied into a shown folder appears in its
/// section's count, and disappears when removed, each within a deadline.
@Suite struct LiveUpdatesEndToEndTests {
  @Test func aPictureCopiedInAppearsAndARemovedOneGoes() async throws {
    let binary = try BuiltProduct.path("gallery")
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let assets = root.appendingPathComponent("Assets/Office")
    let tmux = try await Tmux.start(width: 100, height: 30)
    defer { tmux.kill() }
    let folder = tmux.directory.appendingPathComponent("pictures")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for name in ["office-1.jpg", "office-2.jpg"] {
      try FileManager.default.copyItem(
        at: assets.appendingPathComponent(name), to: folder.appendingPathComponent(name))
    }
    try await tmux.run("TERM=xterm-256color \(binary) --no-cache \(folder.path)")
    try await tmux.waitUntil(contains: "pictures  2 pictures")

    // Written to a hidden name and renamed in, as a copy tool would; then a plain copy.
    let incoming = folder.appendingPathComponent(".office-3.jpg.part")
    try FileManager.default.copyItem(
      at: assets.appendingPathComponent("office-3.jpg"), to: incoming)
    try FileManager.default.moveItem(
      at: incoming, to: folder.appendingPathComponent("office-3.jpg"))
    try await tmux.waitUntil(deadline: .seconds(3), "office-3 to arrive") {
      $0.contains("pictures  3 pictures")
    }
    try FileManager.default.copyItem(
      at: assets.appendingPathComponent("office-4.jpg"),
      to: folder.appendingPathComponent("office-4.jpg"))
    try await tmux.waitUntil(deadline: .seconds(3), "office-4 to arrive") {
      $0.contains("pictures  4 pictures")
    }

    // The focused picture removed: the focus moves to its neighbour.
    try FileManager.default.removeItem(at: folder.appendingPathComponent("office-1.jpg"))
    // (Polled as one condition: a capture can catch the terminal halfway through a frame.)
    try await tmux.waitUntil(deadline: .seconds(3), "office-1 to go, office-2 focused") {
      $0.contains("pictures  3 pictures") && !$0.contains("office-1.jpg")
        && GalleryEndToEndTests.statusLine($0).contains("office-2.jpg  ")
        && GalleryEndToEndTests.statusLine($0).contains("1/3")
    }

    // A new sub-folder becomes a section.
    let nested = folder.appendingPathComponent("more")
    try FileManager.default.createDirectory(at: nested, withIntermediateDirectories: true)
    try FileManager.default.copyItem(
      at: assets.appendingPathComponent("office-5.png"),
      to: nested.appendingPathComponent("office-5.png"))
    try await tmux.waitUntil(deadline: .seconds(3), "the new section") {
      $0.contains("more  1 picture")
    }
    try await tmux.sendKeys("q")
    try await tmux.waitUntilProgramExits()
  }
}

/// Each `--layout` preset in the real browser: its first screen, and a key that moves
/// the focus.
@Suite struct PresetEndToEndTests {
  @Test(arguments: [
    ("showcase", "Office", "office-1.jpg"), ("grid", "Office", "office-1.jpg"),
    ("flow", "Doodles", "doodle-1.png"), ("browse", "Office", "office-1.jpg"),
    ("list", "Office", "office-1.jpg"),
  ])
  func presetShowsAndNavigates(preset: String, section: String, first: String) async throws {
    let tmux = try await GalleryEndToEndTests.launch(
      width: 100, height: 30, arguments: "--layout \(preset)")
    defer { tmux.kill() }
    try await tmux.waitUntil("\(section) and \(first) focused") {
      $0.contains(section) && GalleryEndToEndTests.statusLine($0).contains(first)
    }
    try await tmux.sendKeys("Down")
    try await tmux.waitUntil("the focus to move") {
      let status = GalleryEndToEndTests.statusLine($0)
      return !status.contains(first) && GalleryEndToEndTests.isDrawn($0)
    }
    try await tmux.sendKeys("q")
    try await tmux.waitUntilProgramExits()
  }
}
