import Foundation
import TestSupport
import Testing

/// Culling in the real binary, in tmux: stars, a reject and a label given with
/// Lightroom's keys show on the tiles, `/is:rejected` finds the rejected picture, and `U`
/// takes the last decision back.
@Suite struct CullingEndToEndTests {
  typealias E2E = GalleryEndToEndTests
  typealias Search = SearchEndToEndTests

  @Test func starsARejectAndALabelShowOnTheTilesAndAreFound() async throws {
    try await Search.withLibrary { root, cache in
      let tmux = try await Search.launch(root, cache: cache)
      defer { tmux.kill() }
      try await tmux.waitUntil(deadline: .seconds(20), "every picture") {
        Search.shown($0) == Search.names(1, 2, 3, 4, 5, 6)
      }
      // IMG_0001 three stars, IMG_0002 rejected, IMG_0003 the red label.
      try await tmux.sendKeys("3", "Right", "X", "Right", "6")
      let decided = try await tmux.waitUntil("the decisions on the tiles") {
        $0.contains(" ★★★ ") && $0.contains("✗") && $0.contains("●")
          && E2E.statusLine($0).contains("red label on")
      }
      let edges = decided.split(separator: "\n").filter { $0.contains("╮") || $0.contains("★") }
      #expect(
        edges.contains { $0.contains("★★★") && $0.contains("✗") && $0.contains("●") },
        "the three on one row of tiles' top edges:\n\(decided)")
      try await tmux.type("/is:rejected")
      let rejected = try await tmux.waitUntil("the rejected picture alone") {
        Search.shown($0) == Search.names(2)
      }
      #expect(E2E.statusLine(rejected).contains("1 of 6 pictures"), "screen:\n\(rejected)")
      try await tmux.sendKeys("C-u")
      try await tmux.type("rating>=3")
      try await tmux.waitUntil("the three stars alone") { Search.shown($0) == Search.names(1) }
      try await tmux.sendKeys("Escape")
      try await tmux.waitUntil("every picture again") {
        Search.shown($0) == Search.names(1, 2, 3, 4, 5, 6)
      }
      // The label was the last decision: U takes it off, the rest stay.
      try await tmux.sendKeys("U")
      let undone = try await tmux.waitUntil("the label taken back") {
        !$0.contains("●") && E2E.statusLine($0).contains("undone")
      }
      #expect(undone.contains(" ★★★ ") && undone.contains("✗"), "screen:\n\(undone)")
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
    }
  }

  /// What exiftool reads of `sidecar`'s `xmp:Rating` and `xmp:Label`, `Rating=…` and
  /// `Label=…` a line each (nothing for a field it lacks).
  static func xmpFields(_ sidecar: String) async throws -> String {
    let read = try await Subprocess.run([
      "exiftool", "-s", "-s", "-XMP:Rating", "-XMP:Label", sidecar,
    ])
    try #require(read.status == 0, "exiftool on \(sidecar): \(read.errors)")
    return read.output.replacingOccurrences(of: ": ", with: "=")
  }

  @Test func decisionsAreKeptInSidecarsThatEditorsReadAndShownAgainAtTheNextStart()
    async throws
  {
    try await Search.withLibrary { root, cache in
      let tmux = try await Search.launch(root, cache: cache)
      defer { tmux.kill() }
      try await tmux.waitUntil(deadline: .seconds(20), "every picture") {
        Search.shown($0) == Search.names(1, 2, 3, 4, 5, 6)
      }
      // IMG_0001 three stars, IMG_0002 rejected, IMG_0003 the red label.
      try await tmux.sendKeys("3", "Right", "X", "Right", "6")
      try await tmux.waitUntil("the decisions on the tiles") {
        $0.contains(" ★★★ ") && $0.contains("✗") && $0.contains("●")
          && E2E.statusLine($0).contains("red label on")
      }
      try await tmux.sendKeys("q")
      try await E2E.expectRestored(tmux, status: 0)
      let shots = root + "/shots/"
      #expect(try await Self.xmpFields(shots + "IMG_0001.jpg.xmp") == "Rating=3\n")
      #expect(try await Self.xmpFields(shots + "IMG_0002.jpg.xmp") == "Rating=-1\n")
      #expect(try await Self.xmpFields(shots + "IMG_0003.jpg.xmp") == "Rating=0\nLabel=Red\n")
      // A JPEG's sidecar has darktable's and digiKam's name only; undecided pictures none.
      #expect(!FileManager.default.fileExists(atPath: shots + "IMG_0001.xmp"))
      #expect(!FileManager.default.fileExists(atPath: shots + "IMG_0004.jpg.xmp"))

      let again = try await Search.launch(root, cache: cache)
      defer { again.kill() }
      let shown = try await again.waitUntil(deadline: .seconds(20), "the decisions read back") {
        $0.contains(" ★★★ ") && $0.contains("✗") && $0.contains("●")
      }
      #expect(Search.shown(shown) == Search.names(1, 2, 3, 4, 5, 6), "screen:\n\(shown)")
      try await again.sendKeys("q")
      try await E2E.expectRestored(again, status: 0)
    }
  }
}
