import Foundation
import TestSupport
import Testing

/// Stacks driven in tmux: a burst of eight frames a second apart, shown as one tile once
/// the pictures' likeness is read, opened and closed with `b`, kept to one with `K` (the
/// sidecars read back by exiftool) and undone; `stacks = no` shows every frame alone.
///
/// The likeness (the perceptual hashes) comes from the runtime's likeness service, read
/// in the background from each frame.
@Suite struct StacksEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// The burst of `SurveyEndToEndTests`, each frame taken a second after the one before.
  static func makeDatedBurst(in folder: String) async throws {
    try await SurveyEndToEndTests.makeBurst(in: folder)
    for index in 0..<8 {
      let tagged = try await Subprocess.run([
        "exiftool", "-q", "-overwrite_original",
        String(format: "-DateTimeOriginal=2025:07:14 18:30:%02d", index),
        folder + String(format: "/IMG_%04d.JPG", index + 1),
      ])
      try #require(tagged.status == 0, "exiftool dated the burst: \(tagged.errors)")
    }
  }

  /// The gallery on `folder` in tmux, its configuration file holding `config`.
  static func launch(_ folder: String, config: String, in tmux: Tmux) async throws {
    let home = tmux.directory.appendingPathComponent("config").path
    try FileManager.default.createDirectory(
      atPath: home + "/gallery", withIntermediateDirectories: true)
    try config.write(toFile: home + "/gallery/config", atomically: true, encoding: .utf8)
    let binary = try BuiltProduct.path("gallery")
    try await tmux.run("stty -g > stty.before")
    try await tmux.run(
      "XDG_CONFIG_HOME=\(home) XDG_CACHE_HOME=\(tmux.directory.path)/cache "
        + "TERM=xterm-256color \(binary) --graphics cells --layout grid \(folder)")
    try await tmux.waitUntil(deadline: .seconds(30), "the burst, the first picture focused") {
      E2E.isDrawn($0) && E2E.statusLine($0).contains("IMG_0001.JPG")
    }
  }

  @Test func withStacksOffEveryFrameShowsAlone() async throws {
    let tmux = try await Tmux.start(width: 120, height: 40)
    defer { tmux.kill() }
    let burst = tmux.directory.appendingPathComponent("burst").path
    try await Self.makeDatedBurst(in: burst)
    try await Self.launch(burst, config: "stacks = no\n", in: tmux)
    try await tmux.waitUntil(deadline: .seconds(20), "every frame, none stacked") {
      E2E.statusLine($0).contains("1/8") && !$0.contains("×8 ")
    }
    try await tmux.sendKeys("b")
    try await tmux.waitUntil("the reason") {
      E2E.statusLine($0).contains("stacks are off (stacks = no)")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }

  @Test func aBurstIsOneStackOpenedKeptToOneAndUndone() async throws {
    let tmux = try await Tmux.start(width: 120, height: 40)
    defer { tmux.kill() }
    let burst = tmux.directory.appendingPathComponent("burst").path
    try await Self.makeDatedBurst(in: burst)
    try await Self.launch(burst, config: "", in: tmux)
    try await tmux.waitUntil(deadline: .seconds(30), "the burst as one stack") {
      E2E.statusLine($0).contains("1/1  stack of 8") && $0.contains("×8")
    }
    try await tmux.sendKeys("b")
    try await tmux.waitUntil("open in place") {
      E2E.statusLine($0).contains("stack 1 of 8") && $0.contains("2/8")
    }
    try await tmux.sendKeys("Right", "Right", "K")
    try await tmux.waitUntil("the third kept, the stack closed on it") {
      E2E.statusLine($0).contains("IMG_0003.JPG") && E2E.statusLine($0).contains("stack of 8")
    }
    func rating(_ name: String) async throws -> String {
      let sidecar = burst + "/" + name + ".xmp"
      let written = await Waiting.until(timeout: .seconds(20), interval: .milliseconds(50)) {
        FileManager.default.fileExists(atPath: sidecar)
      }
      try #require(written, "the sidecar of \(name)")
      let read = try await Subprocess.run(["exiftool", "-s3", "-n", "-XMP-xmp:Rating", sidecar])
      return read.output.trimmingCharacters(in: .whitespacesAndNewlines)
    }
    #expect(try await rating("IMG_0001.JPG") == "-1", "rejected")
    #expect(try await rating("IMG_0008.JPG") == "-1", "rejected")
    try await tmux.sendKeys("U")
    try await tmux.waitUntil("undone") {
      E2E.statusLine($0).contains("undone") && E2E.statusLine($0).contains("IMG_0001.JPG")
    }
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
    #expect(try await rating("IMG_0001.JPG") != "-1", "the reject taken back")
  }
}
