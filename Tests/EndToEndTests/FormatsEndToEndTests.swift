import Foundation
import TestSupport
import Testing

/// Every format a Pictures folder holds, and pictures named one by one: on the command
/// line and in a list on standard input. The real binary in tmux.
@Suite struct FormatsEndToEndTests {
  /// The formats, as the list view names them, and the file each is made into.
  static let samples: [(name: String, file: String)] = [
    ("JPEG", "a.jpg"), ("PNG", "b.png"), ("GIF", "c.gif"), ("WebP", "d.webp"),
    ("HEIC", "e.heic"), ("AVIF", "f.avif"), ("TIFF", "g.tif"), ("BMP", "h.bmp"),
    ("JPEG XL", "i.jxl"),
  ]

  /// A folder holding one 64×48 picture of each format, made with Debian's encoders
  /// (`make test-deps` installs them).
  static func folder() async throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-formats-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    let source = folder + "/source.ppm"
    let commands: [[String]] = [
      ["convert", "-size", "64x48", "gradient:red-blue", source],
      ["convert", source, folder + "/a.jpg"],
      ["convert", source, folder + "/b.png"],
      ["convert", source, folder + "/c.gif"],
      ["cwebp", "-quiet", folder + "/b.png", "-o", folder + "/d.webp"],
      ["heif-enc", "-q", "90", folder + "/b.png", "-o", folder + "/e.heic"],
      ["avifenc", folder + "/b.png", folder + "/f.avif"],
      ["convert", source, folder + "/g.tif"],
      ["convert", source, "BMP3:" + folder + "/h.bmp"],
      ["cjxl", "--quiet", folder + "/b.png", folder + "/i.jxl"],
    ]
    for command in commands {
      let made = try await Subprocess.run(command)
      try #require(made.status == 0, "\(command.joined(separator: " ")): \(made.errors)")
    }
    try FileManager.default.removeItem(atPath: source)
    return folder
  }

  @Test func aFolderWithEveryFormatShowsEachAsAPicture() async throws {
    let folder = try await Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try await GalleryEndToEndTests.launch(
      width: 100, height: 30, arguments: "--layout list \(folder)")
    defer { tmux.kill() }
    let screen = try await tmux.waitUntil("every picture decoded") { screen in
      Self.samples.allSatisfy { screen.contains("\($0.name) · 64×48") }
    }
    #expect(!screen.contains("✗"), "no picture is broken:\n\(screen)")
    #expect(screen.contains("9 pictures"))
    try await tmux.sendKeys("q")
    try await GalleryEndToEndTests.expectRestored(tmux, status: 0)
  }

  @Test func filesNamedOnTheCommandLineComeFirstMissingOnesAsBroken() async throws {
    let folder = try await Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let tmux = try await GalleryEndToEndTests.launch(
      width: 100, height: 30,
      arguments: "--layout list \(folder)/e.heic \(folder)/a.jpg \(folder)/gone.png")
    defer { tmux.kill() }
    let screen = try await tmux.waitUntil("the named pictures") { screen in
      screen.contains("HEIC · 64×48") && screen.contains("JPEG · 64×48")
        && screen.contains("No such file")
    }
    #expect(screen.contains("3 pictures"))
    let heic = screen.range(of: "e.heic")
    let jpeg = screen.range(of: "a.jpg")
    #expect(heic != nil && jpeg != nil && heic!.lowerBound < jpeg!.lowerBound, "in the order given")
    try await tmux.sendKeys("q")
    try await GalleryEndToEndTests.expectRestored(tmux, status: 0)
  }

  @Test func aListOnStandardInputWhileKeysComeFromTheTerminal() async throws {
    let folder = try await Self.folder()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let binary = try BuiltProduct.path("gallery")
    let tmux = try await Tmux.start(width: 100, height: 30)
    defer { tmux.kill() }
    try await tmux.run("stty -g > stty.before")
    try await tmux.run(
      "find \(folder) -name '*.gif' -print0 -o -name '*.webp' -print0 | "
        + "TERM=xterm-256color \(binary) --no-cache --layout list -0 -")
    try await tmux.waitUntil("the listed pictures") { screen in
      screen.contains("GIF · 64×48") && screen.contains("WebP · 64×48")
        && screen.contains("2 pictures")
    }
    // Keys reach the gallery from the terminal, not from the finished pipe.
    try await tmux.sendKeys("Down")
    try await tmux.waitUntil("the focus moved") {
      GalleryEndToEndTests.statusLine($0).contains("2/2")
    }
    try await tmux.sendKeys("q")
    try await GalleryEndToEndTests.expectRestored(tmux, status: 0)
  }
}
