import Foundation
import TestSupport
import Testing

/// The survey driven as a photographer drives it, in tmux: `N` on a burst, moving between
/// the panes, a reject that leaves (its sidecar read back by exiftool), a zoom on every
/// picture and on one alone, the next set, a picture opened alone and back, a resize, and
/// back to the gallery with the focus kept.
@Suite struct SurveyEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// `IMG_0001.JPG` … `IMG_0008.JPG`: a burst of one scene, each a little blurrier.
  static func makeBurst(in folder: String) async throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for index in 0..<8 {
      let made = try await Subprocess.run([
        "convert", "-size", "300x200", "pattern:checkerboard", "-fill", "orange",
        "-draw", "circle 150,100 150,40", "-blur", "0x\(index)", "-quality", "85",
        folder + String(format: "/IMG_%04d.JPG", index + 1),
      ])
      try #require(made.status == 0, "ImageMagick made the burst: \(made.errors)")
    }
  }

  /// The names of the pictures the survey shows: each pane's name on its ring.
  static func shownNames(_ screen: String) -> Set<String> {
    let body = screen.split(separator: "\n").dropLast().joined(separator: "\n")
    return Set((1...8).map { String(format: "IMG_%04d.JPG", $0) }.filter { body.contains($0) })
  }

  @Test func aBurstIsSurveyedCulledZoomedAndLeftInTmux() async throws {
    let tmux = try await Tmux.start(width: 120, height: 40)
    defer { tmux.kill() }
    let burst = tmux.directory.appendingPathComponent("burst").path
    try await Self.makeBurst(in: burst)
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run("stty -g > stty.before")
    try await tmux.run("TERM=xterm-256color \(binary) --no-cache --graphics cells burst")
    try await tmux.waitUntil(deadline: .seconds(30), "the burst, the first picture focused") {
      E2E.isDrawn($0) && E2E.statusLine($0).contains("IMG_0001.JPG")
    }
    try await tmux.sendKeys("N")
    try await tmux.waitUntil("the first four side by side") {
      E2E.statusLine($0).contains("survey 1 of 4")
        && Self.shownNames($0) == ["IMG_0001.JPG", "IMG_0002.JPG", "IMG_0003.JPG", "IMG_0004.JPG"]
    }
    // The arrows go to the pane beside; a reject there takes it out.
    try await tmux.sendKeys("Right")
    try await tmux.waitUntil("the second focused") {
      E2E.statusLine($0).contains("IMG_0002.JPG") && E2E.statusLine($0).contains("survey 2 of 4")
    }
    try await tmux.sendKeys("X")
    try await tmux.waitUntil("the reject gone from the survey") {
      E2E.statusLine($0).contains("survey 2 of 3") && !Self.shownNames($0).contains("IMG_0002.JPG")
    }
    let sidecar = burst + "/IMG_0002.JPG.xmp"
    let written = await Waiting.until(timeout: .seconds(20), interval: .milliseconds(50)) {
      FileManager.default.fileExists(atPath: sidecar)
    }
    try #require(written, "the reject's sidecar")
    let read = try await Subprocess.run(["exiftool", "-s3", "-n", "-XMP-xmp:Rating", sidecar])
    #expect(read.output.trimmingCharacters(in: .whitespacesAndNewlines) == "-1")
    // Zoom on every picture, then on the focused one alone.
    try await tmux.sendKeys("+", "+")
    try await tmux.waitUntil("zoomed together") {
      E2E.statusLine($0).contains("zoom ×2 on every picture")
    }
    try await tmux.sendKeys("L", "+")
    try await tmux.waitUntil("zoomed alone") {
      E2E.statusLine($0).contains("zoom ×2.8 on this one")
    }
    try await tmux.sendKeys("L", "W")
    try await tmux.waitUntil("whole again") { !E2E.statusLine($0).contains("zoom") }
    // The next set, then the one before.
    try await tmux.sendKeys("NPage")
    try await tmux.waitUntil("the next three") {
      Self.shownNames($0) == ["IMG_0005.JPG", "IMG_0006.JPG", "IMG_0007.JPG"]
    }
    try await tmux.sendKeys("PPage")
    try await tmux.waitUntil("back to the first") {
      Self.shownNames($0).contains("IMG_0001.JPG") && E2E.statusLine($0).contains("survey 1 of")
    }
    // Enter opens the focused picture alone; Esc comes back to the survey.
    try await tmux.sendKeys("Tab", "Enter")
    try await tmux.waitUntil("the detail view") {
      $0.contains("previous/next") && !E2E.statusLine($0).contains("survey")
    }
    try await tmux.sendKeys("Escape")
    try await tmux.waitUntil("the survey again") { E2E.statusLine($0).contains("survey 2 of") }
    // A narrow, tall terminal: the panes reflow, every one still shown.
    try await tmux.resize(width: 60, height: 50)
    try await tmux.waitUntil("reflowed") {
      E2E.statusLine($0).contains("survey 2 of") && Self.shownNames($0).count >= 3
    }
    try await tmux.resize(width: 120, height: 40)
    // Esc leaves, the focus on the picture focused in the survey.
    try await tmux.sendKeys("Escape")
    try await tmux.waitUntil("the gallery, the survey's focus kept") {
      !E2E.statusLine($0).contains("survey") && E2E.statusLine($0).contains("IMG_0003.JPG")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }
}
