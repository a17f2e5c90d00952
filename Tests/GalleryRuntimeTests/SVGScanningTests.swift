import Foundation
import Pictures
import TestSupport
import Testing

@testable import Gallery
@testable import GalleryRuntime

/// SVG drawings are pictures: the scan sniffs them (compressed ones too) and counts none
/// of them as not shown.
@Suite struct SVGScanningTests {
  static let drawing = Array(
    """
    <?xml version="1.0" encoding="UTF-8" standalone="no"?>
    <!-- Created with a drawing program -->

    <svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"><rect width="24" height="24"/></svg>

    """.utf8)

  @Test func aFolderOfIconsIsAFolderOfPictures() async throws {
    let fixture = FolderFixture()
    let plain = fixture.file("icons/home.svg", Self.drawing)
    fixture.file("icons/no-name", Self.drawing)
    fixture.file("icons/UPPER.SVG", Self.drawing)
    fixture.text("icons/broken.svg", "not a drawing\n")
    fixture.text("icons/notes.txt")
    let gzip = try await Subprocess.run(
      ["/bin/sh", "-c", "gzip -nc '\(plain)' > '\(fixture.path("icons/packed.svgz"))'"])
    try #require(gzip.status == 0, "\(gzip.errors)")

    let library = try LibraryScanner(folders: [fixture.path("icons")]).library()
    let section = try #require(library.sections.first)
    let formats = Dictionary(
      uniqueKeysWithValues: section.pictures.map { ($0.fileName, $0.format) })
    #expect(
      formats == [
        "home.svg": .svg, "no-name": .svg, "UPPER.SVG": .svg, "packed.svgz": .svg,
        "broken.svg": nil,
      ])
    #expect(section.skipped.summary == "1 text file", "no SVG drawing among what is not shown")
    #expect(library.stats?.skipped.total == 1)
    #expect(SkippedFiles.kind(ofFileName: "logo.svg") == .other, "a name alone counts nothing")
  }

  /// A drawing written into a watched folder is sniffed the same way.
  @Test func aDrawingPeekedAtIsAPicture() {
    let fixture = FolderFixture()
    let path = fixture.file("new/logo.svg", Self.drawing)
    #expect(sniffPicture(at: path)?.format == .svg)
  }
}
