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

  /// The facts of the brief's picture: camera, lens, exposure and a place.
  static let camera = PictureDetails(
    format: .jpeg, storedSize: PixelSize(width: 6000, height: 4000),
    taken: TakenTime(wallClock: DetailsStateTests.clock("2024-08-03 10:00"), utcOffset: 3600),
    cameraMake: "FUJIFILM", cameraModel: "X100V", lens: "XF23mm F2",
    exposure: Exposure(seconds: 1.0 / 250, fNumber: 2, iso: 800, focalLength: 23),
    position: GPSPosition(latitude: 38.7223, longitude: -9.1393))

  /// The rows under the picture, from its name down, on a screen `width` wide and
  /// 30 high; with a pair's other file when `paired`.
  static func detailRows(width: Int, paired: Bool = false) -> [String] {
    let path = "/photos/Lisbon/DSCF0001.JPG"
    let raw = Picture(
      path: "/photos/Lisbon/DSCF0001.RAF", fileName: "DSCF0001.RAF", byteSize: 30_000_000,
      modificationDate: Date(timeIntervalSince1970: 0), format: nil)
    let picture = Picture(
      path: path, fileName: "DSCF0001.JPG", byteSize: 2_100_000,
      modificationDate: Date(timeIntervalSince1970: 0), format: .jpeg,
      companions: paired ? [raw] : [])
    let library = Library(sections: [
      LibrarySection(
        name: "Lisbon", folder: URL(fileURLWithPath: "/photos/Lisbon"), pictures: [picture])
    ])
    var state = GalleryState(library: library, width: width, height: 30)
    _ = state.update(.key(.enter))
    _ = state.update(.detailsRead(PictureDetailsBatch([path: camera])))
    let rows = GalleryView.render(state).text.split(
      separator: "\n", omittingEmptySubsequences: false)
    return rows.dropFirst(state.detailLayout.artRect.maxY).map {
      String($0.reversed().drop { $0 == " " }.reversed())
    }
  }

  /// No width from 80 to 200 columns cuts a fact of the camera's: those too many for
  /// the `exif` row go on the row under it, the place whole among them.
  @Test(arguments: [80, 90, 100, 110, 120, 140, 160, 200])
  func theCamerasFactsAreNeverCut(width: Int) throws {
    let rows = Self.detailRows(width: width)
    let exif = try #require(rows.firstIndex { $0.hasPrefix(" exif   ") })
    let facts = rows[exif...].prefix { $0.hasPrefix(" exif   ") || $0.hasPrefix("        ") }
    let text = facts.map { String($0.dropFirst(8)) }
    #expect(text.allSatisfy { $0.displayWidth <= width - 9 }, "\(rows)")
    #expect(!text.joined().contains("…"), "room for all: \(rows)")
    let expected = [
      "taken 2024-08-03 10:00 +01:00", "FUJIFILM X100V", "XF23mm F2", "1/250 s", "f/2",
      "ISO 800", "23 mm", "38.7223° N, 9.1393° W",
    ]
    for fact in expected {
      #expect(text.contains { $0.contains(fact) }, "\(fact) at \(width): \(rows)")
    }
    #expect(facts.count == (width - 9 >= 115 ? 1 : 2), "\(rows)")
  }

  /// A pair's other file keeps its row: on a narrow screen the camera's facts that have
  /// no row left are left out whole, and the row says so.
  @Test func aNarrowScreenLeavesFactsOutWholeForAPairsFiles() throws {
    let rows = Self.detailRows(width: 80, paired: true)
    let exif = try #require(rows.first { $0.hasPrefix(" exif   ") })
    #expect(exif.hasSuffix(" …"), "\(rows)")
    #expect(exif.contains("FUJIFILM X100V"), "\(rows)")
    #expect(!exif.contains("9.1393"), "no room for the place, and none of it cut")
    #expect(rows.contains { $0.hasPrefix(" with   DSCF0001.RAF") }, "\(rows)")
    // Wide enough, everything is there.
    let wide = Self.detailRows(width: 160, paired: true)
    #expect(wide.contains { $0.contains("38.7223° N, 9.1393° W") }, "\(wide)")
    #expect(wide.contains { $0.hasPrefix(" with   DSCF0001.RAF") }, "\(wide)")
  }

  @Test func factsBreakBetweenEachOtherOnly() {
    let line = DetailFacts.Line(label: "exif", facts: ["aaaa", "bb", "cccccc"], separator: " · ")
    #expect(DetailFacts.rows(line, width: 20, rows: 3, ellipsis: "…") == ["aaaa · bb · cccccc"])
    #expect(DetailFacts.rows(line, width: 10, rows: 3, ellipsis: "…") == ["aaaa · bb", "cccccc"])
    #expect(DetailFacts.rows(line, width: 4, rows: 3, ellipsis: "…") == ["aaaa", "bb", "cccccc"])
    #expect(DetailFacts.rows(line, width: 10, rows: 1, ellipsis: "…") == ["aaaa …"])
    #expect(DetailFacts.rows(line, width: 12, rows: 1, ellipsis: "…") == ["aaaa · bb …"])
    #expect(DetailFacts.rows(line, width: 10, rows: 0, ellipsis: "…").isEmpty)
  }
}
