import Foundation
import TestSupport
import Testing

/// A picture another program puts back from the Trash while the gallery shows it with a
/// folder of more below: it shows again, the message about it follows, and the gallery
/// goes on. The real binary under tmux.
@Suite struct RestoredPictureEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  @Test func aPictureRenamedBackBesideAnotherFolderShowsAgainAndTheGalleryGoesOn() async throws {
    let tmux = try await Tmux.start(width: 100, height: 30)
    defer { tmux.kill() }
    let home = tmux.directory
    let phone = home.appendingPathComponent("phone")
    let card = home.appendingPathComponent("card")
    for folder in [phone, card] {
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }
    let base = home.appendingPathComponent("base.jpg")
    let made = try await Subprocess.run(["convert", "-size", "120x80", "xc:blue", base.path])
    try #require(made.status == 0, "\(made.errors)")
    for index in 0..<10 {
      try FileManager.default.copyItem(
        at: base, to: phone.appendingPathComponent("IMG_410\(index).JPG"))
    }
    for index in 10..<30 {
      try FileManager.default.copyItem(
        at: base, to: card.appendingPathComponent("DSC_00\(index).JPG"))
    }
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run("stty -g > stty.before")
    try await tmux.run("TERM=xterm-256color \(binary) --no-cache phone card")
    try await tmux.waitUntil("the first frame") {
      E2E.isDrawn($0) && E2E.statusLine($0).contains("IMG_4100.JPG")
    }
    // Its thumbnail drawn, so the gallery holds it in memory when the file comes back.
    try await tmux.waitUntilSteady()
    try await tmux.sendKeys("d")
    try await tmux.waitUntil("the trash's summary") {
      E2E.statusLine($0).contains("IMG_4100.JPG moved to the Trash")
    }
    try await tmux.waitUntilSteady()
    let trash = home.appendingPathComponent(".local/share/Trash")
    let trashed = trash.appendingPathComponent("files/IMG_4100.JPG")
    let waited = await Waiting.until(timeout: .seconds(15), interval: .milliseconds(20)) {
      FileManager.default.fileExists(atPath: trashed.path)
    }
    try #require(waited, "the file in the Trash")
    // Put back as a file manager does: renamed to its place, its info file removed.
    try FileManager.default.moveItem(at: trashed, to: phone.appendingPathComponent("IMG_4100.JPG"))
    try FileManager.default.removeItem(
      at: trash.appendingPathComponent("info/IMG_4100.JPG.trashinfo"))
    let back = try await tmux.waitUntil("the picture back, and the message following it") {
      E2E.statusLine($0).contains("IMG_4100.JPG is back from the Trash")
    }
    #expect(back.contains("phone  10 pictures"), "\(back)")
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }
}
