import Foundation
import TestSupport
import Testing

/// A camera card is a folder of pictures: raw files (DNG, and DNG bytes named like a
/// Nikon's NEF) show as tiles, a cut-short one as broken, the detail view names the raw,
/// which of its pictures it shows, the camera, lens and exposure; `--print --format json`
/// names the format. The real binary.
@Suite struct RawEndToEndTests {
  /// Two raw files of 480×320 quadrants with a 120×80 JPEG preview (made by ImageMagick)
  /// and one cut short.
  static func card() async throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-card-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let jpeg = folder + "/preview.jpg"
    let made = try await Subprocess.run(
      ["convert", "-size", "120x80", "xc:red", "-quality", "90", jpeg])
    try #require(made.status == 0, "\(made.errors)")
    let preview = try [UInt8](Data(contentsOf: URL(fileURLWithPath: jpeg)))
    try FileManager.default.removeItem(atPath: jpeg)
    var scene = [UInt8](repeating: 255, count: 480 * 320 * 4)
    for index in 0..<(480 * 320) {
      scene[index * 4 + 1] = 40
      scene[index * 4 + 2] = 40
    }
    let raw = DNGWriter(width: 480, height: 320, scene: scene, preview: (preview, 120, 80)).bytes()
    for name in ["IMG_0001.DNG", "DSC_0002.NEF"] {
      try Data(raw).write(to: URL(fileURLWithPath: "\(folder)/\(name)"))
    }
    try Data(raw.prefix(raw.count / 2)).write(to: URL(fileURLWithPath: "\(folder)/IMG_0003.DNG"))
    return folder
  }

  @Test func aCardOfRawFilesShowsAsTilesAndTheDetailViewNamesTheRaw() async throws {
    let folder = try await Self.card()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try await GalleryEndToEndTests.launch(width: 100, height: 30, arguments: folder)
    defer { tmux.kill() }
    // The two copies of one frame, taken the same second, become one stack (`×2`) once
    // their likeness is read in the background: three tiles until then, one broken.
    let screen = try await tmux.waitUntil("the tiles, one broken") { screen in
      screen.contains("3 pictures") && screen.contains("DSC_0002.NEF") && screen.contains("✗")
        && (screen.contains("IMG_0001.DNG") || screen.contains("×2"))
    }
    #expect(screen.components(separatedBy: "✗").count - 1 == 1, "only the cut one:\n\(screen)")
    try await tmux.sendKeys("Enter")
    let detail = try await tmux.waitUntil("the raw's details") { screen in
      screen.contains("camera RAW · 480×320 pixels")
        && (screen.contains("embedded preview 120×80") || screen.contains("developed at"))
    }
    #expect(detail.contains("Gallery Test Camera · Test Lens 35mm F2 · 1/250 s · f/2.8"))
    #expect(detail.contains("taken 2024-05-01 12:34"), "\(detail)")
    try await tmux.sendKeys("Escape")
    try await tmux.waitUntil("the grid") { !$0.contains("Esc back") }
    try await tmux.sendKeys("q")
    try await GalleryEndToEndTests.expectRestored(tmux, status: 0)
  }

  @Test func printJSONNamesTheFormat() async throws {
    let folder = try await Self.card()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outcome = try await GalleryCommandTests.run(["--print", "--format", "json", folder])
    #expect(outcome.status == 0, "\(outcome.errors)")
    // The cut one too: its bytes start a raw file; it shows broken once decoded.
    #expect(outcome.output.components(separatedBy: #""format": "raw""#).count - 1 == 3)
  }
}
