import CompositionalLayout
import Foundation
import Pictures
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

  /// xterm drops a sixel larger than its largest (1000×1000 by default) whole: the detail
  /// view's picture is asked for within it, centred, and a terminal without a limit, or
  /// pictures in cells, keep the whole width.
  @Test func theDetailPictureFitsTheLargestSixel() throws {
    func box(format: TerminalImage.Format?, largest: PixelSize?) -> (TileSize?, CellRect) {
      var state = GalleryState(
        library: AppFixture.library(), width: 10, height: 10,
        configuration: .init(
          appearance: Appearance(pictureFormat: format, largestPicture: largest)))
      _ = state.update(
        .resize(
          width: 160, height: 50, cellAspect: 2,
          cellPixels: CellPixelSize(width: 8, height: 16)))
      _ = state.update(.key(.enter))
      let want = state.thumbnailWants().first { $0.priority == .detail }
      return (want?.size, state.detailLayout.artRect)
    }
    let (limited, rect) = box(
      format: .sixel, largest: PixelSize(width: 1000, height: 1000))
    #expect(limited == TileSize(columns: 125, rows: 44))
    #expect(rect == CellRect(x: 17, y: 0, width: 125, height: 44))
    let (short, _) = box(format: .sixel, largest: PixelSize(width: 1000, height: 480))
    #expect(short == TileSize(columns: 125, rows: 30))
    #expect(box(format: .sixel, largest: nil).0 == TileSize(columns: 158, rows: 44))
    #expect(
      box(format: nil, largest: PixelSize(width: 1000, height: 1000)).0
        == TileSize(columns: 158, rows: 44))
  }
}
