import Foundation
import TerminalKit
import Testing

@testable import Gallery

/// The detail view's lines of details under the picture.
@Suite struct DetailViewTests {
  /// A path too long for its line is shortened in the middle, as names are everywhere:
  /// its end, the file's name with the extension, shows.
  @Test func aLongPathIsShortenedInTheMiddle() throws {
    let folder = "/home/me/Pictures/a folder with a long name, far away in 2025 near the sea"
    let picture = Picture(
      path: folder + "/IMG_0001.jpg", fileName: "IMG_0001.jpg", byteSize: 1000,
      modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg)
    let library = Library(sections: [
      LibrarySection(name: "sea", folder: URL(fileURLWithPath: folder), pictures: [picture])
    ])
    var state = GalleryState(library: library, width: 80, height: 24)
    _ = state.update(.key(.enter))
    #expect(state.presentation.mode == .detail)
    let lines = GalleryView.render(state).text.split(separator: "\n").map(String.init)
    let row = try #require(lines.first { $0.hasPrefix(" path") })
    let path = String(row.reversed().drop { $0 == " " }.reversed())
    #expect(path.hasPrefix(" path   /home/me/"), "\(path)")
    #expect(path.contains("…"), "\(path)")
    #expect(path.hasSuffix("sea/IMG_0001.jpg"), "\(path)")
    #expect(path.displayWidth == 79, "the line's last column is the frame's margin")
  }
}
