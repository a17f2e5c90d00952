import Foundation
import TestSupport
import Testing

/// A folder of SVG icons is a folder of pictures: tiles in the grid, each with its
/// format and size in the list, and `svg` in `--print --format json`. The real binary.
@Suite struct SVGEndToEndTests {
  /// Three icons of 24×24 (a compressed one among them) and a text file.
  static func icons() async throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "gallery-icons-\(UUID().uuidString.prefix(8))"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    for (name, colour) in [("home", "red"), ("search", "blue"), ("gear", "green")] {
      let drawing =
        #"<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" width="24" height="24" "#
        + #"viewBox="0 0 24 24"><circle cx="12" cy="12" r="10" fill="\#(colour)"/></svg>"#
      try drawing.write(toFile: "\(folder)/\(name).svg", atomically: true, encoding: .utf8)
    }
    let gzip = try await Subprocess.run(
      [
        "/bin/sh", "-c",
        "gzip -n '\(folder)/gear.svg' && mv '\(folder)/gear.svg.gz' '\(folder)/gear.svgz'",
      ])
    try #require(gzip.status == 0, "\(gzip.errors)")
    try "icons\n".write(toFile: folder + "/README.txt", atomically: true, encoding: .utf8)
    return folder
  }

  @Test func aFolderOfIconsShowsAsTiles() async throws {
    let folder = try await Self.icons()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let grid = try await GalleryEndToEndTests.launch(width: 100, height: 30, arguments: folder)
    defer { grid.kill() }
    let screen = try await grid.waitUntil("three tiles") { screen in
      screen.contains("3 pictures") && screen.contains("home.svg")
        && screen.contains("search.svg") && screen.contains("gear.svgz")
    }
    #expect(!screen.contains("no pictures found"), "\(screen)")
    #expect(!screen.contains("✗"), "no tile is broken:\n\(screen)")
    try await grid.sendKeys("q")
    try await GalleryEndToEndTests.expectRestored(grid, status: 0)

    let list = try await GalleryEndToEndTests.launch(
      width: 100, height: 30, arguments: "--layout list \(folder)")
    defer { list.kill() }
    let rows = try await list.waitUntil("every drawing rendered") { screen in
      screen.components(separatedBy: "SVG · 24×24").count - 1 == 3
    }
    #expect(!rows.contains("✗"), "\(rows)")
    try await list.sendKeys("q")
    try await GalleryEndToEndTests.expectRestored(list, status: 0)
  }

  @Test func printJSONNamesTheFormat() async throws {
    let folder = try await Self.icons()
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let outcome = try await GalleryCommandTests.run(["--print", "--format", "json", folder])
    #expect(outcome.status == 0, "\(outcome.errors)")
    #expect(outcome.output.components(separatedBy: #""format": "svg""#).count - 1 == 3)
    #expect(!outcome.output.contains(#""broken": ""#), "\(outcome.output)")
  }
}
