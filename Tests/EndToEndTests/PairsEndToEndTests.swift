import Foundation
import TestSupport
import Testing

/// A camera card and a phone's export hold pairs: a raw beside the JPEG the camera made of
/// it, a Live Photo's still beside its video. Each pair is one tile with a badge, `-o`
/// prints every file of a marked pair, `--apart` shows each file. The real binary.
@Suite struct PairsEndToEndTests {
  typealias E2E = GalleryEndToEndTests

  /// `IMG_0001.JPG` + `IMG_0001.DNG` (a raw with a JPEG preview), `IMG_0002.JPG` +
  /// `IMG_0002.MOV` (two seconds of ffmpeg's test pattern), and `IMG_0003.JPG` alone.
  static func card() async throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-pairs-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for command in [
      ["convert", "-size", "120x80", "xc:red", "-quality", "90", "\(folder)/IMG_0001.JPG"],
      ["convert", "-size", "120x80", "xc:blue", "\(folder)/IMG_0002.JPG"],
      ["convert", "-size", "120x80", "xc:green", "\(folder)/IMG_0003.JPG"],
      [
        "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
        "testsrc2=size=160x120:rate=10:duration=2", "-c:v", "libx264", "-pix_fmt", "yuv420p",
        "\(folder)/IMG_0002.MOV",
      ],
    ] {
      let made = try await Subprocess.run(command)
      try #require(made.status == 0, "\(command.joined(separator: " ")): \(made.errors)")
    }
    let preview = try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(folder)/IMG_0001.JPG")))
    let scene = [UInt8](repeating: 200, count: 240 * 160 * 4)
    let raw = DNGWriter(width: 240, height: 160, scene: scene, preview: (preview, 120, 80))
    try Data(raw.bytes()).write(to: URL(fileURLWithPath: "\(folder)/IMG_0001.DNG"))
    return folder
  }

  @Test func eachPairIsOneTileWithItsBadgeAndApartWhenAsked() async throws {
    let folder = try await Self.card()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let paired = try await GalleryCommandTests.run([
      "--print", "--format", "plain", "--size", "100x30", folder,
    ])
    #expect(paired.status == 0, "\(paired.errors)")
    #expect(paired.output.contains("3 pictures"), "\(paired.output)")
    #expect(paired.output.contains("RAW+JPG") && paired.output.contains("LIVE"), "\(paired.output)")
    #expect(!paired.output.contains("IMG_0001.DNG") && !paired.output.contains("IMG_0002.MOV"))
    let apart = try await GalleryCommandTests.run([
      "--print", "--format", "plain", "--size", "100x30", "--apart", folder,
    ])
    #expect(apart.status == 0, "\(apart.errors)")
    #expect(apart.output.contains("5 pictures"), "\(apart.output)")
    #expect(!apart.output.contains("RAW+JPG") && !apart.output.contains("LIVE"))
  }

  /// The gallery with `-o` on `folder`, in a session of its own, printing into the file
  /// `output` of the session's folder.
  static func launchPrinting(_ folder: String, into output: String) async throws -> Tmux {
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: 100, height: 30)
    do {
      try await tmux.run(
        "XDG_STATE_HOME=\"$PWD/state\" TERM=xterm-256color \(binary) --no-cache -o \(folder)"
          + " > \(output)")
    } catch {
      tmux.kill()
      throw error
    }
    return tmux
  }

  @Test func aMarkedPairPrintsEveryFile() async throws {
    let folder = try await Self.card()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try await Self.launchPrinting(folder, into: "marked.txt")
    defer { tmux.kill() }
    try await tmux.waitUntil("the pairs") { screen in
      screen.contains("3 pictures") && screen.contains("RAW+JPG") && screen.contains("LIVE")
    }
    try await tmux.sendKeys("Enter")
    try await tmux.waitUntil("the raw listed with its JPEG") {
      $0.contains("with   RAW+JPG: IMG_0001.DNG (camera RAW,")
    }
    try await tmux.sendKeys("m", "Right", "m")
    try await tmux.waitUntil("two marked") { E2E.statusLine($0).contains("2 marked") }
    try await tmux.sendKeys("q")
    try await tmux.waitUntilProgramExits()
    let marked = try String(
      contentsOf: tmux.directory.appendingPathComponent("marked.txt"), encoding: .utf8)
    #expect(
      marked
        == ["IMG_0001.JPG", "IMG_0001.DNG", "IMG_0002.JPG", "IMG_0002.MOV"].map {
          "\(folder)/\($0)\n"
        }.joined(), "\(marked)")
  }

  /// Marking the pair in the grid frames its tile with half blocks and puts a filled check
  /// in its corner; the badge beside the check keeps every letter, also on the Live
  /// Photo's tile marked with the focus on it, whose frame takes the focus colour.
  @Test func aMarkedPairIsFramedAndKeepsItsBadge() async throws {
    let folder = try await Self.card()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try await E2E.launch(arguments: folder)
    defer { tmux.kill() }
    try await tmux.waitUntil("the pairs") {
      $0.contains("3 pictures") && $0.contains(" RAW+JPG ") && $0.contains(" LIVE")
    }
    try await tmux.sendKeys("m", "Right", "m")
    let screen = try await tmux.waitUntil("two marked") {
      E2E.statusLine($0).contains("2 marked")
    }
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let top = try #require(lines.firstIndex { $0.contains("RAW+JPG") }, "\(screen)")
    #expect(lines[top].contains("✓ RAW+JPG ▄"), "\(screen)")
    #expect(lines[top].contains("✓ LIVE ▄"), "\(screen)")
    #expect(!lines[top].contains("✓AW") && !lines[top].contains("✓IVE"), "\(screen)")
    // The frames' left sides under the two checks; the third tile has none.
    let checks = lines[top].indices.filter { lines[top][$0] == "✓" }.map {
      lines[top].distance(from: lines[top].startIndex, to: $0)
    }
    #expect(checks.count == 2, "\(screen)")
    let side = Array(lines[top + 1])
    for column in checks { #expect(side.indices.contains(column) && side[column] == "▐") }
    #expect(side.filter { $0 == "▐" }.count == 2, "\(screen)")
    let styled = ScreenModel(
      capture: try await tmux.captureWithEscapes(), width: 100, height: 30
    ).frame
    let frameStyle = styled[checks[0], top + 1].style
    #expect(frameStyle.attributes.contains(.bold), "\(frameStyle)")
    #expect(styled[checks[0], top].style.attributes.contains(.reverse), "the filled check")
    #expect(
      styled[checks[1], top + 1].style.foreground != frameStyle.foreground,
      "the focused marked tile's frame is in the focus colour")
    try await tmux.sendKeys("q")
    try await E2E.expectRestored(tmux, status: 0)
  }
}
